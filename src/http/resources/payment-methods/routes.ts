/**
 * `/api/v1/payment-methods/`: how an order is paid. Every method is offline
 * (no gateway); a channel offers the enabled methods linked to it, in
 * position order (the first is a cart's default). Sylius 1.8's admin API
 * only shows a method; here it has the full CRUD of every supporting
 * resource. A method used by a payment cannot be deleted (409).
 *
 * List: default sorting `position asc`; sortable `position`, `code`,
 * `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 * PUT: sent collections replace (translations, channels);
 * PATCH: the same, except that sent translations are merged by locale.
 */
import { Hono } from "hono";
import { and, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { boundedNext, defineForm, rethrowOutOfRange, rethrowUniqueViolation, validateForm } from "../../form";
import { CODE_PATTERN, codeList, integer, optionalBoolean, optionalString, requiredString, translationsOf } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import type { Database } from "../../../data/db";
import { channels, locales, paymentMethodChannels, paymentMethods, paymentMethodTranslations } from "../../../data/schema";
import { deleteUnlessInUse, namedBatch, runBatch } from "../../../data/batch";
import { groupBy, unique } from "../../../data/collections";
import { contains, inJson } from "../../../data/conditions";
import { listPage } from "../../list-page";
import {
  insertPaymentMethodChannels,
  nextPaymentMethodPosition,
  paymentMethodByCode,
  paymentMethodColumns,
  paymentMethodIdsOfCode,
  paymentMethodInUse,
  paymentMethodParts,
  upsertPaymentMethodTranslations,
  type PaymentMethodParts,
  type PaymentMethodRow,
} from "../../../data/queries/payment-methods";
import { serializePaymentMethod } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { PaymentMethod, PaymentMethodPage } from "./schemas";

/** Sylius PaymentBundle's validation messages (validators.en.yml). */
export const PAYMENT_METHOD_MESSAGES = {
  codeBlank: "Please enter payment method code.",
  codePattern: "Payment method code can only be comprised of letters, numbers, dashes and underscores.",
  codeTaken: "The payment method with given code already exists.",
  nameBlank: "Please enter payment method name.",
  inUse: "Cannot delete, the payment method is in use.",
} as const;

const fields = {
  position: integer({ min: 0 }).optional(),
  enabled: optionalBoolean(),
  channels: codeList().optional(),
  translations: translationsOf({
    name: requiredString(PAYMENT_METHOD_MESSAGES.nameBlank),
    description: optionalString(),
  }).optional(),
};

export const createForm = defineForm({
  code: requiredString(PAYMENT_METHOD_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), {
    error: PAYMENT_METHOD_MESSAGES.codePattern,
  }),
  ...fields,
});

documentForm(createForm, {
  component: "PaymentMethodCreate",
  requiredByHandler: ["translations"],
  descriptions: {
    code: CODE_DESCRIPTION,
    position: "Default: after the last method.",
    enabled: "Default `true`.",
    channels: "Channel codes that offer the method.",
    translations: "Name (required) and description per locale code; at least one.",
  },
  example: {
    code: "cheque",
    position: 2,
    enabled: true,
    channels: ["US_WEB"],
    translations: { en_US: { name: "Cheque", description: "Send a cheque within 7 days." } },
  },
});

export const updateForm = defineForm({
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  ...fields,
});

documentForm(updateForm, {
  component: "PaymentMethodUpdate",
  shapes: { code: IGNORED_CODE },
  descriptions: { translations: "PUT replaces, PATCH merges by locale.", channels: "Replaces the old list." },
  example: { position: 5, enabled: false },
});

type Values = ReturnType<typeof validateForm<typeof updateForm.shape>>["values"];
type Field = (typeof updateForm.fields)[number];

const missing = (code: string) => notFound(`Payment method with code "${code}" does not exist.`);

function representation(rows: PaymentMethodRow[], parts: PaymentMethodParts) {
  const translationsOf = groupBy(parts.translations, (t) => t.methodId);
  const channelsOf = groupBy(parts.channels, (ch) => ch.methodId);
  return rows.map((row) =>
    serializePaymentMethod(row, { translations: translationsOf.get(row.id) ?? [], channels: channelsOf.get(row.id) ?? [] }),
  );
}

/** The reads of a write: the method, the sent locales and channels by code. */
function writeReads(db: Database, code: string, values: Values) {
  return {
    method: paymentMethodByCode(db, code),
    locales: db.select({ code: locales.code }).from(locales).where(inJson(locales.code, Object.keys(values.translations ?? {}))),
    channels: db.select({ id: channels.id, code: channels.code }).from(channels).where(inJson(channels.code, values.channels ?? [])),
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
    createdAt: paymentMethods.createdAt,
    updatedAt: paymentMethods.updatedAt,
  },
  defaultSorting: { field: "position" as const, direction: "asc" as const },
  filters: { code: (value: string) => contains(paymentMethods.code, value) },
};

const docs = crudDocs({
  tag: "Payment methods",
  noun: "payment method",
  plural: "payment methods",
  idPrefix: "PaymentMethod",
  item: PaymentMethod,
  page: PaymentMethodPage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(LIST),
  deleteConflict: true,
  putNote: "A sent `code` is ignored. Sent translations and channels replace the old ones.",
});

export const paymentMethodRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, paymentMethods, c.req.url, LIST);
    const { rows, counted, parts } = await namedBatch(db, {
      rows: page.rows(db.select(paymentMethodColumns).from(paymentMethods).$dynamic()),
      counted: page.count,
      parts: paymentMethodParts(db, page.ids),
    });
    return c.json(page.envelope("/api/v1/payment-methods/", counted, representation(rows, parts)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const { rows, parts } = await namedBatch(db, {
      rows: paymentMethodByCode(db, code),
      parts: paymentMethodParts(db, paymentMethodIdsOfCode(db, code)),
    });
    const [method] = representation(rows, parts);
    if (!method) throw missing(code);
    return c.json(method);
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code ?? "";
    const found = await namedBatch(db, writeReads(db, code, values));
    if (found.method.length > 0) result.fail("code", PAYMENT_METHOD_MESSAGES.codeTaken);
    if (result.isValid("translations") && Object.keys(values.translations ?? {}).length === 0) {
      result.fail("translations", PAYMENT_METHOD_MESSAGES.nameBlank);
    }
    const channelIds = checkReferences((field, message) => result.fail(field, message), values, found);
    result.assertValid();
    try {
      const { rows, parts } = await namedBatch(db, {
        method: db.insert(paymentMethods).values({
          code,
          position: values.position ?? boundedNext(nextPaymentMethodPosition),
          enabled: values.enabled ?? true,
        }),
        translations: upsertPaymentMethodTranslations(db, code, translationList(result.required("translations"))),
        channels: insertPaymentMethodChannels(db, code, channelIds ?? []),
        rows: paymentMethodByCode(db, code),
        parts: paymentMethodParts(db, paymentMethodIdsOfCode(db, code)),
      });
      const [method] = representation(rows, parts);
      if (!method) throw new Error(`Payment method "${code}" was not read back after its insert.`);
      return c.json(method, 201);
    } catch (error) {
      rethrowOutOfRange(error, result, "position", "payment_methods.position");
      rethrowUniqueViolation(error, result, "code", PAYMENT_METHOD_MESSAGES.codeTaken);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const merge = c.req.method === "PATCH";
    const result = validateForm(updateForm, c.var.body);
    const values = result.values;
    const found = await namedBatch(db, writeReads(db, code, values));
    const [method] = found.method;
    if (!method) throw missing(code);
    // PUT replaces the translations: it must leave at least one.
    if (!merge && values.translations && Object.keys(values.translations).length === 0) {
      result.fail("translations", PAYMENT_METHOD_MESSAGES.nameBlank);
    }
    const channelIds = checkReferences((field, message) => result.fail(field, message), values, found);
    result.assertValid();
    const id = method.id;
    const sentLocales = Object.keys(values.translations ?? {});
    await runBatch(db, [
      db
        .update(paymentMethods)
        .set({ position: values.position ?? method.position, enabled: values.enabled ?? method.enabled, updatedAt: nowIso() })
        .where(eq(paymentMethods.id, id)),
      ...(values.translations && !merge && sentLocales.length > 0
        ? [
            db
              .delete(paymentMethodTranslations)
              .where(and(eq(paymentMethodTranslations.methodId, id), notInArray(paymentMethodTranslations.locale, sentLocales))),
          ]
        : []),
      ...(values.translations && sentLocales.length > 0
        ? [upsertPaymentMethodTranslations(db, code, translationList(values.translations))]
        : []),
      ...(channelIds !== undefined
        ? [db.delete(paymentMethodChannels).where(eq(paymentMethodChannels.methodId, id)), insertPaymentMethodChannels(db, code, channelIds)]
        : []),
    ]);
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      method: [method],
    } = await namedBatch(db, { method: paymentMethodByCode(db, code) });
    if (!method) throw missing(code);
    await deleteUnlessInUse(db, paymentMethods, method.id, paymentMethodInUse(method.id), PAYMENT_METHOD_MESSAGES.inUse);
    return c.body(null, 204);
  });
