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
import type { PromotionAction, PromotionRule } from "../promotion-config";
import { tryParseDecimal } from "./decimal";
import type { Money, PricingContext, PricingSetup, Promotion, PromotionPart, StoredPromotion } from "./types";

type JsonObject = Readonly<Record<string, unknown>>;

function asObject(value: unknown): JsonObject | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
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

const channelAmounts = (configuration: unknown) =>
  readPerChannel(configuration, (entry) => {
    const amount = readAmount(field(entry, "amount"));
    return amount === null ? null : { amount };
  });

const channelPercentages = (configuration: unknown) =>
  readPerChannel(configuration, (entry) => {
    const percentage = readPercentage(field(entry, "percentage"));
    return percentage === null ? null : { percentage };
  });

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
    default:
      return null;
  }
}

/** A stored action as a typed action, or null when it cannot be read. */
export function readStoredAction(part: PromotionPart): PromotionAction | null {
  const config = part.configuration;
  switch (part.type) {
    case "order_fixed_discount":
    case "unit_fixed_discount": {
      const amounts = channelAmounts(config);
      return amounts === null ? null : { type: part.type, configuration: amounts };
    }
    case "unit_percentage_discount": {
      const percentages = channelPercentages(config);
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
