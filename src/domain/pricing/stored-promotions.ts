/**
 * Where stored promotions become the engine's typed input: rules and actions
 * are stored as `type` + JSON configuration; they are read here, once per
 * pricing context, into the {@link PromotionRule} / {@link PromotionAction}
 * values that steps/promotions.ts consumes without re-reading anything.
 *
 * Reading is deliberately more tolerant than the promotions resource's input
 * validation (promotion-config.ts), because stored rows may predate it or
 * come from elsewhere, and a cart must still be priced:
 * - amounts are non-negative safe integers, or strings of digits;
 * - percentages are finite numbers or decimal strings (any value: the engine
 *   caps every discount at what it discounts);
 * - unknown fields are ignored; in a channel-keyed configuration
 *   (`{CHANNEL_CODE: {...}}`) each channel's entry is read on its own and an
 *   unreadable one is left out, so it gives nothing in that channel only.
 * What cannot be read keeps the engine's long-standing meaning: a rule that
 * cannot be read never holds, so its promotion never applies and is left out
 * of the context; an action that cannot be read does nothing and is left out.
 */
import type { PromotionAction, PromotionRule, StoredFilters } from "../promotion-config";
import { tryParseDecimal } from "./decimal";
import type { Money, PricingContext, PricingSetup, Promotion, PromotionPart, StoredPromotion } from "./types";

type JsonObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

function asObject(value: unknown): JsonObject | null {
  return isObject(value) ? value : null;
}

function field(value: unknown, key: string): unknown {
  const object = asObject(value);
  return object !== null && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** A non-negative integer amount (number or digit string), else null. */
function readAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === "string" && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * A percentage as a number. A decimal string becomes the nearest number,
 * which is exactly the same decimal for up to 15 significant digits.
 */
function readPercentage(value: unknown): number | null {
  if (tryParseDecimal(value) === null) return null;
  const number = typeof value === "string" ? Number(value.trim()) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

/** `{CHANNEL_CODE: entry}` keeping the channels whose entry reads. */
function readPerChannel<T>(configuration: unknown, read: (entry: unknown) => T | null): Record<string, T> | null {
  const object = asObject(configuration);
  if (object === null) return null;
  const entries: [string, T][] = [];
  for (const channelCode of Object.keys(object)) {
    const entry = read(object[channelCode]);
    if (entry !== null) entries.push([channelCode, entry]);
  }
  return Object.fromEntries(entries);
}

const unitAmounts = (configuration: unknown) =>
  readPerChannel(configuration, (entry) => {
    const amount = readAmount(field(entry, "amount"));
    return withFilters(entry, amount === null ? null : { amount });
  });

const unitPercentages = (configuration: unknown) =>
  readPerChannel(configuration, (entry) => {
    const percentage = readPercentage(field(entry, "percentage"));
    return withFilters(entry, percentage === null ? null : { percentage });
  });

const channelAmounts = (configuration: unknown) =>
  readPerChannel(configuration, (entry) => {
    const amount = readAmount(field(entry, "amount"));
    return amount === null ? null : { amount };
  });

/** A list of codes: an array (its strings kept) or a comma-separated string (Sylius' autocomplete input); else null. */
function readCodes(value: unknown): string[] | null {
  if (typeof value === "string") return value.split(",").map((code) => code.trim()).filter((code) => code !== "");
  if (!Array.isArray(value)) return null;
  return value.filter((code): code is string => typeof code === "string");
}

/** An integer (number or digit string, a sign allowed), else null. */
function readInteger(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * A unit action entry's filters, every filter present (Sylius' stored
 * shape); a filter that cannot be read is left empty (it keeps every item),
 * as Sylius' filters skip what is not configured. Null: no `filters`.
 */
function readFilters(value: unknown): StoredFilters | null {
  if (value === undefined) return null;
  const range = field(value, "price_range_filter");
  return {
    price_range_filter: asObject(range) === null ? [] : { min: readAmount(field(range, "min")), max: readAmount(field(range, "max")) },
    taxons_filter: { taxons: readCodes(field(field(value, "taxons_filter"), "taxons")) ?? [] },
    products_filter: { products: readCodes(field(field(value, "products_filter"), "products")) ?? [] },
  };
}

/** `{amount}` or `{percentage}` with the entry's filters when it has any. */
function withFilters<T extends object>(entry: unknown, read: T | null): (T & { filters?: StoredFilters }) | null {
  if (read === null) return null;
  const filters = readFilters(field(entry, "filters"));
  return filters === null ? read : { ...read, filters };
}

/** A stored rule as a typed rule, or null when it cannot be read. */
export function readStoredRule(part: PromotionPart): PromotionRule | null {
  const config = part.configuration;
  switch (part.type) {
    case "cart_quantity": {
      const count = readAmount(field(config, "count"));
      return count === null ? null : { type: "cart_quantity", configuration: { count } };
    }
    case "item_total": {
      const amounts = channelAmounts(config);
      return amounts === null ? null : { type: "item_total", configuration: amounts };
    }
    case "contains_product": {
      const code = field(config, "product_code");
      return typeof code === "string" ? { type: "contains_product", configuration: { product_code: code } } : null;
    }
    case "has_taxon": {
      // Sylius: no `taxons` key, the rule never holds.
      const taxons = readCodes(field(config, "taxons"));
      return taxons === null ? null : { type: "has_taxon", configuration: { taxons } };
    }
    case "total_of_items_from_taxon": {
      const entries = readPerChannel(config, (entry) => {
        const taxon = field(entry, "taxon");
        const amount = readAmount(field(entry, "amount"));
        return typeof taxon === "string" && amount !== null ? { taxon, amount } : null;
      });
      return entries === null ? null : { type: "total_of_items_from_taxon", configuration: entries };
    }
    case "nth_order": {
      // Sylius: `nth` must be an integer, else the rule never holds.
      const nth = readInteger(field(config, "nth"));
      return nth === null ? null : { type: "nth_order", configuration: { nth } };
    }
    case "shipping_country": {
      const country = field(config, "country");
      return typeof country === "string" ? { type: "shipping_country", configuration: { country } } : null;
    }
    case "customer_group": {
      const group = field(config, "group_code");
      return typeof group === "string" ? { type: "customer_group", configuration: { group_code: group } } : null;
    }
    default:
      return null;
  }
}

/** A stored action as a typed action, or null when it cannot be read. */
export function readStoredAction(part: PromotionPart): PromotionAction | null {
  const config = part.configuration;
  switch (part.type) {
    case "order_fixed_discount": {
      const amounts = channelAmounts(config);
      return amounts === null ? null : { type: part.type, configuration: amounts };
    }
    case "unit_fixed_discount": {
      const amounts = unitAmounts(config);
      return amounts === null ? null : { type: part.type, configuration: amounts };
    }
    case "unit_percentage_discount": {
      const percentages = unitPercentages(config);
      return percentages === null ? null : { type: "unit_percentage_discount", configuration: percentages };
    }
    case "order_percentage_discount":
    case "shipping_percentage_discount": {
      const percentage = readPercentage(field(config, "percentage"));
      return percentage === null ? null : { type: part.type, configuration: { percentage } };
    }
    default:
      return null;
  }
}

/** The promotion with its rules and actions read; null when it can never apply. */
export function promotionFrom(stored: StoredPromotion): Promotion | null {
  const rules: PromotionRule[] = [];
  for (const part of stored.rules) {
    const rule = readStoredRule(part);
    if (rule === null) return null;
    rules.push(rule);
  }
  const actions: PromotionAction[] = [];
  for (const part of stored.actions) {
    const action = readStoredAction(part);
    if (action !== null) actions.push(action);
  }
  return { ...stored, rules, actions };
}

/** The engine's context: the loaded setup, its promotions read, plus this change's prices and clock. */
export function pricingContextFrom(
  setup: PricingSetup,
  now: string,
  prices: Readonly<Record<string, Money>>,
): PricingContext {
  const promotions: Promotion[] = [];
  for (const stored of setup.promotions) {
    const promotion = promotionFrom(stored);
    if (promotion !== null) promotions.push(promotion);
  }
  return { ...setup, promotions, now, prices };
}
