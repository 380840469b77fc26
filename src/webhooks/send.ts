/**
 * One delivery attempt: the event's JSON POSTed to the endpoint with the
 * Standard Webhooks headers, 15 seconds at most, redirects not followed (a
 * 3xx is a failure: the URL the endpoint was registered with is where
 * events go). 2xx is success; anything else, or no answer, a failure.
 */
import { openSecret } from "../domain/webhooks/secret-box";
import { webhookHeaders } from "../domain/webhooks/signature";
import type { WebhookEndpointRow } from "../data/webhook-deliveries";

export const DELIVERY_TIMEOUT_MS = 15_000;
/** The longest `lastError` kept. */
const ERROR_MAX = 500;

export interface SendOutcome {
  ok: boolean;
  /** The HTTP status answered (null: none: a timeout, a refused connection). */
  status: number | null;
  error: string | null;
}

/** The secrets that sign for `endpoint` now: the current one, and the previous one until its day is over. */
export async function signingSecrets(secretsKey: string, endpoint: WebhookEndpointRow, nowSeconds: number): Promise<string[]> {
  const secrets = [await openSecret(secretsKey, endpoint.secret)];
  if (endpoint.previousSecret !== null && endpoint.previousSecretUntil !== null && endpoint.previousSecretUntil > nowSeconds) {
    secrets.push(await openSecret(secretsKey, endpoint.previousSecret));
  }
  return secrets;
}

/** POSTs `body` (the event's JSON) to `url`, signed by `secrets` with the id `id` at `nowSeconds`. */
export async function postEvent(url: string, secrets: readonly string[], id: string, body: string, nowSeconds: number): Promise<SendOutcome> {
  const headers = await webhookHeaders(secrets, id, nowSeconds, body);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "sylius-edge-backoffice-webhooks/1", ...headers },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // The answer's body is not read: only the status counts.
    await response.body?.cancel();
    const status = response.status;
    if (status >= 200 && status < 300) return { ok: true, status, error: null };
    const error = status >= 300 && status < 400 ? `Redirect (HTTP ${status}) not followed` : `HTTP ${status}`;
    return { ok: false, status, error };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, status: null, error: timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : String(error).slice(0, ERROR_MAX) };
  }
}
