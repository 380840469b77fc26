/**
 * `/api/v1/checkouts/…`: the checkout steps of a cart,
 * and the coupon of a cart (`PATCH`/`PUT /api/v1/carts/{id}`, row 13). Every
 * step runs in the cart's Durable Object, the cart's one writer until it is
 * placed: 404 → 400 → 409, then recalculation and the automatic skips, in
 * one read batch and one atomic write batch.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { idParams } from "../../ids";
import { describeRoute, type OperationMeta } from "../../openapi/describe";
import { addressingForm, cartCouponForm, completeForm, selectPaymentForm, selectShippingForm } from "./forms";
import { isPlainObject } from "../../form";
import { ValidationError } from "../../errors";
import { MSG } from "../../../domain/messages";
import type { AddressingBody } from "../../../domain/orders";
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

const selectPayment = (method: "put" | "patch", operationId: string): OperationMeta => ({
  method,
  tag,
  operationId,
  summary: "Select the payment method",
  description:
    "Transition `select_payment`. `PUT` clears what it does not send (`Please select a payment method.`); `PATCH` keeps the current method. 409 when the transition is not allowed in the cart's checkout state.",
  form: selectPaymentForm,
  success: { status: 204, description: "Selected; the cart is recalculated." },
  errors: [400, 404, 409, 412, 413],
  conditional: IF_MATCH,
});

const coupon = (method: "put" | "patch", operationId: string): OperationMeta => ({
  method,
  tag: "Carts",
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
  addressing: describeRoute({
    method: "put",
    tag,
    operationId: "checkoutAddressing",
    summary: "Address the cart",
    description:
      "Transition `address` (allowed at every step before completion); then shipping is skipped when nothing needs shipping and payment when the total is 0.",
    form: addressingForm,
    success: { status: 204, description: "Addressed; the cart is recalculated (shipping by the shipping address's zone, taxes by the billing address's)." },
    errors: [400, 404, 409, 412, 413],
    conditional: IF_MATCH,
  }),
  shippingMethods: describeRoute({
    tag,
    operationId: "checkoutShippingMethods",
    summary: "Shipping methods of the cart's shipments",
    description: "One entry per shipment; methods by position with their price for it. 400 unless `select_shipping` is allowed.",
    success: { status: 200, description: "The methods.", schema: ShippingMethods },
    // 400 (not in state for `select_shipping`) is documented for every operation (a malformed bookmark).
    errors: [404],
  }),
  selectShipping: describeRoute({
    method: "put",
    tag,
    operationId: "checkoutSelectShipping",
    summary: "Select the shipping method",
    description: "Transition `select_shipping`; then payment is skipped when the total is 0.",
    form: selectShippingForm,
    success: { status: 204, description: "Selected; the cart is recalculated." },
    errors: [400, 404, 409, 412, 413],
    conditional: IF_MATCH,
  }),
  paymentMethods: describeRoute({
    tag,
    operationId: "checkoutPaymentMethods",
    summary: "Payment methods of the cart's payments",
    description: "One entry per payment; the channel's enabled methods by position. 400 unless `select_payment` is allowed.",
    success: { status: 200, description: "The methods.", schema: PaymentMethods },
    // 400 (not in state for `select_payment`) is documented for every operation (a malformed bookmark).
    errors: [404],
  }),
  selectPayment: describeRoute(selectPayment("put", "checkoutSelectPayment"), selectPayment("patch", "checkoutPatchPayment")),
  complete: describeRoute({
    method: "put",
    tag,
    operationId: "checkoutComplete",
    summary: "Place the order",
    description:
      "Transition `complete`: order number, states, inventory hold (`onHold` += quantity of tracked variants, never beyond `onHand`), promotion and coupon usage, in one atomic write. 400 with the order's problems (disabled product or method, stock); 409 when not allowed (e.g. twice).",
    form: completeForm,
    success: { status: 204, description: "Placed." },
    errors: [400, 404, 409, 412, 413],
    conditional: IF_MATCH,
  }),
  coupon: describeRoute(coupon("put", "putCartCoupon"), coupon("patch", "patchCartCoupon")),
};

/** A body that is not a JSON object is a form-level invalid value. */
function objectBody(body: unknown, field: string): Record<string, unknown> {
  if (isPlainObject(body)) return body;
  throw new ValidationError({ [field]: {} }, [MSG.invalid]);
}

export const checkoutRoutes = new Hono<AppEnv>({ strict: false })
  // GET /checkouts/{id} (the checkout summary) is mounted from ./summary.ts, next to these routes in src/http/api.ts.
  .put("/addressing/:id", docs.addressing, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.var.body as AddressingBody;
    await c.var.carts.call(c, id, (stub, caller) => stub.checkoutStep(id, caller, { kind: "address", body: isPlainObject(body) ? body : {} }), {
      ifMatch: c.req.header("If-Match"),
    });
    return c.body(null, 204);
  })
  .get("/select-shipping/:id", docs.shippingMethods, idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    const reply = await c.var.carts.call(c, id, (stub, caller) => stub.checkoutMethods(id, caller, "shipping_methods"));
    return c.json(reply.body, 200);
  })
  .put("/select-shipping/:id", docs.selectShipping, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.var.body;
    await c.var.carts.call(c, id, (stub, caller) => stub.checkoutStep(id, caller, { kind: "select_shipping", body, patch: false }), {
      ifMatch: c.req.header("If-Match"),
    });
    return c.body(null, 204);
  })
  .get("/select-payment/:id", docs.paymentMethods, idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    const reply = await c.var.carts.call(c, id, (stub, caller) => stub.checkoutMethods(id, caller, "payment_methods"));
    return c.json(reply.body, 200);
  })
  .on(["PUT", "PATCH"], "/select-payment/:id", docs.selectPayment, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.var.body;
    const patch = c.req.method === "PATCH";
    await c.var.carts.call(c, id, (stub, caller) => stub.checkoutStep(id, caller, { kind: "select_payment", body, patch }), {
      ifMatch: c.req.header("If-Match"),
    });
    return c.body(null, 204);
  })
  .put("/complete/:id", docs.complete, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    const body = objectBody(c.var.body, "notes");
    const extra = Object.keys(body).some((k) => k !== "notes");
    const notes = body.notes;
    if (extra || (notes !== undefined && notes !== null && typeof notes !== "string")) {
      throw new ValidationError({ notes: typeof notes === "string" || notes === undefined || notes === null ? {} : { errors: [MSG.invalid] } }, extra ? [MSG.extraFields] : []);
    }
    await c.var.carts.call(c, id, (stub, caller) => stub.checkoutStep(id, caller, { kind: "complete", notes: typeof notes === "string" ? notes : null }), {
      ifMatch: c.req.header("If-Match"),
    });
    return c.body(null, 204);
  });

/** `PATCH`/`PUT /api/v1/carts/{id}`: the cart's coupon (mounted under `/carts`). */
export const cartCouponRoutes = new Hono<AppEnv>({ strict: false }).on(["PUT", "PATCH"], "/:id", docs.coupon, idParams({ id: "Cart" }), async (c) => {
  const { id } = c.req.valid("param");
  const body = objectBody(c.var.body, "promotionCoupon");
  const extra = Object.keys(body).some((k) => k !== "promotionCoupon");
  const value = body.promotionCoupon;
  if (extra || (value !== undefined && value !== null && typeof value !== "string")) {
    throw new ValidationError(
      { promotionCoupon: value === undefined || value === null || typeof value === "string" ? {} : { errors: [MSG.invalid] } },
      extra ? [MSG.extraFields] : [],
    );
  }
  // PUT clears what it does not send; PATCH keeps it.
  const code = value === undefined ? (c.req.method === "PUT" ? null : undefined) : value;
  await c.var.carts.call(c, id, (stub, caller) => stub.checkoutStep(id, caller, { kind: "coupon", code }), { ifMatch: c.req.header("If-Match") });
  return c.body(null, 204);
});
