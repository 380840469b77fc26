/**
 * Which table feeds which list's `total` in `list_counts` (its scope and
 * owner), kept by SQLite in the statement that inserts, deletes or moves a
 * row, whoever runs it (the service, `wrangler d1 execute`, an import).
 * A scope is the table's name, except the orders' split into `carts` and
 * `orders`. The migration that adds a counter also backfills its rows (an
 * `INSERT INTO list_counts ... SELECT count(*)`): a trigger keeps a count, it
 * does not make one.
 */
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  adminUsers,
  channels,
  customerGroups,
  customers,
  exchangeRates,
  orders,
  paymentMethods,
  payments,
  productAssociationTypes,
  productAttributes,
  productOptions,
  productReviews,
  products,
  productVariants,
  promotionCoupons,
  promotions,
  shipments,
  shippingCategories,
  shippingMethods,
  taxCategories,
  taxons,
  taxRates,
  zones,
} from "../schema";
import { col, ref, tableName, type Trigger } from "./trigger";

export type ListCounter =
  /** Every row of the table counts, in the list named after it (owner 0). */
  | { kind: "table"; table: SQLiteTable }
  /** The rows not in state `cart` count (a cart's payment and shipment are not listed). */
  | { kind: "placed"; table: SQLiteTable; state: SQLiteColumn }
  /** Rows in state `cart` count in `carts`, the others in `orders`. */
  | { kind: "cartsAndOrders"; table: SQLiteTable; state: SQLiteColumn }
  /**
   * A nested list: one total per owner (the value of `owner`); `droppedWith`,
   * the owner's key, drops the owner's total with the owner.
   */
  | { kind: "perOwner"; table: SQLiteTable; owner: SQLiteColumn; droppedWith?: SQLiteColumn };

const whole = (table: SQLiteTable): ListCounter => ({ kind: "table", table });

export const LIST_COUNTERS: ListCounter[] = [
  whole(taxCategories),
  whole(shippingCategories),
  whole(channels),
  whole(customers),
  whole(productOptions),
  whole(taxRates),
  whole(paymentMethods),
  whole(promotions),
  whole(shippingMethods),
  whole(products),
  whole(zones),
  { kind: "cartsAndOrders", table: orders, state: orders.state },
  { kind: "placed", table: payments, state: payments.state },
  { kind: "placed", table: shipments, state: shipments.state },
  { kind: "perOwner", table: productVariants, owner: productVariants.productId, droppedWith: products.id },
  { kind: "perOwner", table: promotionCoupons, owner: promotionCoupons.promotionId, droppedWith: promotions.id },
  whole(taxons),
  whole(productAttributes),
  whole(adminUsers),
  whole(productAssociationTypes),
  // A product's reviews go with it (ON DELETE CASCADE), each delete counting down: its total stays, at 0.
  { kind: "perOwner", table: productReviews, owner: productReviews.productId },
  whole(exchangeRates),
  whole(customerGroups),
];

const CART = "'cart'";

/** `UPDATE list_counts SET total = total ± 1 WHERE scope = <scope> AND owner = <owner>`. */
const step = (delta: "+ 1" | "- 1", scope: string, owner = "0") =>
  `UPDATE \`list_counts\` SET \`total\` = \`total\` ${delta} WHERE \`scope\` = ${scope} AND \`owner\` = ${owner};`;

/** One more in an owner's total, its row made if missing. */
const upsertOne = (scope: string, owner: string) =>
  `INSERT INTO \`list_counts\` (\`scope\`, \`owner\`, \`total\`) VALUES (${scope}, ${owner}, 1) ON CONFLICT (\`scope\`, \`owner\`) DO UPDATE SET \`total\` = \`total\` + 1;`;

const oneLine = (name: string, head: string, body: string): Trigger => ({ name, sql: `CREATE TRIGGER \`${name}\` ${head} BEGIN ${body} END` });
const multiLine = (name: string, head: string, body: string[]): Trigger => ({
  name,
  sql: `CREATE TRIGGER \`${name}\` ${head} BEGIN\n${body.map((line) => `  ${line}`).join("\n")}\nEND`,
});

/** A `state` column's move in or out of `cart`. */
const crossesCart = (state: SQLiteColumn) => `WHEN (${ref("OLD", state)} = ${CART}) <> (${ref("NEW", state)} = ${CART})`;

function triggersOf(counter: ListCounter): Trigger[] {
  const table = tableName(counter.table);
  const on = `ON \`${table}\``;
  const name = (suffix: string) => `list_counts_${table}_${suffix}`;
  const scope = `'${table}'`;
  switch (counter.kind) {
    case "table":
      return [oneLine(name("insert"), `AFTER INSERT ${on}`, step("+ 1", scope)), oneLine(name("delete"), `AFTER DELETE ${on}`, step("- 1", scope))];
    case "placed": {
      const { state } = counter;
      return [
        oneLine(name("insert"), `AFTER INSERT ${on} WHEN ${ref("NEW", state)} <> ${CART}`, step("+ 1", scope)),
        oneLine(name("delete"), `AFTER DELETE ${on} WHEN ${ref("OLD", state)} <> ${CART}`, step("- 1", scope)),
        multiLine(name("state"), `AFTER UPDATE OF ${col(state)} ${on} ${crossesCart(state)}`, [
          `UPDATE \`list_counts\` SET \`total\` = \`total\` + CASE WHEN ${ref("NEW", state)} = ${CART} THEN -1 ELSE 1 END WHERE \`scope\` = ${scope} AND \`owner\` = 0;`,
        ]),
      ];
    }
    case "cartsAndOrders": {
      const { state } = counter;
      const split = (row: "OLD" | "NEW") => `CASE WHEN ${ref(row, state)} = ${CART} THEN 'carts' ELSE 'orders' END`;
      return [
        oneLine(name("insert"), `AFTER INSERT ${on}`, step("+ 1", split("NEW"))),
        oneLine(name("delete"), `AFTER DELETE ${on}`, step("- 1", split("OLD"))),
        multiLine(name("state"), `AFTER UPDATE OF ${col(state)} ${on} ${crossesCart(state)}`, [step("- 1", split("OLD")), step("+ 1", split("NEW"))]),
      ];
    }
    case "perOwner": {
      const { owner, droppedWith } = counter;
      const triggers = [
        oneLine(name("insert"), `AFTER INSERT ${on}`, upsertOne(scope, ref("NEW", owner))),
        oneLine(name("delete"), `AFTER DELETE ${on}`, step("- 1", scope, ref("OLD", owner))),
        multiLine(name("owner"), `AFTER UPDATE OF ${col(owner)} ${on} WHEN ${ref("OLD", owner)} <> ${ref("NEW", owner)}`, [
          step("- 1", scope, ref("OLD", owner)),
          upsertOne(scope, ref("NEW", owner)),
        ]),
      ];
      if (droppedWith) {
        triggers.push(
          oneLine(
            name("owner_delete"),
            `AFTER DELETE ON \`${tableName(droppedWith.table)}\``,
            `DELETE FROM \`list_counts\` WHERE \`scope\` = ${scope} AND \`owner\` = ${ref("OLD", droppedWith)};`,
          ),
        );
      }
      return triggers;
    }
  }
}

export const listCountTriggers = (): Trigger[] => LIST_COUNTERS.flatMap(triggersOf);
