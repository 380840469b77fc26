/**
 * Which tables a channel's pricing and checkout context is made of: every
 * insert, update or delete of one of their rows raises
 * `pricing_context_version` in the same statement, whoever runs it, so a
 * cart object's copy of the context is known stale on its next change
 * (docs/performance/pricing-context.md). Channel pricings are per variant and
 * read with the variants: not part of it; nor are the taxons, product taxons
 * and customer groups promotion rules name (read with each change that needs
 * them).
 */
import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  channels,
  paymentMethodChannels,
  paymentMethods,
  paymentMethodTranslations,
  promotionActions,
  promotionChannels,
  promotionRules,
  promotions,
  provinces,
  shippingCategories,
  shippingMethodChannels,
  shippingMethods,
  shippingMethodTranslations,
  taxCategories,
  taxRates,
  zoneMembers,
  zones,
} from "../schema";
import { col, ref, tableName, type Trigger } from "./trigger";

export interface PricingContextSource {
  table: SQLiteTable;
  /**
   * A usage count pricing reads only through `used < limit` (a promotion's
   * eligibility): an update of it alone raises the version only when that
   * flips; an update naming any other column raises it as any write does.
   */
  usage?: { used: SQLiteColumn; limit: SQLiteColumn };
}

export const PRICING_CONTEXT_SOURCES: PricingContextSource[] = [
  { table: channels },
  { table: zones },
  { table: zoneMembers },
  { table: taxCategories },
  { table: taxRates },
  { table: shippingCategories },
  { table: shippingMethods },
  { table: shippingMethodTranslations },
  { table: shippingMethodChannels },
  { table: paymentMethods },
  { table: paymentMethodTranslations },
  { table: paymentMethodChannels },
  { table: promotions, usage: { used: promotions.used, limit: promotions.usageLimit } },
  { table: promotionChannels },
  { table: promotionActions },
  { table: promotionRules },
  // Province zones match addresses by province code.
  { table: provinces },
];

const RAISE = "UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1;";

function triggersOf({ table, usage }: PricingContextSource): Trigger[] {
  const t = tableName(table);
  const name = (suffix: string) => `pricing_context_${t}_${suffix}`;
  const plain = (suffix: string, event: string): Trigger => ({ name: name(suffix), sql: `CREATE TRIGGER \`${name(suffix)}\` AFTER ${event} ON \`${t}\` BEGIN ${RAISE} END` });
  if (!usage) return [plain("insert", "INSERT"), plain("update", "UPDATE"), plain("delete", "DELETE")];
  // Every column but the usage count, in the table's order.
  const others = Object.values(getTableColumns(table)).filter((c) => c.name !== usage.used.name);
  const under = (row: "OLD" | "NEW") => `(${ref(row, usage.used)} < ${ref(row, usage.limit)})`;
  return [
    plain("insert", "INSERT"),
    { name: name("update"), sql: `CREATE TRIGGER \`${name("update")}\`\n  AFTER UPDATE OF ${others.map(col).join(", ")} ON \`${t}\`\nBEGIN ${RAISE} END` },
    plain("delete", "DELETE"),
    {
      name: name("usage"),
      sql: `CREATE TRIGGER \`${name("usage")}\` AFTER UPDATE OF ${col(usage.used)} ON \`${t}\`\n  WHEN ${under("OLD")} IS NOT ${under("NEW")}\nBEGIN ${RAISE} END`,
    },
  ];
}

export const pricingContextTriggers = (): Trigger[] => PRICING_CONTEXT_SOURCES.flatMap(triggersOf);
