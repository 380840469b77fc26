/**
 * `/api/v1/products/{productCode}/variants/`: a product's variants (list, get, create, PUT, PATCH, delete).
 *
 * Forms (children in this order; PUT/PATCH add `version` LAST):
 *   code, translations, position, tracked, channelPricings, taxCategory,
 *   shippingCategory, optionValues, onHand, width, height, depth, weight[, version]
 * Any other field (onHold, id, ...) is a form-level extra-fields error.
 *
 * Order of outcomes on writes: 404 (product, then variant) → 412 (a stale
 * `If-Match`) → 400 (every field error at once, data checks included) → 409
 * (PUT without version, stale version, variant in use).
 *
 * Concurrency: an update is one atomic batch that ends with
 * `UPDATE product_variants SET ..., version = version + 1 WHERE id = ? AND version = ? RETURNING version`.
 * The child-row writes (translations, prices, option values) come BEFORE that
 * UPDATE in the same batch and each is guarded by
 * `EXISTS (SELECT 1 FROM product_variants WHERE id = ? AND version = <sent version>)`:
 * inside the batch nothing else can change the version before our UPDATE, so
 * the guards hold exactly when the compare-and-set wins. (Guarding on the new
 * version after the UPDATE would be fooled by a concurrent winner that already
 * moved the row to that same version.) PATCH without `version` writes without
 * a version condition (still atomic).
 *
 * Conditional requests: GET answers a strong `ETag` (a digest of the body,
 * ./etag.ts) and 304 to a matching `If-None-Match`. With `If-Match`, a write's
 * read batch also loads the variant's view, whose tag is compared (412 when
 * stale); the write then runs as a compare-and-set on the version read in
 * that same batch, so a change landing in between makes it a 412 as well,
 * never a write over a representation the client did not see. (Embedded rows
 * owned by other resources — a category's name — may still change between the
 * two batches: the variant's own rows, which the write replaces, cannot.)
 *
 * Cost (D1 round trips): GET one 1, list 1 (product + count + page + every
 * child of the page in one batch), create 2 (read batch with every reference;
 * write batch ending with the SELECTs of the response), PUT/PATCH 2, DELETE 2.
 */
import { apiHref, recordEvents, type DeclaredEvent } from "../../events";
import { changedFields } from "../../../domain/events/changes";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { boundedNext, defineForm, validateForm, type Failable, type FormResult, rethrowOutOfRange, rethrowUniqueViolation } from "../../form";
import { missingByCode } from "../shared/missing";
import { MAX_INT, integer, majorUnitsPrice, nonNegativeNumber, optionalBoolean, requiredCode, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { conflict } from "../../errors";
import { carriedQuery, criteriaFrom, cursorAfter, envelope, pageRequest, sortingFrom, withCursor } from "../../pagination";
import { DEEP_OFFSET } from "../../../data/list-page";
import { isForeignKeyViolation } from "../../../data/constraints";
import { productVariants } from "../../../data/schema";
import { namedBatch, type NamedResults } from "../../../data/batch";
import { shopLocaleCodes } from "../../../data/queries/product-options";
import type { Database } from "../../../data/db";
import {
  channelPricingWrites,
  optionValueWrites,
  translationWrites,
  variantIdsByCode,
  variantIdsOf,
  variantDeepPageQueries,
  variantPageQueries,
  variantPlainPageQueries,
  variantReferenceQueries,
  variantUpdateQueries,
  variantViewQueries,
  variantViewsFrom,
  viewsOf,
  noteBuiltViews,
  type ChildWriteTarget,
  type VariantRow,
  type VariantSortField,
  type VariantViewRows,
  deleteVariant,
  nextVariantPosition,
  noGuard,
  variantIdOfCode,
  variantVersionOf,
} from "../../../data/queries/product-variants";
import { productIdByCode } from "../../../data/queries/products";
import { serializeProductVariant, variantDefaultJson } from "./serializer";
import { JsonSplicer } from "../../serializers/json-splice";
import { keepBody, keptBody, listPlan } from "./list-cache";
import { keptJson } from "../../serializers/kept-body";

type VariantListItem = ReturnType<typeof serializeProductVariant>;
import { variantBodyEtag, variantEtag } from "./etag";
import { preconditionFailed, taggedJson } from "../../conditional";
import { checkIfMatch } from "../../../domain/conditional";
import { enc } from "../../serializers/links";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpec } from "../../openapi/describe";
import { CATEGORY_DESCRIPTION, CODE_DESCRIPTION, documentForm } from "../../openapi/form-docs";
import { ProductVariantDetailed, ProductVariantPage } from "./schemas";
import { insertRow } from "../../../data/queries/table-writes";

// ------------------------------------------------------------------ forms

/** A client echoing a read (`"translations": []`) means "none". */
const emptyListAsObject = (value: unknown) => (Array.isArray(value) && value.length === 0 ? {} : value);

const keyed = <T extends z.ZodType>(item: T) =>
  z.preprocess(emptyListAsObject, z.record(z.string(), item, { error: MSG.invalid })).optional();

/** A category code; `null` or `""` removes the category. */
const categoryReference = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

const dimension = () => nonNegativeNumber().nullable().optional();

const versionField = () =>
  z
    .union(
      [
        z.number({ error: MSG.invalid }).int({ error: MSG.invalid }).min(1, { error: MSG.invalid }),
        z
          .string({ error: MSG.invalid })
          .regex(/^\d{1,15}$/, { error: MSG.invalid })
          .transform(Number),
      ],
      { error: MSG.invalid },
    )
    .refine((version) => version <= MAX_INT, { error: MSG.invalid })
    .nullable()
    .optional();

/**
 * The variant form, in the order of Sylius 1.8's form (its children are
 * listed in this order). `position` and `onHand` are accepted too but are not
 * fields of that form: they appear in `children` only when they fail.
 * `version` is part of the create form as in Sylius, and ignored there.
 */
const createShape = {
  enabled: optionalBoolean(),
  translations: keyed(z.strictObject({ name: requiredString() }, { error: MSG.invalid })),
  version: versionField(),
  tracked: optionalBoolean(),
  width: dimension(),
  height: dimension(),
  depth: dimension(),
  weight: dimension(),
  taxCategory: categoryReference(),
  shippingRequired: optionalBoolean(),
  shippingCategory: categoryReference(),
  channelPricings: keyed(z.strictObject({ price: majorUnitsPrice() }, { error: MSG.invalid })),
  code: requiredCode(MSG.variantCodeBlank),
  optionValues: keyed(z.string({ error: MSG.invalid })),
  position: integer({ min: 0 }).optional(),
  onHand: integer({ min: 0 }).optional(),
};

const QUIET = ["position", "onHand"] as const;

export const createForm = defineForm(createShape, { quiet: QUIET });

documentForm(createForm, {
  component: "ProductVariantCreate",
  descriptions: {
    code: `${CODE_DESCRIPTION} Unique across all variants.`,
    translations: "Name per locale code.",
    position: "Default: 0 for the product's first variant, else after the last one.",
    channelPricings: "Price per enabled channel code, in major units (number or numeric string): `12.43` is stored as 1243.",
    taxCategory: CATEGORY_DESCRIPTION,
    shippingCategory: CATEGORY_DESCRIPTION,
    optionValues: "Option code → option value code, for the product's options.",
    enabled: "Default true. A disabled variant cannot be added to a cart. Not shown in the variant's representation (as in Sylius 1.8).",
    shippingRequired: "Default true. A cart whose items need no shipping gets no shipping charge. Not shown in the representation.",
    version: "Ignored on create.",
  },
  example: {
    code: "MUG_TH_TRAVEL",
    translations: { en_US: { name: "Travel theme mug" } },
    tracked: true,
    onHand: 25,
    channelPricings: { US_WEB: { price: "12.43" } },
    taxCategory: "other",
    shippingCategory: "default",
    optionValues: { mug_type: "mug_type_medium" },
    width: 9,
    height: 14,
    depth: 9,
    weight: 0.35,
  },
});

export const updateForm = defineForm(
  {
    ...createShape,
    code: requiredCode(MSG.variantCodeBlank).optional(),
  },
  { quiet: QUIET },
);

documentForm(updateForm, {
  component: "ProductVariantUpdate",
  descriptions: {
    translations: "PUT replaces the translations; PATCH merges them by locale.",
    channelPricings: "Major units. PUT replaces the prices; PATCH merges them by channel.",
    optionValues: "Replaces the option values.",
    taxCategory: CATEGORY_DESCRIPTION,
    shippingCategory: CATEGORY_DESCRIPTION,
    version: "The variant's current `version`. Required by PUT (409 when missing); a stale version is a 409.",
  },
  example: { version: 1, onHand: 30, channelPricings: { US_WEB: { price: 13.5 } } },
});

type UpdateShape = typeof updateForm.shape;
type Values = FormResult<UpdateShape>["values"];

// ---------------------------------------------------------------- helpers

const productMissing = missingByCode("Product");
const variantMissing = missingByCode("Product variant");
const IN_USE = "Cannot delete, the product variant is in use.";
const versionRequired = () => conflict("The optimistic lock failed: a version is required to update the product variant.");
const staleVersion = (sent: number, current: number) =>
  conflict(`The optimistic lock failed, version ${sent} was expected, but is actually ${current}.`);

const names = (translations: Record<string, { name: string }>) =>
  Object.fromEntries(Object.entries(translations).map(([locale, t]) => [locale, t.name]));
const prices = (pricings: Record<string, { price: number }>) =>
  Object.fromEntries(Object.entries(pricings).map(([channel, p]) => [channel, p.price]));

type ReferenceResults = Awaited<ReturnType<typeof readReferences>>;

/** What the read batch and the locale listing need of a form result. */
type ReadForm = Pick<FormResult<UpdateShape>, "values" | "valid" | "submitted" | "shape">;

/** A name sub-form, passing: ProductVariantTranslationType's one field. */
const TRANSLATION_FORM = () => ({ children: { name: {} } });

/** True when a failed form sent `translations`: its sub-forms are then listed for every locale of the shop. */
const listsLocales = (result: ReadForm): boolean => !result.valid && result.submitted.has("translations");

/**
 * A failed form that sent `translations` lists a sub-form for every locale
 * of the shop (in creation order, at most SHOP_LOCALES_LISTED), as Sylius'
 * translations form builds one per locale; their `name` passes (the
 * failures of the translations stay on `translations` itself). The locales
 * come from the read batch when the form failed before it, else from one
 * bounded read here: on the error path only, never on success.
 */
async function listShopLocales(db: Database, result: ReadForm, read: readonly { code: string }[] | undefined): Promise<void> {
  if (!listsLocales(result)) return;
  const shop = read ?? (await shopLocaleCodes(db));
  result.shape("translations", { children: Object.fromEntries(shop.map((row) => [row.code, TRANSLATION_FORM()])) });
}

/**
 * The read batch of a write: every reference, the uniqueness check, the
 * product and the variant; with `If-Match`, the variant's view too (its tag).
 * A form already failing that sent `translations` reads the shop's locales
 * in the same batch (`listShopLocales`): no extra round trip, and none on
 * success.
 */
function readReferences(c: Context<AppEnv>, result: ReadForm, variantCode?: string) {
  const productCode = c.req.param("productCode") ?? "";
  const values = result.values;
  return namedBatch(c.get("db"), {
    shopLocales: listsLocales(result) ? shopLocaleCodes(c.get("db")) : undefined,
    ...variantReferenceQueries(c.get("db"), {
      productCode,
      variantCode,
      newCode: values.code !== undefined && values.code !== variantCode ? values.code : undefined,
      locales: Object.keys(values.translations ?? {}),
      channels: Object.keys(values.channelPricings ?? {}),
      taxCategory: values.taxCategory,
      shippingCategory: values.shippingCategory,
      optionValueCodes: Object.values(values.optionValues ?? {}),
    }),
    current: currentViewQueries(c, variantCode),
  });
}

/** The variant's view, read only when the request has an `If-Match` to compare with its tag. */
function currentViewQueries(c: Context<AppEnv>, variantCode: string | undefined) {
  if (variantCode === undefined || c.req.header("If-Match") === undefined) return undefined;
  return variantViewQueries(c.get("db"), variantIdsByCode(c.req.param("productCode") ?? "", variantCode));
}

/** 412 unless `If-Match` (if any) matches the variant's tag, from the view its read batch loaded. */
async function variantIfMatch(c: Context<AppEnv>, current: VariantViewRows | undefined): Promise<void> {
  const header = c.req.header("If-Match");
  if (header === undefined) return;
  const [view] = current ? variantViewsFrom(current) : [];
  if (!checkIfMatch(header, view ? await variantEtag(view) : null)) throw preconditionFailed();
}

interface CheckedReferences {
  taxCategoryId: number | null | undefined;
  shippingCategoryId: number | null | undefined;
  optionValueIds: number[] | undefined;
}

/** What the data checks need of a create or update form result. */
type CheckedForm = Failable<keyof UpdateShape> & { values: Values; nest(field: "optionValues", names: readonly string[]): void };

/** The data checks of a write, added to the form result (only for fields that passed their format). */
function checkReferences(result: CheckedForm, refs: ReferenceResults): CheckedReferences {
  const { codeOwners, locales: localeRows, channels: channelRows, optionValues: optionRows } = refs;
  const { taxCategory: taxRows, shippingCategory: shippingRows } = refs;
  const values = result.values;
  result.nest("optionValues", refs.productOptions.map((option) => option.code));
  if (values.code !== undefined && codeOwners.length > 0) result.fail("code", MSG.variantCodeTaken);

  const knownLocales = new Set(localeRows.map((r) => r.code));
  for (const locale of Object.keys(values.translations ?? {})) {
    if (!knownLocales.has(locale)) result.fail("translations", MSG.invalid);
  }

  const enabledChannels = new Set(channelRows.filter((r) => r.enabled).map((r) => r.code));
  for (const channel of Object.keys(values.channelPricings ?? {})) {
    if (!enabledChannels.has(channel)) result.fail("channelPricings", MSG.invalid);
  }

  const category = (field: "taxCategory" | "shippingCategory", rows: { id: number }[]) => {
    const value = values[field];
    if (value === undefined || value === null) return value;
    if (!rows[0]) {
      result.fail(field, MSG.invalid);
      return undefined;
    }
    return rows[0].id;
  };
  const taxCategoryId = category("taxCategory", taxRows);
  const shippingCategoryId = category("shippingCategory", shippingRows);

  let optionValueIds: number[] | undefined;
  if (values.optionValues !== undefined) {
    optionValueIds = [];
    for (const [optionCode, valueCode] of Object.entries(values.optionValues)) {
      const match = optionRows.find((r) => r.optionCode === optionCode && r.valueCode === valueCode);
      if (match) optionValueIds.push(match.valueId);
      else result.fail("optionValues", MSG.invalid);
    }
  }
  return { taxCategoryId, shippingCategoryId, optionValueIds };
}

/** Column values a write sets from the form (only what was sent). */
function columnValues(values: Values, checked: CheckedReferences) {
  const set: Partial<typeof productVariants.$inferInsert> = {};
  if (values.code !== undefined) set.code = values.code;
  if (values.position !== undefined) set.position = values.position;
  if (values.tracked !== undefined) set.tracked = values.tracked;
  if (values.enabled !== undefined) set.enabled = values.enabled;
  if (values.shippingRequired !== undefined) set.shippingRequired = values.shippingRequired;
  if (values.onHand !== undefined) set.onHand = values.onHand;
  for (const dimension of ["width", "height", "depth", "weight"] as const) {
    if (values[dimension] !== undefined) set[dimension] = values[dimension];
  }
  if (checked.taxCategoryId !== undefined) set.taxCategoryId = checked.taxCategoryId;
  if (checked.shippingCategoryId !== undefined) set.shippingCategoryId = checked.shippingCategoryId;
  return set;
}

/** The children of a new variant. */
function createChildWrites(c: Context<AppEnv>, target: ChildWriteTarget, values: Values, checked: CheckedReferences) {
  const db = c.get("db");
  return [
    ...(values.translations ? translationWrites(db, target, names(values.translations), "create") : []),
    ...(values.channelPricings ? channelPricingWrites(db, target, prices(values.channelPricings), "create") : []),
    ...(checked.optionValueIds ? optionValueWrites(db, target, checked.optionValueIds, "create") : []),
  ];
}

// ----------------------------------------------------------------- routes

const SORTABLE: readonly VariantSortField[] = ["position", "code", "createdAt", "updatedAt", "name"];

/** How a variant's events name it. */
const variantRef = (productCode: string, code: string) => ({ href: apiHref(`products/${enc(productCode)}/variants/${enc(code)}`), code });

/**
 * A variant update's events: `product_variant.updated` with the fields sent,
 * and `inventory.changed` when a tracked variant's `onHand` moves.
 */
function variantEvents(variant: VariantRow, values: Values, change: "updated"): DeclaredEvent[] {
  const resource = variantRef(variant.productCode, variant.code);
  const identity = { id: variant.id, code: variant.code };
  const events: DeclaredEvent[] = [{ type: `product_variant.${change}`, resource, sequence: null, data: changedFields(identity, values) }];
  const tracked = values.tracked ?? variant.tracked;
  if (tracked && values.onHand !== undefined && values.onHand !== variant.onHand) {
    events.push({
      type: "inventory.changed",
      resource,
      sequence: null,
      data: { ...identity, productCode: variant.productCode, onHand: values.onHand, onHold: variant.onHold, previousOnHand: variant.onHand },
    });
  }
  return events;
}

async function update(c: Context<AppEnv>, mode: "put" | "patch") {
  const db = c.get("db");
  const productCode = c.req.param("productCode") ?? "";
  const code = c.req.param("code") ?? "";
  const result = validateForm(updateForm, c.get("body"));
  const refs = await readReferences(c, result, code);
  if (!refs.product[0]) throw productMissing(productCode);
  const variant: VariantRow | undefined = refs.variant[0];
  if (!variant) throw variantMissing(code);
  // Preconditions come before the body is looked at (RFC 9110 §13.2.2).
  await variantIfMatch(c, refs.current);
  const checked = checkReferences(result, refs);
  await listShopLocales(db, result, refs.shopLocales);
  result.assertValid();

  const values = result.values;
  const sentVersion = values.version ?? null;
  if (sentVersion === null && mode === "put") throw versionRequired();
  if (sentVersion !== null && sentVersion !== variant.version) throw staleVersion(sentVersion, variant.version);
  const conditional = refs.current !== undefined;

  const { queries, outcome } = variantUpdateQueries(db, {
    variantId: variant.id,
    // With If-Match, the write holds only on the version whose tag matched.
    expectedVersion: sentVersion ?? (conditional ? variant.version : null),
    set: columnValues(values, checked),
    translations: values.translations && { names: names(values.translations), mode: mode === "put" ? "replace" : "merge" },
    channelPricings: values.channelPricings && {
      prices: prices(values.channelPricings),
      mode: mode === "put" ? "replace" : "merge",
    },
    optionValueIds: checked.optionValueIds,
    updatedAt: nowIso(),
  });
  // The events ride on the version compare-and-set: none when it lost (stale, or the variant gone).
  recordEvents(c, variantEvents(variant, values, "updated"), { ifChanged: true, sequence: variantVersionOf(variant.id) });
  let results: NamedResults<typeof queries>;
  try {
    results = await namedBatch(db, queries);
  } catch (error) {
    rethrowUniqueViolation(error, result, "code", MSG.variantCodeTaken);
  }
  const done = outcome(results);
  if (done.status === "missing") throw variantMissing(code);
  if (done.status === "stale") throw conditional ? preconditionFailed() : staleVersion(sentVersion ?? variant.version, done.version);
  return c.body(null, 204);
}

const docs = crudDocs({
  tag: "Product variants",
  area: "catalog",
  nested: true,
  noun: "product variant",
  plural: "product variants",
  idPrefix: "ProductVariant",
  item: ProductVariantDetailed,
  page: ProductVariantPage,
  create: createForm,
  update: updateForm,
  list: listSpec(["position", "code", "createdAt", "updatedAt", "name"], ["code", "name"], "createdAt desc"),
  deleteConflict: true,
  conditional: true,
  updateConflict: "409 when `version` is stale (and, for PUT, when it is missing).",
  putNote: "Must include `version`. Fields not sent keep their values; a sent collection (translations, channelPricings, optionValues) replaces the old one.",
  patchNote: "Any subset of the PUT fields; `version` is optional. Sent translations and channelPricings are merged by key.",
});

export const productVariantRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const productCode = c.req.param("productCode") ?? "";
    // What the URL asks for, parsed once per URL, and the body last written for it (list-cache.ts).
    const { query, request } = listPlan(c.req.url, () => {
      const url = new URL(c.req.url);
      const sorting = sortingFrom(url, SORTABLE, { field: "createdAt", direction: "desc" });
      const request = withCursor(pageRequest(url), url, sorting);
      const criteria = criteriaFrom(url, ["code", "name"] as const);
      return { query: { productCode, criteria, sorting, limit: request.limit, offset: request.offset, cursor: request.cursor }, request };
    });
    const db = c.get("db");
    // A deep page reads its ids first (one walk of the index), then the rest by them: see data/list-page.ts.
    const page =
      request.offset < DEEP_OFFSET
        ? await namedBatch(db, variantPlainPageQueries(db, query) ?? variantPageQueries(db, query))
        : await (async () => {
            const deep = variantDeepPageQueries(db, query);
            const first = await namedBatch(db, deep.first);
            const ids = first.ids.map((row): number => row.id);
            const rest = await namedBatch(db, deep.rest(ids));
            const position = new Map(ids.map((id, i) => [id, i]));
            rest.rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
            return { ...first, ...rest };
          })();
    if (!page.product[0]) throw productMissing(productCode);
    const refills = c.get("viewRefills");
    const kept = keptBody(c.req.url, page);
    if (kept !== undefined) {
      noteBuiltViews(page.rows, refills);
      return keptJson(c, kept);
    }
    // Each item is the variant's default set, whose text is kept per variant (as a cart's items embed it).
    const splicer = new JsonSplicer();
    const items = viewsOf(page.rows, refills).map((view) => splicer.embed<VariantListItem>(variantDefaultJson(view)));
    const url = new URL(c.req.url);
    const body = envelope({
      path: `/api/v1/products/${enc(productCode)}/variants/`,
      request,
      total: page.counted[0]?.total ?? 0,
      items,
      query: carriedQuery(url),
      next: cursorAfter(query.sorting, page.counted[0]?.next),
    });
    return keptJson(c, keepBody(c.req.url, { query, request }, page, splicer.stringify(body)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.get("db");
    const productCode = c.req.param("productCode") ?? "";
    const code = c.req.param("code");
    const read = await namedBatch(db, {
      product: productIdByCode(db, productCode),
      variant: variantViewQueries(db, variantIdsByCode(productCode, code)),
    });
    if (!read.product[0]) throw productMissing(productCode);
    const [view] = variantViewsFrom(read.variant, c.var.viewRefills);
    if (!view) throw variantMissing(code);
    const body = serializeProductVariant(view, "detailed");
    return taggedJson(c, await variantBodyEtag(body), () => body);
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.get("db");
    const productCode = c.req.param("productCode") ?? "";
    const result = validateForm(createForm, c.get("body"));
    const refs = await readReferences(c, result);
    const product = refs.product[0];
    if (!product) throw productMissing(productCode);
    const checked = checkReferences(result, refs);
    await listShopLocales(db, result, refs.shopLocales);
    result.assertValid();

    const values = result.values;
    // A valid create form has its code (the field is required).
    const code = values.code ?? "";
    const newId = variantIdOfCode(code);
    const insert = insertRow(db, productVariants, {
      productId: product.id,
      tracked: false,
      onHand: 0,
      ...columnValues(values, checked),
      code,
      // First variant of the product: 0; otherwise after the last one (computed in the same transaction).
      position:
        values.position ??
        boundedNext(nextVariantPosition(product.id)),
    });
    const writes = [insert, ...createChildWrites(c, { variantId: newId, guard: noGuard() }, values, checked)];
    const batch = { writes, created: variantViewQueries(db, variantIdsOf(newId)) };
    recordEvents(c, [{ type: "product_variant.created", resource: variantRef(productCode, code), sequence: null, data: changedFields({ code }, values) }], {
      sequence: variantVersionOf(newId),
    });
    let results: NamedResults<typeof batch>;
    try {
      results = await namedBatch(db, batch);
    } catch (error) {
      rethrowOutOfRange(error, result, "position", "product_variants.position");
      rethrowUniqueViolation(error, result, "code", MSG.variantCodeTaken);
    }
    const [view] = variantViewsFrom(results.created);
    if (!view) throw new Error(`Variant ${code} missing after its insert`);
    const body = serializeProductVariant(view, "detailed");
    return c.json(body, 201, { ETag: await variantBodyEtag(body) });
  })
  .put("/:code", describeRoute(docs.put), (c) => update(c, "put"))
  .patch("/:code", describeRoute(docs.patch), (c) => update(c, "patch"))
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.get("db");
    const productCode = c.req.param("productCode") ?? "";
    const code = c.req.param("code");
    const refs = await namedBatch(db, {
      ...variantReferenceQueries(db, { productCode, variantCode: code }),
      current: currentViewQueries(c, code),
    });
    if (!refs.product[0]) throw productMissing(productCode);
    const variant = refs.variant[0];
    if (!variant) throw variantMissing(code);
    await variantIfMatch(c, refs.current);
    if (refs.inUse.length > 0) throw conflict(IN_USE);
    // With If-Match, only the version whose tag matched is deleted.
    const conditional = refs.current !== undefined;
    let deleted: { id: number }[];
    // With If-Match the delete is conditional (the batch's only statement): so is its event.
    recordEvents(c, [{ type: "product_variant.deleted", resource: variantRef(productCode, variant.code), sequence: null, data: changedFields({ id: variant.id, code: variant.code }) }], {
      ifChanged: true,
    });
    try {
      deleted = await deleteVariant(db, variant.id, conditional ? variant.version : undefined);
    } catch (error) {
      // An order item added since the read batch.
      if (isForeignKeyViolation(error)) throw conflict(IN_USE);
      throw error;
    }
    if (conditional && deleted.length === 0) throw preconditionFailed();
    return c.body(null, 204);
  });
