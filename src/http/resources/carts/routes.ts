/**
 * `/api/v1/carts/`: carts (list, get, create, delete) and their items (add, change quantity, remove).
 * Reads come straight from D1 in one batch; every change goes through the
 * cart's Durable Object, which serializes it and commits it atomically.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { validateForm, type FormResult } from "../../form";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import { idParams } from "../../ids";
import { addedItemJson } from "../../cart-gateway";
import { cursorAfter, envelope, pageRequest, withCursor, type Sorting } from "../../pagination";
import { pageQueries, sortOrder } from "../../../data/list-page";
import { readPage } from "../../list-page";
import { firstBatch } from "../../first-batch";
import { cartViewOfOrder, cartViewQueries, cartViewsFrom, unplacedCarts } from "../../../data/carts/cart-views";
import { cartCreateInputsFrom, cartCreateQueries, insertCart } from "../../../data/carts/cart-create";
import { newCartId } from "../../../data/carts/cart-events";
import { CARTS_PATH, cartCreated, NEW_CART } from "../../../domain/events/lifecycle";
import { orders } from "../../../data/schema";
import { serializeViewedCart, viewedCartJson } from "./serializer";
import { cartRecordEtag } from "./etag";
import { taggedJsonText } from "../../conditional";
import { cartReadAnswer, cartReadStart } from "./read-cache";
import { JsonSplicer, jsonText } from "../../serializers/json-splice";
import type { ChangeErrors } from "../../../domain/cart/cart-change";
import { addItemForm, cartCreateForm, changeItemForm, requireQuantity } from "./forms";
import type { z } from "zod";
import { describeRoute, type OperationMeta } from "../../openapi/describe";
import { Cart, CartItem, CartPage } from "./schemas";
import { fixedOrderList, taggedGet } from "../shared/order-docs";

const tag = "Carts";

/** The cart list's one order (a cursor walks it). */
const CART_SORTING: Sorting<"createdAt"> = { field: "createdAt", direction: "desc" };

/** Item changes may be conditional on the cart's `ETag` (compared by the cart's object, atomically with the change). */
const IF_MATCH = { precondition: "If-Match" } as const;

const changeItem = (method: "put" | "patch", operationId: string): OperationMeta => ({
  method,
  tag,
  scope: "carts:write",
  operationId,
  summary: "Change an item's quantity",
  description: 'The body is exactly `{"quantity": n}`. The cart is recalculated.',
  form: changeItemForm,
  success: { status: 204, description: "Changed." },
  errors: [400, 404, 413],
  conditional: IF_MATCH,
});

/** The operations' documentation (see describeRoute). */
const docs = {
  list: describeRoute(
    fixedOrderList({ tag, scope: "carts:read", description: "Only orders in state `cart`, newest first.", page: CartPage, order: "createdAt desc", paginate: true }),
  ),
  create: describeRoute({
    tag,
    scope: "carts:write",
    operationId: "createCart",
    summary: "Create a cart",
    description:
      "An administrative operation. `currencyCode` is the channel's base currency. A cart left unchanged for the configured period (`CART_TTL`, 2 days by default) is deleted, as `DELETE` deletes it; reading it does not count as a change.",
    form: cartCreateForm,
    success: { status: 201, description: "The new cart (no items, totals 0, `checkoutState` `cart`).", schema: Cart },
    errors: [400, 413],
    conditional: { etag: true },
  }),
  get: describeRoute(
    taggedGet({
      tag,
      scope: "carts:read",
      operationId: "getCart",
      summary: "Get a cart",
      description:
        "With a strong `ETag`, which changes with the cart and with what it shows of its customer and its items' variants; `If-None-Match` answers 304 when it still matches.",
      item: Cart,
      itemDescription: "The cart.",
    }),
  ),
  delete: describeRoute({
    tag,
    scope: "carts:write",
    operationId: "deleteCart",
    summary: "Delete a cart",
    description: "Its items, units and adjustments go with it.",
    success: { status: 204, description: "Deleted." },
    errors: [404],
  }),
  addItem: describeRoute({
    tag,
    scope: "carts:write",
    operationId: "addCartItem",
    summary: "Add an item to a cart",
    description:
      "Adding a variant already in the cart increases that item's quantity. The cart is recalculated (prices, shipping, promotions, taxes). At most 500 distinct items.",
    form: addItemForm,
    success: { status: 201, description: "The item (new or increased).", schema: CartItem },
    errors: [400, 404, 413],
    conditional: IF_MATCH,
  }),
  changeItem: describeRoute(changeItem("put", "changeCartItem"), changeItem("patch", "patchCartItem")),
  removeItem: describeRoute({
    tag,
    scope: "carts:write",
    operationId: "removeCartItem",
    summary: "Remove an item from a cart",
    success: { status: 204, description: "Removed." },
    errors: [404],
    conditional: IF_MATCH,
  }),
};

export const cartRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", docs.list, async (c) => {
    const url = new URL(c.req.url);
    const request = withCursor(pageRequest(url, ["paginate", "limit"]), url, CART_SORTING);
    const db = c.get("db");
    // Total from the `carts` counter; ids on `orders_state_created` (see data/list-page.ts).
    const page = pageQueries(db, orders, unplacedCarts(), sortOrder(orders.createdAt, orders.id, "desc"), request, {
      counter: { scope: "carts" },
      keyset: request.cursor === undefined ? undefined : { key: orders.createdAt, direction: "desc", nullable: false, after: request.cursor ?? undefined },
    });
    const read = await readPage(c, page, request, (ids) => cartViewQueries(db, ids));
    const total = read.counted[0]?.total ?? 0;
    const data = cartViewsFrom(read.views, undefined, c.get("viewRefills"));
    const records = data.records.sort((a, b) => b.cart.createdAt.localeCompare(a.cart.createdAt) || b.cart.id - a.cart.id);
    const splicer = new JsonSplicer();
    const items = records.map((r) => serializeViewedCart(r.cart, r, data.variants, "list", splicer));
    const next = cursorAfter(CART_SORTING, read.counted[0]?.next);
    return jsonText(c, splicer.stringify(envelope({ path: "/api/v1/carts/", request, total, items, next })));
  })
  .get("/:id", docs.get, idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    const start = cartReadStart(id);
    const read = await firstBatch(c, { cart: cartViewOfOrder.bind(c.get("db"), { id, keptVersion: start.keptVersion, heldViews: start.heldViews }) });
    // The same rows as the last read of this cart give its kept body and tag (read-cache.ts).
    const answer = await cartReadAnswer(id, read.cart, c.get("viewRefills"), start);
    if (!answer) throw notFound(`Cart with id ${id} does not exist.`);
    return taggedJsonText(c, answer.etag, answer.body);
  })
  .post("/", docs.create, async (c) => {
    const form = validateForm(cartCreateForm, c.get("body"));
    const db = c.get("db");
    const inputs = cartCreateInputsFrom(await firstBatch(c, cartCreateQueries(db, form.values)));
    if (form.values.customer !== undefined && !inputs.customer) form.fail("customer", MSG.invalid);
    if (form.values.channel !== undefined && !inputs.channel) form.fail("channel", MSG.invalid);
    if (form.values.localeCode !== undefined && inputs.channel && !inputs.channel.locales.includes(form.values.localeCode)) {
      form.fail("localeCode", MSG.invalid);
    }
    form.assertValid();
    // A keyed create's record names the new cart, which a replay re-renders: the largest order id once the
    // cart is inserted (not `last_insert_rowid()`, which its `cart.created` insert moves).
    c.get("idempotency")?.locate(newCartId());
    const auth = c.get("auth");
    if (!auth || !inputs.customer || !inputs.channel) throw new Error("A valid create has its principal, customer and channel");
    // Its id, href and version are the new row's, which the event's insert reads (cart-events.ts).
    const facts = { ...NEW_CART, id: 0, currencyCode: inputs.channel.currencyCode, customerEmail: inputs.customer.email };
    const event = cartCreated(facts, 1, { clientId: auth.clientId, userId: auth.userId });
    const record = await insertCart(db, inputs, form.values.localeCode ?? "", { event, cartsPath: CARTS_PATH });
    // Committed: the cart's expiry period starts, in its object (no D1 round trip).
    await c.get("carts").armExpiry(c, record.cart.id);
    return jsonText(c, viewedCartJson(record, new Map()), 201, { ETag: await cartRecordEtag(record, new Map()) });
  })
  .delete("/:id", docs.delete, idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    await c.get("carts").call(c, id, (stub, caller) => stub.deleteCart(id, caller));
    return c.body(null, 204);
  })
  .post("/:cartId/items", docs.addItem, idParams({ cartId: "Cart" }), async (c) => {
    const { cartId } = c.req.valid("param");
    const form = validateForm(addItemForm, c.get("body"));
    const reply = await c.get("carts").callForm(
      c,
      cartId,
      (stub, caller) => stub.addItem(cartId, caller, form.values.variant ?? null, form.valid ? (form.values.quantity ?? null) : null),
      { ifMatch: c.req.header("If-Match") },
    );
    if (reply.outcome === "form") mergeErrors(form, reply.formErrors);
    form.assertValid();
    if (reply.outcome !== "done" || reply.body === null) throw new Error("An add that passed validation answers its item");
    return c.json(addedItemJson(reply.body), 201);
  })
  .on(["PUT", "PATCH"], "/:cartId/items/:itemId", docs.changeItem, idParams({ cartId: "Cart", itemId: "Cart item" }), async (c) => {
    const { cartId, itemId } = c.req.valid("param");
    const form = validateForm(changeItemForm, c.get("body"));
    requireQuantity(form, c.get("body"));
    const reply = await c.get("carts").callForm(
      c,
      cartId,
      (stub, caller) => stub.changeItem(cartId, caller, itemId, form.valid ? (form.values.quantity ?? null) : null),
      { ifMatch: c.req.header("If-Match") },
    );
    if (reply.outcome === "form") mergeErrors(form, reply.formErrors);
    form.assertValid();
    return c.body(null, 204);
  })
  .delete("/:cartId/items/:itemId", docs.removeItem, idParams({ cartId: "Cart", itemId: "Cart item" }), async (c) => {
    const { cartId, itemId } = c.req.valid("param");
    await c.get("carts").call(c, cartId, (stub, caller) => stub.removeItem(cartId, caller, itemId), { ifMatch: c.req.header("If-Match") });
    return c.body(null, 204);
  });

function mergeErrors<S extends z.ZodRawShape>(form: FormResult<S>, errors: ChangeErrors): void {
  for (const message of errors.quantity ?? []) form.fail("quantity", message);
  for (const message of errors.variant ?? []) form.fail("variant", message);
  for (const message of errors.form ?? []) form.failForm(message);
}
