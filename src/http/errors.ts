/**
 * Every error response of the API is made here, so each has one shape:
 * `{code, message}` (FOSRest style), the form-error shape for validation
 * failures, and the OAuth2 shapes for authentication.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Context } from "hono";

/**
 * One child of a form: its errors, and its own children when it is a
 * compound form (a translation per locale...). A collection's entries (or an
 * expanded choice's choices) are a list when their keys are 0..n-1, as
 * FOSRest renders a PHP list (`FormResult` turns them into one).
 */
// A type (not an interface): it must be assignable to the documented schema's index signatures.
export type FormChild = {
  errors?: string[];
  children?: Record<string, FormChild> | FormChild[];
};

export type FormChildren = Record<string, FormChild>;

export interface FormErrorBody {
  code: 400;
  message: "Validation Failed";
  errors: { errors?: string[]; children: FormChildren };
}

/** An error that is an HTTP response: thrown anywhere, rendered by `onError`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === "object" && body && "message" in body ? String(body.message) : `HTTP ${status}`);
  }

  /** A refused token's client (public id), for the access log only: never part of the answer. */
  client?: string;
}

/** The error as the response it stands for: its JSON body, status and headers. */
export const errorResponse = (c: Context, error: HttpError) =>
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Every HttpError body is a JSON object (built by the helpers below, or a cart object's error reply).
  c.json(error.body as object, error.status, error.headers);

export const apiError = (status: ContentfulStatusCode, message: string, headers?: Record<string, string>) =>
  new HttpError(status, { code: status, message }, headers);

export const notFound = (message = "Not Found") => apiError(404, message);
export const conflict = (message: string) => apiError(409, message);
export const badRequest = (message: string) => apiError(400, message);

export const INVALID_JSON = "Invalid JSON body.";
export const INTERNAL_ERROR = "Internal server error.";

/** A failed form: `children` lists every field of the form, in form order. */
export class ValidationError extends HttpError {
  constructor(children: FormChildren, formErrors: string[] = []) {
    const errors: FormErrorBody["errors"] = formErrors.length
      ? { errors: formErrors, children }
      : { children };
    super(400, { code: 400, message: "Validation Failed", errors } satisfies FormErrorBody);
  }
}

/** RFC 6750 bearer-token failures, in the FOSOAuthServer wording Sylius clients expect. */
export const authError = {
  missing: () =>
    new HttpError(
      401,
      { error: "access_denied", error_description: "OAuth2 authentication required" },
      { "WWW-Authenticate": 'Bearer realm="Service", error="access_denied", error_description="OAuth2 authentication required"' },
    ),
  invalid: () =>
    new HttpError(
      401,
      { error: "invalid_grant", error_description: "The access token provided is invalid." },
      { "WWW-Authenticate": 'Bearer realm="Service", error="invalid_grant", error_description="The access token provided is invalid."' },
    ),
  expired: () =>
    new HttpError(
      401,
      { error: "invalid_grant", error_description: "The access token provided has expired." },
      { "WWW-Authenticate": 'Bearer realm="Service", error="invalid_grant", error_description="The access token provided has expired."' },
    ),
  /**
   * A valid token without the scope the operation needs (RFC 6750 §3.1):
   * the contract's `{code, message}` naming it. Said before the resource is
   * looked up, so it never tells whether the resource exists.
   */
  insufficientScope: (scope: string) =>
    new HttpError(
      403,
      { code: 403, message: `Access denied: this operation needs the scope "${scope}", which the access token does not hold.` },
      { "WWW-Authenticate": `Bearer realm="Service", error="insufficient_scope", scope="${scope}"` },
    ),
};

/** RFC 6749 §5.2 token endpoint errors. */
export const oauthError = (
  error: "invalid_request" | "invalid_grant" | "unsupported_grant_type" | "invalid_client" | "unauthorized_client" | "invalid_scope",
  description: string,
) => new HttpError(error === "invalid_client" ? 401 : 400, { error, error_description: description });
