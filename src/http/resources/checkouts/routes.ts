/**
 * `/api/v1/checkouts/…`: the checkout steps of a cart,
 * and the coupon of a cart (`PATCH`/`PUT /api/v1/carts/{id}`, row 13). Every
 * step runs in the cart's Durable Object, the cart's one writer until it is
 * placed: 404 → 400 → 409, then recalculation and the automatic skips, in
 * one read batch and one atomic write batch.
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { idParams } from "../../ids";
import { describeRoute, type OperationMeta } from "../../openapi/describe";
import { addressingForm, cartCouponForm, completeForm, selectPaymentForm, selectShippingForm } from "./forms";
import { isPlainObject } from "../../form";
import { ValidationError } from "../../errors";
import { MSG } from "../../../domain/messages";
import type { AddressingBody } from "../../../domain/orders";
import type { CheckoutStep } from "../../../cart/checkout-step";
import { z } from "zod";
import { component } from "../../openapi/common";

const tag = "Checkouts";

/** Steps may be conditional on the cart's `ETag` (compared by the cart's object, atomically with the step). */
const IF_MATCH = { precondition: "If-Match" } as const;

const ShippingMethods = component("CheckoutShippingMethods", z.object({
  shipments: z.array(
    z.object({ methods: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), description: z.string().optional(), price: z.number() })) }),
  ),
}), "The shipping methods each shipment of the cart may take, with their price for it.");
const PaymentMethods = component(
  "CheckoutPaymentMethods",
  z.object({
    payments: z.array(z.object({ methods: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), description: z.string().optional() })) })),
  }),
  "The payment methods each payment of the cart may take.",
);

/** A step's operation: its form, then 204; 409 when its transition is not allowed; conditional on the cart's `ETag`. */
const step = (
  method: "put" | "patch",
  operation: Required<Pick<OperationMeta, "operationId" | "summary" | "description" | "form">> & { done: string },
): OperationMeta => ({
  method,
  tag,
  scope: "carts:write",
  operationId: operation.operationId,
  summary: operation.summary,
  description: operation.description,
  form: operation.form,
  success: { status: 204, description: operation.done },
  errors: [400, 404, 409, 412, 413],
  conditional: IF_MATCH,
});

const selectPayment = (method: "put" | "patch", operationId: string): OperationMeta =>
  step(method, {
    operationId,
    summary: "Select the payment method",
    description:
      "Transition `select_payment`. `PUT` clears what it does not send (`Please select a payment method.`); `PATCH` keeps the current method. 409 when the transition is not allowed in the cart's checkout state.",
    form: selectPaymentForm,
    done: "Selected; the cart is recalculated.",
  });

const coupon = (method: "put" | "patch", operationId: string): OperationMeta => ({
  method,
  tag: "Carts",
  scope: "carts:write",
  operationId,
  summary: "Apply or remove a promotion coupon",
  description:
    "`{\"promotionCoupon\": code}` applies a coupon of a coupon-based promotion (unknown, unusable or of another channel: `This value is not valid.`); `null` or `\"\"` removes it; `PUT` without the field removes it too, `PATCH` without it keeps it. The cart is recalculated.",
  form: cartCouponForm,
  success: { status: 204, description: "Applied; the cart is recalculated." },
  errors: [400, 404, 412, 413],
  conditional: IF_MATCH,
});

const docs = {
  addressing: describeRoute(
    step("put", {
      operationId: "checkoutAddressing",
      summary: "Address the cart",
      description:
        "Transition `address` (allowed at every step before completion); then shipping is skipped when nothing needs shipping and payment when the total is 0.",
      form: addressingForm,
      done: "Addressed; the cart is recalculated (shipping by the shipping address's zone, taxes by the billing address's).",
    }),
  ),
  shippingMethods: describeRoute({
    tag,
    scope: "carts:read",
    operationId: "checkoutShippingMethods",
    summary: "Shipping methods of the cart's shipments",
    description: "One entry per shipment; methods by position with their price for it. 400 unless `select_shipping` is allowed.",
    success: { status: 200, description: "The methods.", schema: ShippingMethods },
    // 400 (not in state for `select_shipping`) is documented for every operation (a malformed bookmark).
    errors: [404],
  }),
  selectShipping: describeRoute(
    step("put", {
      operationId: "checkoutSelectShipping",
      summary: "Select the shipping method",
      description: "Transition `select_shipping`; then payment is skipped when the total is 0.",
      form: selectShippingForm,
      done: "Selected; the cart is recalculated.",
    }),
  ),
  paymentMethods: describeRoute({
    tag,
    scope: "carts:read",
    operationId: "checkoutPaymentMethods",
    summary: "Payment methods of the cart's payments",
    description: "One entry per payment; the channel's enabled methods by position. 400 unless `select_payment` is allowed.",
    success: { status: 200, description: "The methods.", schema: PaymentMethods },
    // 400 (not in state for `select_payment`) is documented for every operation (a malformed bookmark).
    errors: [404],
  }),
  selectPayment: describeRoute(selectPayment("put", "checkoutSelectPayment"), selectPayment("patch", "checkoutPatchPayment")),
  complete: describeRoute(
    step("put", {
      operationId: "checkoutComplete",
      summary: "Place the order",
      description:
        "Transition `complete`: order number, states, inventory hold (`onHold` += quantity of tracked variants, never beyond `onHand`), promotion and coupon usage, in one atomic write. 400 with the order's problems (disabled product or method, stock); 409 when not allowed (e.g. twice).",
      form: completeForm,
      done: "Placed.",
    }),
  ),
  coupon: describeRoute(coupon("put", "putCartCoupon"), coupon("patch", "patchCartCoupon")),
};

/**
 * The one text field of a body that has no other: a body that is not a JSON
 * object is a form-level invalid value, another key is an extra field, a
 * value that is no text (nor null) fails the field.
 */
function oneTextField(body: unknown, field: string): string | null | undefined {
  if (!isPlainObject(body)) throw new ValidationError({ [field]: {} }, [MSG.invalid]);
  const extra = Object.keys(body).some((k) => k !== field);
  const value: unknown = body[field];
  if (value !== undefined && value !== null && typeof value !== "string") {
    throw new ValidationError({ [field]: { errors: [MSG.invalid] } }, extra ? [MSG.extraFields] : []);
  }
  if (extra) throw new ValidationError({ [field]: {} }, [MSG.extraFields]);
  return value;
}

/** Runs `step` in the cart's object, compared with the request's `If-Match` there: 204. */
async function runStep(c: Context<AppEnv>, id: number, step: CheckoutStep) {
  await c.var.carts.call(c, id, (stub, caller) => stub.checkoutStep(id, caller, step), { ifMatch: c.req.header("If-Match") });
  return c.body(null, 204);
}

export const checkoutRoutes = new Hono<AppEnv>({ strict: false })
  // GET /checkouts/{id} (the checkout summary) is mounted from ./summary.ts, next to these routes in src/http/api.ts.
  .put("/addressing/:id", docs.addressing, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- AddressingBody's fields are all optional `unknown`, checked by checkAddressing in the cart object
    const body = c.var.body as AddressingBody;
    return runStep(c, id, { kind: "address", body: isPlainObject(body) ? body : {} });
  })
  .get("/select-shipping/:id", docs.shippingMethods, idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    const reply = await c.var.carts.call(c, id, (stub, caller) => stub.checkoutMethods(id, caller, "shipping_methods"));
    return c.json(reply.body, 200);
  })
  .put("/select-shipping/:id", docs.selectShipping, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    return runStep(c, id, { kind: "select_shipping", body: c.var.body, patch: false });
  })
  .get("/select-payment/:id", docs.paymentMethods, idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    const reply = await c.var.carts.call(c, id, (stub, caller) => stub.checkoutMethods(id, caller, "payment_methods"));
    return c.json(reply.body, 200);
  })
  .on(["PUT", "PATCH"], "/select-payment/:id", docs.selectPayment, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    return runStep(c, id, { kind: "select_payment", body: c.var.body, patch: c.req.method === "PATCH" });
  })
  .put("/complete/:id", docs.complete, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    const notes = oneTextField(c.var.body, "notes");
    return runStep(c, id, { kind: "complete", notes: notes ?? null });
  });

/** `PATCH`/`PUT /api/v1/carts/{id}`: the cart's coupon (mounted under `/carts`). */
export const cartCouponRoutes = new Hono<AppEnv>({ strict: false }).on(["PUT", "PATCH"], "/:id", docs.coupon, idParams({ id: "Cart" }), async (c) => {
  const { id } = c.req.valid("param");
  const value = oneTextField(c.var.body, "promotionCoupon");
  // PUT clears what it does not send; PATCH keeps it.
  return runStep(c, id, { kind: "coupon", code: value === undefined ? (c.req.method === "PUT" ? null : undefined) : value });
});
