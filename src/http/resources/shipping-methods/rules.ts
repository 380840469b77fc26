/**
 * The shipping method form's `rules` (Sylius 1.8's ShippingMethodRuleCollectionType):
 * a list of `{type, configuration}` sub-forms, each failure reported inside
 * its entry (`rules.children.<index>.children.<field>`), as Symfony renders
 * a collection.
 *
 * - `type`: one of the four rule types (ShippingMethodRuleChoiceType);
 *   anything else is `This value is not valid.`; missing, `This value should
 *   not be blank.` (Sylius would store a rule without a type).
 * - `order_total_*`: `configuration` is CoreBundle's channel collection,
 *   `{CHANNEL_CODE: {amount}}`, one sub-form per channel; an unknown channel
 *   is `This form should not contain extra fields.` on `configuration`;
 *   `amount` in major units (Sylius' MoneyType: a number or a decimal
 *   string, `50` is 50.00, rounded half up to the cent, as a price),
 *   stored in minor units (`5000`), or null / absent: none for that channel
 *   (MoneyType has no NotBlank; the rule then fails in that channel).
 * - `total_weight_*`: `{weight}` (ShippingBundle's configuration types:
 *   NotBlank, Type numeric, GreaterThan 0): `This value should not be
 *   blank.`, `This value is not valid.` (not a number), `This value should
 *   be greater than 0.`.
 * - any other key in an entry or its configuration: `This form should not
 *   contain extra fields.` on that sub-form.
 */
import type { FormChild } from "../../errors";
import { isPlainObject } from "../../form";
import { MSG } from "../../../domain/messages";
import { isOrderTotalRule, isTotalWeightRule, SHIPPING_RULE_TYPES, type StoredShippingRule } from "../../../domain/pricing/shipping-rules";
import { toMinorUnits } from "../../../domain/money";

export const RULE_MESSAGES = { greaterThanZero: "This value should be greater than 0." } as const;

/** What the rule checks need of the form result. */
export interface RulesResult {
  shape(field: "rules", tree: FormChild): void;
  fail(field: "rules", message: string): void;
  failAt(field: "rules", path: readonly string[], message: string): void;
}

/** The channel codes the sent rules' configurations name (read with the form's other references). */
export function ruleChannelCodes(sent: readonly unknown[] | undefined): string[] {
  return (sent ?? []).flatMap((entry) =>
    isPlainObject(entry) && typeof entry.type === "string" && isOrderTotalRule(entry.type) && isPlainObject(entry.configuration)
      ? Object.keys(entry.configuration)
      : [],
  );
}

const RULE_TYPE_NAMES: ReadonlySet<string> = new Set(SHIPPING_RULE_TYPES);

/** A Symfony NumberType value: a number, or a numeric string; null when blank; undefined when not a number. */
function numberOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Checks the sent rules; fails inside each entry; returns the rules to store
 * (undefined when none were sent), in the order sent.
 */
export function checkRules(result: RulesResult, sent: readonly unknown[] | undefined, knownChannels: ReadonlySet<string>): StoredShippingRule[] | undefined {
  if (sent === undefined) return undefined;
  const tree: Record<string, FormChild> = {};
  const rules: StoredShippingRule[] = [];
  sent.forEach((entry, index) => {
    const at = String(index);
    if (!isPlainObject(entry)) {
      tree[at] = {};
      result.shape("rules", { children: tree });
      result.failAt("rules", [at], MSG.invalid);
      return;
    }
    const { type, configuration } = entry;
    const typeName = typeof type === "string" && RULE_TYPE_NAMES.has(type) ? type : null;
    const configTree: Record<string, FormChild> = {};
    tree[at] = { children: typeName ? { type: {}, configuration: { children: configTree } } : { type: {} } };
    result.shape("rules", { children: tree });
    const fail = (path: readonly string[], message: string) => result.failAt("rules", [at, ...path], message);
    if (Object.keys(entry).some((key) => key !== "type" && key !== "configuration")) fail([], MSG.extraFields);
    if (typeName === null) {
      fail(["type"], type === undefined || type === null || type === "" ? MSG.blank : MSG.invalid);
      return;
    }
    if (isOrderTotalRule(typeName)) {
      const amounts = checkChannelAmounts(configuration, configTree, knownChannels, (path, message) => fail(["configuration", ...path], message));
      if (amounts) rules.push({ type: typeName, configuration: amounts });
      return;
    }
    if (isTotalWeightRule(typeName)) {
      configTree.weight = {};
      const weight = checkWeight(configuration, (path, message) => fail(["configuration", ...path], message));
      if (weight !== null) rules.push({ type: typeName, configuration: { weight } });
    }
  });
  if (sent.length === 0) result.shape("rules", {});
  return rules;
}

type Fail = (path: readonly string[], message: string) => void;

function checkChannelAmounts(
  configuration: unknown,
  tree: Record<string, FormChild>,
  knownChannels: ReadonlySet<string>,
  fail: Fail,
): Record<string, { amount: number | null }> | null {
  if (configuration === undefined || configuration === null) return {};
  if (!isPlainObject(configuration)) {
    fail([], MSG.invalid);
    return null;
  }
  const amounts: Record<string, { amount: number | null }> = {};
  let ok = true;
  for (const [channel, entry] of Object.entries(configuration)) {
    if (!knownChannels.has(channel)) {
      fail([], MSG.extraFields);
      ok = false;
      continue;
    }
    tree[channel] = { children: { amount: {} } };
    if (entry === null || entry === undefined) {
      amounts[channel] = { amount: null };
      continue;
    }
    if (!isPlainObject(entry)) {
      fail([channel], MSG.invalid);
      ok = false;
      continue;
    }
    if (Object.keys(entry).some((key) => key !== "amount")) {
      fail([channel], MSG.extraFields);
      ok = false;
    }
    const amount = entry.amount;
    const minor = typeof amount === "number" || typeof amount === "string" ? toMinorUnits(amount) : null;
    if (amount === undefined || amount === null || amount === "") {
      amounts[channel] = { amount: null };
    } else if (minor !== null) {
      amounts[channel] = { amount: minor };
    } else {
      fail([channel, "amount"], MSG.invalid);
      ok = false;
    }
  }
  return ok ? amounts : null;
}

function checkWeight(configuration: unknown, fail: Fail): number | null {
  if (configuration !== undefined && configuration !== null && !isPlainObject(configuration)) {
    fail([], MSG.invalid);
    return null;
  }
  const config = configuration ?? {};
  if (Object.keys(config).some((key) => key !== "weight")) fail([], MSG.extraFields);
  const weight = numberOf(config.weight);
  if (weight === undefined) {
    fail(["weight"], MSG.invalid);
    return null;
  }
  if (weight === null) {
    fail(["weight"], MSG.blank);
    return null;
  }
  if (!(weight > 0)) {
    fail(["weight"], RULE_MESSAGES.greaterThanZero);
    return null;
  }
  return Object.keys(config).some((key) => key !== "weight") ? null : weight;
}
