/**
 * `/api/v1/promotions/`: promotions with channels and typed rules/actions
 * (src/domain/promotion-config.ts). Keyed by code.
 *
 * Cost: GET one / list = 1 D1 round trip; create / update / delete = 2 (one
 * read batch that also carries the auth check, then one atomic write batch;
 * a create's write batch ends with the SELECTs of the response).
 */
import type { Failable } from "../../form";
import { promotions } from "../../../data/schema";
import type { Database } from "../../../data/db";
import { promotionCouponsInUse } from "../../../data/queries/promotion-coupons";
import { containsText } from "../../../data/conditions";
import {
  createPromotionStatements,
  idsByCode,
  promotionByCode,
  promotionIdByCode,
  promotionParts,
  promotionRecords,
  referenceReads,
  replacePromotionActions,
  replacePromotionChannels,
  replacePromotionRules,
  type PromotionFields,
  promotionRows,
  promotionsCouponBased,
} from "../../../data/queries/promotions";
import {
  actionChannelCodes,
  actionProductCodes,
  actionTaxonCodes,
  ruleChannelCodes,
  ruleCountryCodes,
  ruleCustomerGroupCodes,
  ruleProductCodes,
  ruleTaxonCodes,
  type PromotionAction,
  type PromotionRule,
} from "../../../domain/promotion-config";
import { serializePromotion, serializePromotionListItem } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { failUnknown } from "../shared/fields";
import { MSG } from "../../../domain/messages";
import { resourceRoutes } from "../shared/resource";
import { EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { Promotion, PromotionPage } from "./schemas";
import { createForm, DATE_TIME_CHILDREN, PROMOTION_MESSAGES, updateForm } from "./form";
import { textFilter } from "../../list-page";
import { updateById } from "../../../data/queries/table-writes";

type PromotionResult = Failable<"code" | "endsAt" | "channels" | "rules" | "actions">;

interface DateTreeResult {
  shape(field: "startsAt" | "endsAt", tree: typeof DATE_TIME_CHILDREN): void;
}

/** Symfony renders the DateTimeType sub-forms of `startsAt` and `endsAt` in every failed form. */
function shapeDates(result: DateTreeResult): void {
  result.shape("startsAt", DATE_TIME_CHILDREN);
  result.shape("endsAt", DATE_TIME_CHILDREN);
}

interface SentReferences {
  channels?: string[];
  rules?: PromotionRule[];
  actions?: PromotionAction[];
}

/**
 * What the checks of a write read: the ids by code of the sent channels and
 * of the channels, products, taxons, countries and customer groups the sent
 * rules and actions name (Sylius' choice and autocomplete types refuse a code
 * they do not find: `This value is not valid.` on `rules` or `actions`).
 */
const sentReferenceReads = (db: Database, values: SentReferences) => {
  const rules = values.rules ?? [];
  const actions = values.actions ?? [];
  return referenceReads(db, {
    channels: [...(values.channels ?? []), ...rules.flatMap(ruleChannelCodes), ...actions.flatMap(actionChannelCodes)],
    products: [...rules.flatMap(ruleProductCodes), ...actions.flatMap(actionProductCodes)],
    taxons: [...rules.flatMap(ruleTaxonCodes), ...actions.flatMap(actionTaxonCodes)],
    countries: rules.flatMap(ruleCountryCodes),
    customerGroups: rules.flatMap(ruleCustomerGroupCodes),
  });
};

type Found = { id: number; code: string }[][];

function checkReferences(
  result: PromotionResult,
  values: SentReferences,
  found: { channels: Found; products: Found; taxons: Found; countries: Found; customerGroups: Found },
): number[] | undefined {
  const channelIds = idsByCode(found.channels);
  const channelCodes = new Set(channelIds.keys());
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- four row lists mapped to four sets
  const [productCodes, taxonCodes, countryCodes, groupCodes] = [found.products, found.taxons, found.countries, found.customerGroups].map(
    (rows) => new Set(idsByCode(rows).keys()),
  ) as [Set<string>, Set<string>, Set<string>, Set<string>];
  if (values.channels) failUnknown(result, "channels", values.channels, channelCodes);
  for (const rule of values.rules ?? []) {
    const named = [
      ...ruleChannelCodes(rule).map((code) => channelCodes.has(code)),
      ...ruleProductCodes(rule).map((code) => productCodes.has(code)),
      ...ruleTaxonCodes(rule).map((code) => taxonCodes.has(code)),
      ...ruleCountryCodes(rule).map((code) => countryCodes.has(code)),
      ...ruleCustomerGroupCodes(rule).map((code) => groupCodes.has(code)),
    ];
    if (named.includes(false)) result.fail("rules", MSG.invalid);
  }
  for (const action of values.actions ?? []) {
    const named = [
      ...actionChannelCodes(action).map((code) => channelCodes.has(code)),
      ...actionProductCodes(action).map((code) => productCodes.has(code)),
      ...actionTaxonCodes(action).map((code) => taxonCodes.has(code)),
    ];
    if (named.includes(false)) result.fail("actions", MSG.invalid);
  }
  return values.channels?.map((code) => channelIds.get(code) ?? 0);
}

function checkDates(result: PromotionResult, startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
    result.fail("endsAt", PROMOTION_MESSAGES.endsBeforeStart);
  }
}

// -------------------------------------------------------------------- routes

const NAMED_FIELDS = ["name", "description", "priority", "exclusive", "usageLimit", "couponBased", "startsAt", "endsAt"] as const;

export const promotionRoutes = resourceRoutes({
  noun: "Promotion",
  events: { resource: "promotion" },
  table: promotions,
  byCode: promotionByCode,
  docs: {
    area: "config",
    path: "promotions",
    tag: "Promotions",
    plural: "promotions",
    idPrefix: "Promotion",
    item: Promotion,
    page: PromotionPage,
    putNote: `A sent \`code\` is validated, then ignored. Sent channels, rules and actions replace the old ones. ${EMPTY_PUT_NOTE}`,
  },
  // An order (or a cart) that carries one of its coupons keeps the promotion.
  inUse: (promotion) => promotionCouponsInUse(promotion.id),
  list: {
    spec: {
      sortable: {
        priority: promotions.priority,
        code: promotions.code,
        name: promotions.name,
        // Sylius' grid: `usage`, sorted by the uses.
        usage: promotions.used,
        createdAt: promotions.createdAt,
        updatedAt: promotions.updatedAt,
      },
      // Sylius' grid: `priority desc`; its database lists promotions of one priority in creation order.
      defaultSorting: { field: "priority", direction: "desc", ties: "asc" },
      filters: {
        code: textFilter(promotions.code, containsText),
        name: textFilter(promotions.name, containsText),
        // Sylius' grid: `search`, a string filter of code and name; `couponBased`, a boolean filter.
        search: [textFilter(promotions.code, containsText), textFilter(promotions.name, containsText)],
        couponBased: (value) => promotionsCouponBased(value === "true" || value === "1" ? true : value === "false" || value === "0" ? false : undefined),
      },
    },
    select: (db: Database) => promotionRows(db),
    parts: promotionParts,
    items: (rows, parts) => promotionRecords(rows, parts).map(serializePromotionListItem),
  },
  one: {
    reads: (db, code) => ({ rows: promotionByCode(db, code), parts: promotionParts(db, promotionIdByCode(db, code)) }),
    item: ({ rows, parts }) => promotionRecords(rows, parts).map(serializePromotion)[0],
  },
  create: {
    form: createForm,
    unique: PROMOTION_MESSAGES.codeTaken,
    reads: (db, values) => sentReferenceReads(db, values),
    check: (result, found) => {
      shapeDates(result);
      const channelIds = checkReferences(result, result.values, found);
      checkDates(result, result.values.startsAt ?? null, result.values.endsAt ?? null);
      return channelIds;
    },
    writes: (db, code, channelIds, result) => {
      const values = result.values;
      const fields: PromotionFields = {
        name: result.required("name"),
        description: values.description ?? null,
        priority: values.priority ?? 0,
        exclusive: values.exclusive ?? false,
        usageLimit: values.usageLimit ?? null,
        couponBased: values.couponBased ?? false,
        startsAt: values.startsAt ?? null,
        endsAt: values.endsAt ?? null,
      };
      return {
        promotion: createPromotionStatements(db, { ...fields, code, channelIds: channelIds ?? [], rules: values.rules ?? [], actions: values.actions ?? [] }),
      };
    },
  },
  update: {
    form: updateForm,
    reads: (db: Database, _code: string, values: SentReferences) => sentReferenceReads(db, values),
    // A PUT without a body is the form submitted empty: Sylius' update form fails the name.
    emptyPut: { name: PROMOTION_MESSAGES.nameBlank },
    check: (result, found, promotion) => {
      shapeDates(result);
      const values = result.values;
      const channelIds = checkReferences(result, values, found);
      checkDates(
        result,
        values.startsAt !== undefined ? values.startsAt : promotion.startsAt,
        values.endsAt !== undefined ? values.endsAt : promotion.endsAt,
      );
      return channelIds;
    },
    writes: (db, promotion, channelIds, { values }) => {
      const changes: Partial<typeof promotions.$inferInsert> = { updatedAt: nowIso() };
      for (const key of NAMED_FIELDS) {
        const value = values[key];
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      return [
        updateById(db, promotions, promotion.id, changes),
        ...(channelIds ? replacePromotionChannels(db, promotion.id, channelIds) : []),
        ...(values.rules ? replacePromotionRules(db, promotion.id, values.rules) : []),
        ...(values.actions ? replacePromotionActions(db, promotion.id, values.actions) : []),
      ];
    },
  },
});
