/**
 * Errors the data layer raises. It knows nothing of HTTP: the app's one
 * `onError` turns each into its response (an `InUseError` is a 409).
 */

/** A row could not be deleted because other rows still reference it. */
export class InUseError extends Error {
  override readonly name = "InUseError";
}
