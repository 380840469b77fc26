/** Cart creation: one batch of reads (customer, account, channel, its locales), one insert (with its `cart.created`). */
import { and, eq, sql } from "drizzle-orm";
import type { NewEvent } from "../../domain/events/event";
import { createdCartEventInsert } from "./cart-events";
import { namedBatch, type NamedResults } from "../batch";
import type { Database } from "../db";
import { channels, currencies, customers, locales, orders } from "../schema";
import { cartCustomerQueries, type CartRecord, type CustomerRow, type ShopUserRow } from "./cart-views";

export interface CartCreateInputs {
  customer: CustomerRow | null;
  user: ShopUserRow | null;
  channel: { id: number; code: string; currencyCode: string; locales: string[] } | null;
}

export function cartCreateQueries(db: Database, values: { customer?: string; channel?: string }) {
  const email = (values.customer ?? "").trim().toLowerCase();
  const channel = values.channel ?? "";
  return {
    ...cartCustomerQueries(db, sql`(SELECT c.id FROM ${customers} c WHERE c.email_canonical = ${email})`),
    channels: db
      .select({ id: channels.id, code: channels.code, currencyCode: sql<string>`${currencies.code}`.as("currency_code") })
      .from(channels)
      .innerJoin(currencies, eq(currencies.id, channels.baseCurrencyId))
      .where(and(eq(channels.code, channel), eq(channels.enabled, true))),
    locales: db
      .select({ code: locales.code })
      .from(locales)
      .where(
        sql`${locales.id} IN (
          SELECT cl.locale_id FROM channel_locales cl WHERE cl.channel_id = (SELECT c.id FROM channels c WHERE c.code = ${channel})
          UNION SELECT c.default_locale_id FROM channels c WHERE c.code = ${channel})`,
      ),
  };
}

export function cartCreateInputsFrom(rows: NamedResults<ReturnType<typeof cartCreateQueries>>): CartCreateInputs {
  const channel = rows.channels[0];
  return {
    customer: rows.customers[0] ?? null,
    user: rows.users[0] ?? null,
    channel: channel ? { ...channel, locales: rows.locales.map((l) => l.code) } : null,
  };
}

/**
 * Inserts the cart (its currency is the channel's base currency) and its
 * `cart.created` in the same batch, and returns it, empty. The event's id,
 * href (`created.cartsPath` and the id) and sequence are the new row's,
 * which its insert reads (`createdCartEventInsert`).
 */
export async function insertCart(db: Database, inputs: CartCreateInputs, localeCode: string, created: { event: NewEvent; cartsPath: string }): Promise<CartRecord> {
  const { customer, user, channel } = inputs;
  if (!customer || !channel) throw new Error("insertCart needs a validated customer and channel");
  const { inserted } = await namedBatch(db, {
    inserted: db
      .insert(orders)
      .values({
        customerId: customer.id,
        channelId: channel.id,
        currencyCode: channel.currencyCode,
        localeCode,
        state: "cart",
        checkoutState: "cart",
      })
      .returning({ id: orders.id, createdAt: orders.createdAt, version: orders.version }),
    event: createdCartEventInsert(db, created.event, created.cartsPath),
  });
  const row = inserted[0];
  if (!row) throw new Error("The cart's insert returned no row");
  return {
    cart: {
      id: row.id,
      channelId: channel.id,
      channelCode: channel.code,
      currencyCode: channel.currencyCode,
      localeCode,
      itemsTotal: 0,
      adjustmentsTotal: 0,
      total: 0,
      items: [],
      adjustments: [],
      state: "cart",
      checkoutState: "cart",
      customerId: customer.id,
      createdAt: row.createdAt,
      version: row.version,
    },
    customer,
    user,
    channel: { id: channel.id, code: channel.code },
  };
}
