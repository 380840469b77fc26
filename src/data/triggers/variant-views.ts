/**
 * Which rows a variant's stored view (`variant_views`, docs/performance/variant-views.md)
 * shows from other tables: every insert, update or delete of one raises the
 * `view_version` of each variant showing it, in the same statement, whoever
 * runs it, so a stored view of an older version is never read as current.
 * The variant's own columns are read from `product_variants` on every read,
 * except the two category ids, which pick the categories it shows.
 * An option value's insert or delete, and a category's or an option's, need
 * none: no variant shows a value before it is linked, and a delete reaches
 * the variants through the links' cascade or the categories' SET NULL.
 */
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  channelPricings,
  productOptions,
  productOptionTranslations,
  productOptionValues,
  productOptionValueTranslations,
  productVariantOptionValues,
  productVariants,
  productVariantTranslations,
  shippingCategories,
  taxCategories,
} from "../schema";
import { col, EVENT_SQL, ref, ROW_OF, tableName, type RowEvent, type Trigger } from "./trigger";

/** How a source row names the variants that show it. */
export type ViewPath =
  /** `key` is the variant's id. */
  | "variant"
  /** `key` is an option value's id: the variants linked to it. */
  | "optionValue"
  /** `key` is an option's id: the variants linked to one of its values. */
  | "option"
  /** `key` is the variants' category: the variants whose `column` holds it. */
  | { category: SQLiteColumn };

export interface VariantViewSource {
  /** The triggers' names: `variant_view_<name>_<event>`. */
  name: string;
  table: SQLiteTable;
  events: RowEvent[];
  /** The columns an update fires on (every column when absent). */
  updateOf?: SQLiteColumn[];
  key: SQLiteColumn;
  path: ViewPath;
}

export const VARIANT_VIEW_SOURCES: VariantViewSource[] = [
  { name: "translations", table: productVariantTranslations, events: ["insert", "update", "delete"], key: productVariantTranslations.variantId, path: "variant" },
  { name: "channel_pricings", table: channelPricings, events: ["insert", "update", "delete"], key: channelPricings.variantId, path: "variant" },
  { name: "option_value_links", table: productVariantOptionValues, events: ["insert", "update", "delete"], key: productVariantOptionValues.variantId, path: "variant" },
  { name: "option_values", table: productOptionValues, events: ["update"], key: productOptionValues.id, path: "optionValue" },
  { name: "option_value_translations", table: productOptionValueTranslations, events: ["insert", "update", "delete"], key: productOptionValueTranslations.valueId, path: "optionValue" },
  { name: "options", table: productOptions, events: ["update"], updateOf: [productOptions.id, productOptions.position], key: productOptions.id, path: "option" },
  { name: "option_translations", table: productOptionTranslations, events: ["insert", "update", "delete"], key: productOptionTranslations.optionId, path: "option" },
  { name: "tax_categories", table: taxCategories, events: ["update"], key: taxCategories.id, path: { category: productVariants.taxCategoryId } },
  { name: "shipping_categories", table: shippingCategories, events: ["update"], key: shippingCategories.id, path: { category: productVariants.shippingCategoryId } },
];

/** The variant's own columns that pick what it shows: a change of one raises its version. */
export const VARIANT_VIEW_COLUMNS: SQLiteColumn[] = [productVariants.taxCategoryId, productVariants.shippingCategoryId];

const raise = (where: string) => `UPDATE \`product_variants\` SET \`view_version\` = \`view_version\` + 1 WHERE ${where};`;

/** The variants showing the rows `keys` name (`OLD.key`, `NEW.key`). */
function variantsOf(path: ViewPath, keys: string[]): string {
  const list = keys.join(", ");
  if (path === "variant") return keys.length === 1 ? `\`id\` = ${list}` : `\`id\` IN (${list})`;
  if (path === "optionValue") return `\`id\` IN (SELECT \`variant_id\` FROM \`product_variant_option_values\` WHERE \`option_value_id\` IN (${list}))`;
  if (path === "option") {
    return `\`id\` IN (SELECT l.\`variant_id\` FROM \`product_variant_option_values\` l JOIN \`product_option_values\` v ON v.\`id\` = l.\`option_value_id\` WHERE v.\`option_id\` IN (${list}))`;
  }
  return `${col(path.category)} IN (${list})`;
}

function triggersOf({ name, table, events, updateOf, key, path }: VariantViewSource): Trigger[] {
  return events.map((event) => {
    const trigger = `variant_view_${name}_${event}`;
    const keys = event === "update" ? [ref("OLD", key), ref("NEW", key)] : [ref(ROW_OF[event], key)];
    const of = event === "update" && updateOf ? ` OF ${updateOf.map(col).join(", ")}` : "";
    return { name: trigger, sql: `CREATE TRIGGER \`${trigger}\` AFTER ${EVENT_SQL[event]}${of} ON \`${tableName(table)}\` BEGIN ${raise(variantsOf(path, keys))} END` };
  });
}

function ownColumnsTrigger(): Trigger {
  const changed = VARIANT_VIEW_COLUMNS.map((c) => `${ref("OLD", c)} IS NOT ${ref("NEW", c)}`).join(" OR ");
  return {
    name: "variant_view_categories",
    sql: `CREATE TRIGGER \`variant_view_categories\` AFTER UPDATE OF ${VARIANT_VIEW_COLUMNS.map(col).join(", ")} ON \`product_variants\` WHEN ${changed} BEGIN ${raise(`\`id\` = NEW.\`id\``)} END`,
  };
}

export const variantViewTriggers = (): Trigger[] => [...VARIANT_VIEW_SOURCES.flatMap(triggersOf), ownColumnsTrigger()];
