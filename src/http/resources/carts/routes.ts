/**
 * `/api/v1/carts/`: carts and their items (seed 4.2, contract §5).
 * Reads come straight from D1 in one batch; every change goes through the
 * cart's Durable Object, which serializes it and commits it atomically.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { validateForm, type FormResult } from "../../form";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import { idParams } from "../../ids";
import { envelope, pageRequest } from "../../pagination";
import { count, desc, eq, sql } from "drizzle-orm";
import { namedBatch } from "../../../data/batch";
import { cartViewQueries, cartViewsFrom } from "../../../data/carts/cart-views";
import { oneOrder } from "../../../data/carts/cart-store";
import { cartCreateInputsFrom, cartCreateQueries, insertCart } from "../../../data/carts/cart-create";
import { orders } from "../../../data/schema";
import { serializeCart } from "./serializer";
import type { ChangeErrors } from "../../cart/cart-change";
import { addItemForm, cartCreateForm, changeItemForm } from "./forms";
import type { z } from "zod";

export const cartRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", async (c) => {
    const request = pageRequest(new URL(c.req.url), ["paginate", "limit"]);
    const db = c.var.db;
    const page = db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.state, "cart"))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(request.limit)
      .offset(request.offset);
    const read = await namedBatch(db, {
      counted: db.select({ total: count() }).from(orders).where(eq(orders.state, "cart")),
      carts: cartViewQueries(db, sql`${page}`),
    });
    const total = read.counted[0]?.total ?? 0;
    const data = cartViewsFrom(read.carts);
    const records = data.records.sort((a, b) => b.cart.createdAt.localeCompare(a.cart.createdAt) || b.cart.id - a.cart.id);
    const items = records.map((r) => serializeCart(r.cart, r, data.variants, "list"));
    return c.json(envelope({ path: "/api/v1/carts/", request, total, items }));
  })
  .get("/:id", idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    const read = await namedBatch(c.var.db, { cart: cartViewQueries(c.var.db, oneOrder(id)) });
    const data = cartViewsFrom(read.cart);
    const record = data.records.find((r) => r.cart.state === "cart");
    if (!record) throw notFound(`Cart with id ${id} does not exist.`);
    return c.json(serializeCart(record.cart, record, data.variants, "single"));
  })
  .post("/", async (c) => {
    const form = validateForm(cartCreateForm, c.var.body);
    const db = c.var.db;
    const inputs = cartCreateInputsFrom(await namedBatch(db, cartCreateQueries(db, form.values)));
    if (form.values.customer !== undefined && !inputs.customer) form.fail("customer", MSG.invalid);
    if (form.values.channel !== undefined && !inputs.channel) form.fail("channel", MSG.invalid);
    if (form.values.localeCode !== undefined && inputs.channel && !inputs.channel.locales.includes(form.values.localeCode)) {
      form.fail("localeCode", MSG.invalid);
    }
    form.assertValid();
    const record = await insertCart(db, inputs, form.values.localeCode ?? "");
    return c.json(serializeCart(record.cart, record, new Map(), "single"), 201);
  })
  .delete("/:id", idParams({ id: "Cart" }), async (c) => {
    const { id } = c.req.valid("param");
    await c.var.carts.call(c, id, (stub, caller) => stub.deleteCart(id, caller));
    return c.body(null, 204);
  })
  .post("/:cartId/items", idParams({ cartId: "Cart" }), async (c) => {
    const { cartId } = c.req.valid("param");
    const form = validateForm(addItemForm, c.var.body);
    const reply = await c.var.carts.call(c, cartId, (stub, caller) =>
      stub.addItem(cartId, caller, form.values.variant ?? null, form.valid ? (form.values.quantity ?? null) : null),
    );
    mergeErrors(form, reply.formErrors);
    form.assertValid();
    return c.json(reply.body as object, 201);
  })
  .on(["PUT", "PATCH"], "/:cartId/items/:itemId", idParams({ cartId: "Cart", itemId: "Cart item" }), async (c) => {
    const { cartId, itemId } = c.req.valid("param");
    const form = validateForm(changeItemForm, c.var.body);
    const reply = await c.var.carts.call(c, cartId, (stub, caller) =>
      stub.changeItem(cartId, caller, itemId, form.valid ? (form.values.quantity ?? null) : null),
    );
    mergeErrors(form, reply.formErrors);
    form.assertValid();
    return c.body(null, 204);
  })
  .delete("/:cartId/items/:itemId", idParams({ cartId: "Cart", itemId: "Cart item" }), async (c) => {
    const { cartId, itemId } = c.req.valid("param");
    await c.var.carts.call(c, cartId, (stub, caller) => stub.removeItem(cartId, caller, itemId));
    return c.body(null, 204);
  });

function mergeErrors<S extends z.ZodRawShape>(form: FormResult<S>, errors: ChangeErrors | undefined): void {
  if (!errors) return;
  for (const message of errors.quantity ?? []) form.fail("quantity" as keyof S & string, message);
  for (const message of errors.variant ?? []) form.fail("variant" as keyof S & string, message);
  for (const message of errors.form ?? []) form.failForm(message);
}
