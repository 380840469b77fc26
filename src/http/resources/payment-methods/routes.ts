/**
 * `/api/v1/payment-methods/`: how an order is paid. Every method is offline
 * (no gateway); a channel offers the enabled methods linked to it, in
 * position order (the first is a cart's default). Sylius 1.8's admin API
 * only shows a method; here it has the full CRUD of every supporting
 * resource. A method used by a payment cannot be deleted (409).
 *
 * List: default sorting `position asc`; sortable `position`, `code`,
 * `name` (the `en_US` translation's), `enabled`, `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 * PUT: sent collections replace (translations, channels);
 * PATCH: the same, except that sent translations are merged by locale.
 */
import { MSG } from "../../../domain/messages";
import type { Database } from "../../../data/db";
import { paymentMethods, paymentMethodTranslations } from "../../../data/schema";
import { unique } from "../../../data/collections";
import { localeCodesIn } from "../../../data/queries/locales";
import { channelsWithCodes } from "../../../data/queries/channels";
import { nextPaymentMethodPosition, paymentMethodByCode, paymentMethodColumns, paymentMethodIdsOfCode, paymentMethodInUse, paymentMethodParts } from "../../../data/queries/payment-methods";
import type { PaymentMethodParts, PaymentMethodRow } from "../../../data/queries/payment-methods";
import { insertMethodChannels, methodCollectionWrites, PAYMENT_METHOD_TABLES, upsertMethodTranslations } from "../../../data/queries/method-collections";
import { boundedNext, type FormResult } from "../../form";
import { nowIso } from "../../serializers/timestamps";
import { resourceRoutes, withParts } from "../shared/resource";
import { methodCollections } from "../shared/method-parts";
import { createForm, PAYMENT_METHOD_MESSAGES, updateForm } from "./form";
import { serializePaymentMethod } from "./serializer";
import { PaymentMethod, PaymentMethodPage } from "./schemas";
import { textFilter, translatedName } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

type Values = FormResult<typeof updateForm.shape>["values"];
type Field = (typeof updateForm.fields)[number];

function representation(rows: PaymentMethodRow[], parts: PaymentMethodParts) {
  const collectionsOf = methodCollections(parts);
  return rows.map((row) => serializePaymentMethod(row, collectionsOf(row.id)));
}

/** The reads of a write: the sent locales and channels by code. */
function writeReads(db: Database, values: Values) {
  return {
    locales: localeCodesIn(db, Object.keys(values.translations ?? {})),
    channels: channelsWithCodes(db, values.channels ?? []),
  };
}

/** Data checks shared by create and update; returns the channel ids to write (undefined: keep). */
function checkReferences(
  fail: (field: Field, message: string) => void,
  values: Values,
  found: { locales: { code: string }[]; channels: { id: number; code: string }[] },
): number[] | undefined {
  const localeCodes = new Set(found.locales.map((l) => l.code));
  const channelId = new Map(found.channels.map((ch) => [ch.code, ch.id]));
  if (values.translations && Object.keys(values.translations).some((locale) => !localeCodes.has(locale))) fail("translations", MSG.invalid);
  if (values.channels?.some((code) => !channelId.has(code))) fail("channels", MSG.invalid);
  return values.channels === undefined ? undefined : unique(values.channels).flatMap((code) => channelId.get(code) ?? []);
}

const translationList = (translations: Record<string, { name: string; description?: string | null }>) =>
  Object.entries(translations).map(([locale, { name, description }]) => ({ locale, name, description: description ?? null }));

const LIST = {
  sortable: {
    position: paymentMethods.position,
    code: paymentMethods.code,
    // Sylius' grid sorts `name` by `translation.name` (the request's locale).
    name: translatedName(paymentMethodTranslations, paymentMethodTranslations.methodId, paymentMethodTranslations.name, paymentMethodTranslations.locale, paymentMethods.id),
    enabled: paymentMethods.enabled,
    createdAt: paymentMethods.createdAt,
    updatedAt: paymentMethods.updatedAt,
  },
  defaultSorting: { field: "position" as const, direction: "asc" as const },
  filters: { code: textFilter(paymentMethods.code) },
};

const READS = withParts(paymentMethodByCode, paymentMethodIdsOfCode, paymentMethodParts, representation);

export const paymentMethodRoutes = resourceRoutes({
  noun: "Payment method",
  events: { resource: "payment_method" },
  table: paymentMethods,
  byCode: paymentMethodByCode,
  docs: {
    area: "config",
    path: "payment-methods",
    tag: "Payment methods",
    plural: "payment methods",
    idPrefix: "PaymentMethod",
    item: PaymentMethod,
    page: PaymentMethodPage,
    putNote: "A sent `code` is ignored. Sent translations and channels replace the old ones.",
  },
  inUse: (method) => paymentMethodInUse(method.id),
  list: { spec: LIST, select: (db: Database) => listRows(db, paymentMethods, paymentMethodColumns), ...READS.list },
  one: READS.one,
  create: {
    form: createForm,
    unique: PAYMENT_METHOD_MESSAGES.codeTaken,
    reads: (db, values) => writeReads(db, values),
    check: (result, found) => {
      const values = result.values;
      if (result.isValid("translations") && Object.keys(values.translations ?? {}).length === 0) {
        result.fail("translations", PAYMENT_METHOD_MESSAGES.nameBlank);
      }
      return checkReferences((field, message) => result.fail(field, message), values, found);
    },
    writes: (db, code, channelIds, result) => ({
      method: insertRow(db, paymentMethods, {
        code,
        position: result.values.position ?? boundedNext(nextPaymentMethodPosition),
        enabled: result.values.enabled ?? true,
      }),
      translations: upsertMethodTranslations(db, PAYMENT_METHOD_TABLES, code, translationList(result.required("translations"))),
      channels: insertMethodChannels(db, PAYMENT_METHOD_TABLES, code, channelIds ?? []),
    }),
    // The position is computed with boundedNext: its NOT NULL refusal is the field's 400.
    outOfRange: { field: "position", column: "payment_methods.position" },
  },
  update: {
    form: updateForm,
    reads: (db, _code, values) => writeReads(db, values),
    check: (result, found, _method, { merge }) => {
      const values = result.values;
      // PUT replaces the translations: it must leave at least one.
      if (!merge && values.translations && Object.keys(values.translations).length === 0) {
        result.fail("translations", PAYMENT_METHOD_MESSAGES.nameBlank);
      }
      return checkReferences((field, message) => result.fail(field, message), values, found);
    },
    writes: (db, method, channelIds, { values }, { merge }) => [
      updateById(db, paymentMethods, method.id, { position: values.position ?? method.position, enabled: values.enabled ?? method.enabled, updatedAt: nowIso() }),
      ...methodCollectionWrites(db, PAYMENT_METHOD_TABLES, method, {
        translations: values.translations && translationList(values.translations),
        merge,
        channelIds,
      }),
    ],
  },
});
