/**
 * The cart object's refusals as typed outcomes: what an operation refuses
 * and why, never an HTTP reply. The HTTP gateway (src/http/cart-gateway.ts)
 * alone renders them, in the contract's shapes.
 */
import type { ChangeErrors } from "../domain/cart/cart-change";

/** Why an operation changed nothing. */
export type Refusal =
  /** The cart, order, item or line does not exist (its message names it). */
  | { kind: "not-found"; message: string }
  /** The request asks for what the resource's state cannot give (a method list before its checkout step). */
  | { kind: "bad-request"; message: string }
  /** A transition the state machines refuse, or rows that moved under the decision. */
  | { kind: "conflict"; message: string }
  /** `If-Match` does not match the resource's current tag. */
  | { kind: "precondition-failed" }
  /** A checkout form's errors: its fields' nested children (FOSRest's shape), and the form's own errors. */
  | { kind: "form-errors"; children: Record<string, unknown>; errors: string[] }
  /** The caller's `Idempotency-Key` is recorded for another request (method, path or body). */
  | { kind: "key-reused" }
  /** A request with the caller's `Idempotency-Key` is still queued or running in this object. */
  | { kind: "key-in-flight" };

/** The status each refusal is answered with (the gateway's rendering, and the object's log line). */
export const REFUSAL_STATUS: Readonly<Record<Refusal["kind"], 400 | 404 | 409 | 412 | 422>> = {
  "not-found": 404,
  "bad-request": 400,
  conflict: 409,
  "precondition-failed": 412,
  "form-errors": 400,
  "key-reused": 422,
  "key-in-flight": 409,
};

/** A refusal, thrown from anywhere in an operation; the runner answers it as the operation's outcome. */
export class CartRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind);
  }
}

/**
 * An item change's form fails on what only data can tell (the variant, a
 * blocked cart): its errors, which the worker merges with its own form's
 * (the object answers them as the `form` outcome).
 */
export class ItemFormRefusal extends Error {
  constructor(readonly errors: ChangeErrors) {
    super("item-form");
  }
}

export const refuse = {
  notFound: (message: string) => new CartRefusal({ kind: "not-found", message }),
  badRequest: (message: string) => new CartRefusal({ kind: "bad-request", message }),
  conflict: (message: string) => new CartRefusal({ kind: "conflict", message }),
  preconditionFailed: () => new CartRefusal({ kind: "precondition-failed" }),
  form: (children: Record<string, unknown>, errors: string[] = []) => new CartRefusal({ kind: "form-errors", children, errors }),
  itemForm: (errors: ChangeErrors) => new ItemFormRefusal(errors),
  keyReused: () => new CartRefusal({ kind: "key-reused" }),
  keyInFlight: () => new CartRefusal({ kind: "key-in-flight" }),
};
