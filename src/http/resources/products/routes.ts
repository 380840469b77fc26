/**
 * `/api/v1/products/`: products with translations (name, slug, description),
 * options and channels. Keyed by code. The variants of a product live under
 * `/products/{code}/variants/` (another sub-app, mounted before this one).
 *
 * Cost: GET one / list = 1 D1 round trip; create / update / delete = 2 (one
 * read batch that also carries the auth check, then one atomic write batch;
 * a create's write batch ends with the SELECTs of the response).
 */
import { apiHref, recordEvents } from "../../events";
import { enc } from "../../serializers/links";
import { changedFields } from "../../../domain/events/changes";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, isEmptyBody, validateForm, type FormResult, rethrowUniqueViolation } from "../../form";
import { readBack } from "../shared/read-back";
import { missingByCode } from "../shared/missing";
import { CODE_PATTERN, optionalBoolean, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { conflict } from "../../errors";
import { isForeignKeyViolation } from "../../../data/constraints";
import { channels, productAssociationTypes, productOptions, products } from "../../../data/schema";
import { unique } from "../../../data/collections";
import { associationReads, associationRecords, replaceAssociations, type AssociationInput } from "../../../data/queries/product-associations";
import type { Database } from "../../../data/db";
import { idsByCodeQueries, idsOfCodes, namedBatch, type NamedResults, type Statement } from "../../../data/batch";
import { containsText } from "../../../data/conditions";
import { listPage, SEARCH_SCOPES, substring, type ListSpec } from "../../list-page";
import { existingLocalesQueries, localeSet, shopLocaleCodes } from "../../../data/queries/product-options";
import {
  createProductStatements,
  deleteProductTranslations,
  productIdByCode,
  optionsUsedByVariants,
  productDetailReads,
  productDetails,
  productOrdered,
  productReads,
  productRecords,
  replaceProductChannels,
  replaceProductOptions,
  upsertProductTranslations,
  type ProductTranslationInput,
  type ProductTranslationRow,
  productsOfTranslations,
} from "../../../data/queries/products";
import { reviewsOfProducts } from "../../../data/queries/product-reviews";
import { serializeProduct, serializeProductListItem } from "./serializer";
import { imagesByOwner } from "../images/serializer";
import { nowIso } from "../../serializers/timestamps";
import { codeListField, failUnknown, forEachTranslation, reported } from "../shared/fields";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, codeListShape, documentForm, EMPTY_PUT_NOTE, type InputShape } from "../../openapi/form-docs";
import { Product, ProductPage } from "./schemas";
import { checkTaxons, MAIN_TAXON_SHAPE, mainTaxonField, PRODUCT_TAXONS_SHAPE, productTaxonReads, productTaxonsField, productTaxonViews, formTaxons, taxonWrites } from "./taxons";
import { attributeReferences, checkAttributeValues } from "./attributes";
import { attributesByCodes, attributeValuesOfProducts, replaceAttributeValues } from "../../../data/queries/product-attributes";
import { DEFAULT_LOCALE } from "../../../domain/product-attributes";
import { imagesOf, imageWrites, takeRemovals } from "../../../data/queries/images";
import { checkImages, IMAGES_SHAPE, imagesField } from "../images/form";
import { removeImageFiles, stageImages } from "../images/staging";
import { updateById, deleteById } from "../../../data/queries/table-writes";

/** Sylius 1.8's texts (ProductBundle's validators.en.yml), and this service's conflicts. */
export const PRODUCT_MESSAGES = {
  codeBlank: "Please enter product code.",
  codePattern: "Product code can only be comprised of letters, numbers, dashes and underscores.",
  codeTaken: "Product code must be unique.",
  nameBlank: "Please enter product name.",
  nameTooShort: "Product name must be at least 2 characters long.",
  nameTooLong: "Product name must not be longer than 255 characters.",
  slugBlank: "Please enter product slug.",
  slugTooLong: "Product slug must not be longer than 255 characters.",
  inUse: "Cannot delete, the product is in use.",
  optionInUse: (code: string) =>
    `Cannot remove the option "${code}" from the product, product variants use its values.`,
} as const;

// ---------------------------------------------------------------------- form

/** `translations`, `options` and `channels` parse `unknown` (their messages are re-worded): what they accept. */
const productShapes = {
  translations: {
    schema: z
      .record(
        z.string(),
        z.object({ name: z.string().optional(), slug: z.string().optional(), description: z.string().nullable().optional() }),
      )
      .meta({ description: "Per locale code: `name` and `slug` (required unless PATCH merges them into an existing translation), `description`." }),
    examples: [{ en_US: { name: "Mug", slug: "mug", description: "A mug." } }],
  },
  options: codeListShape("Product option", ["mug_type"]),
  associations: {
    schema: z
      .record(z.string(), z.string().nullable())
      .meta({ description: "Per association type code: the associated products' codes, comma-separated (`null` or `\"\"`: none). A sent object replaces the product's associations." }),
    examples: [{ similar: "MUG_SW,MUG_BB" }],
  },
  channels: codeListShape("Channel", ["US_WEB"]),
  mainTaxon: MAIN_TAXON_SHAPE,
  productTaxons: PRODUCT_TAXONS_SHAPE,
  attributes: {
    schema: z
      .array(z.object({ attribute: z.string(), localeCode: z.string(), value: z.unknown() }))
      .meta({ description: "Values by attribute code and locale, typed by the attribute (see the product attributes' documentation); sent values replace the old ones." }),
    examples: [[{ attribute: "mug_material", localeCode: "en_US", value: "concrete" }]],
  },
  images: IMAGES_SHAPE,
} satisfies Record<string, InputShape>;

/**
 * Sylius 1.8's product form (AdminApiBundle's ProductType over ProductBundle's
 * and CoreBundle's extension), its fields in its order: enabled,
 * translations, attributes, associations, channels, mainTaxon,
 * productTaxons, images, then code and options (added on PRE_SET_DATA).
 */
export const createForm = defineForm({
  enabled: optionalBoolean(),
  translations: reported(z.record(z.string(), z.unknown())),
  attributes: reported(z.array(z.unknown())),
  associations: reported(z.record(z.string(), z.string().nullable())),
  channels: codeListField(),
  mainTaxon: mainTaxonField(),
  productTaxons: productTaxonsField(),
  images: imagesField(),
  code: requiredString(PRODUCT_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: PRODUCT_MESSAGES.codePattern }),
  options: codeListField(),
}, { lists: ["attributes", "images"] });

documentForm(createForm, {
  component: "ProductCreate",
  shapes: productShapes,
  descriptions: { code: CODE_DESCRIPTION },
  example: {
    code: "MUG_TRAVEL",
    translations: { en_US: { name: "Travel mug", slug: "travel-mug", description: "Keeps it hot." } },
    options: ["mug_type"],
    channels: ["US_WEB"],
    enabled: true,
  },
});

/**
 * Updates: the code is the identity; a sent code is validated, never applied.
 * A PUT clears what it leaves out, as Sylius' form submitted whole: `enabled`
 * unchecked, no attributes, associations, channels, taxons, images or
 * options (the options are kept once variants use them: Sylius disables the
 * field then). The translations are kept (docs/api/updates.md). PATCH keeps all.
 */
export const updateForm = defineForm(
  { ...createForm.shape, code: createForm.shape.code.optional() },
  { cleared: { enabled: false, attributes: [], associations: {}, channels: [], mainTaxon: null, productTaxons: [], images: [], options: [] }, lists: ["attributes", "images"] },
);

documentForm(updateForm, {
  component: "ProductUpdate",
  shapes: productShapes,
  example: { enabled: false },
});

type ProductResult = Pick<FormResult<typeof createForm.shape>, "fail" | "failAt" | "shape" | "failForm" | "assertValid" | "valid" | "submitted" | "fillChildren">;
type SentTranslations = Record<string, unknown>;

/** ProductTranslationType's fields (with CoreBundle's shortDescription): the children of each locale's sub-form. */
const TRANSLATION_FIELDS = ["name", "slug", "description", "metaKeywords", "metaDescription", "shortDescription"] as const;
/** What this service stores of a translation. */
const STORED_FIELDS = new Set(["name", "slug", "description"]);

/** A required text of a translation: its message, or null when it is good. */
function translationTextMessage(value: unknown, blank: string, min: { length: number; message: string } | null, tooLong: string): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return blank;
  if (typeof value !== "string" || /\p{Cs}/u.test(value)) return MSG.invalid;
  if (min && value.length < min.length) return min.message;
  return value.length > 255 ? tooLong : null;
}

/**
 * A failed form's translations list a sub-form for every locale of the
 * shop, sent or not, as Sylius' translations form builds one per locale:
 * one bounded read, on the error path only (a success never pays it).
 */
async function listShopLocales(db: Database, result: ProductResult): Promise<void> {
  if (result.valid || !result.submitted.has("translations")) return;
  const shop = await shopLocaleCodes(db);
  result.fillChildren(
    "translations",
    shop.map((row) => row.code),
    () => ({ children: Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, {}])) }),
  );
}

/**
 * The translations to write for the sent locales: on PATCH a sent locale is
 * merged field by field into the existing translation; otherwise it stands
 * alone. Each failure is reported in its locale's sub-form, as Symfony does
 * (`translations.children.<locale>.children.name`).
 */
function resolveTranslations(
  result: ProductResult,
  sent: SentTranslations | undefined,
  locales: Set<string>,
  existing: readonly ProductTranslationRow[],
  merge: boolean,
): Map<string, ProductTranslationInput> | undefined {
  if (!sent) return undefined;
  const known = Object.keys(sent).filter((locale) => locales.has(locale));
  const subForm = { children: Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, {}])) };
  result.shape("translations", known.length ? { children: Object.fromEntries(known.map((locale) => [locale, structuredClone(subForm)])) } : {});
  const base = new Map(merge ? existing.map((t) => [t.locale, t] as const) : []);
  const resolved = new Map<string, ProductTranslationInput>();
  forEachTranslation(result, sent, locales, STORED_FIELDS, (locale, entry) => {
    const previous = base.get(locale);
    const name = entry.name ?? previous?.name;
    const slug = entry.slug ?? previous?.slug;
    const description = entry.description !== undefined ? entry.description : (previous?.description ?? null);
    const nameMessage = translationTextMessage(
      name,
      PRODUCT_MESSAGES.nameBlank,
      { length: 2, message: PRODUCT_MESSAGES.nameTooShort },
      PRODUCT_MESSAGES.nameTooLong,
    );
    const slugMessage = translationTextMessage(slug, PRODUCT_MESSAGES.slugBlank, null, PRODUCT_MESSAGES.slugTooLong);
    const descriptionOk = description === null || (typeof description === "string" && description.length <= 4000 && !/\p{Cs}/u.test(description));
    if (nameMessage) result.failAt("translations", [locale, "name"], nameMessage);
    if (slugMessage) result.failAt("translations", [locale, "slug"], slugMessage);
    if (!descriptionOk) result.failAt("translations", [locale, "description"], MSG.invalid);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- no name or slug message: both are non-blank strings
    if (!nameMessage && !slugMessage && descriptionOk) resolved.set(locale, { name: name as string, slug: slug as string, description });
  });
  return resolved;
}

type SentAssociations = Record<string, string | null>;

/** The product codes of each sent association type (`"A,B"`; null or "" is none). */
const associatedCodes = (sent: SentAssociations | undefined) =>
  new Map(Object.entries(sent ?? {}).map(([type, codes]) => [type, (codes ?? "").split(",").map((code) => code.trim()).filter(Boolean)]));

function referenceReads(
  db: Database,
  values: { translations?: SentTranslations; options?: string[]; channels?: string[]; attributes?: unknown[]; associations?: SentAssociations },
) {
  const attributes = attributeReferences(values.attributes);
  const associations = associatedCodes(values.associations);
  return {
    attributes: attributesByCodes(db, attributes.codes),
    associationTypes: idsByCodeQueries(db, productAssociationTypes, [...associations.keys()]),
    associatedProducts: idsByCodeQueries(db, products, [...associations.values()].flat()),
    locales: existingLocalesQueries(db, [...Object.keys(values.translations ?? {}), ...attributes.locales]),
    options: idsByCodeQueries(db, productOptions, values.options ?? []),
    channels: idsByCodeQueries(db, channels, values.channels ?? []),
  };
}

function checkReferences(
  result: ProductResult,
  values: { translations?: SentTranslations; options?: string[]; channels?: string[]; associations?: SentAssociations },
  read: NamedResults<ReturnType<typeof referenceReads>>,
): { optionIds?: number[]; channelIds?: number[]; associations?: AssociationInput[] } {
  const found = {
    options: idsOfCodes(read.options),
    channels: idsOfCodes(read.channels),
    associationTypes: idsOfCodes(read.associationTypes),
    associatedProducts: idsOfCodes(read.associatedProducts),
  };
  if (values.options) failUnknown(result, "options", values.options, new Set(found.options.keys()));
  if (values.channels) failUnknown(result, "channels", values.channels, new Set(found.channels.keys()));
  const sent = associatedCodes(values.associations);
  // Sylius' associations form has one field per association type: another key is not valid.
  failUnknown(result, "associations", sent.keys(), new Set(found.associationTypes.keys()));
  if ([...sent.values()].flat().some((code) => !found.associatedProducts.has(code))) result.fail("associations", MSG.invalid);
  return {
    associations: values.associations
      ? [...sent].flatMap(([type, codes]) => {
          const typeId = found.associationTypes.get(type);
          return typeId === undefined ? [] : [{ typeId, productIds: unique(codes.flatMap((code) => found.associatedProducts.get(code) ?? [])) }];
        })
      : undefined,
    optionIds: values.options?.map((code) => found.options.get(code) ?? 0),
    channelIds: values.channels?.map((code) => found.channels.get(code) ?? 0),
  };
}

// -------------------------------------------------------------------- routes

const missing = missingByCode("Product");

async function loadDetail(db: Database, code: string) {
  const found = await namedBatch(db, {
    details: productDetailReads(db, productIdByCode(db, code)),
    taxa: productTaxonReads(db, productIdByCode(db, code)),
    attributeValues: attributeValuesOfProducts(db, productIdByCode(db, code), DEFAULT_LOCALE),
    reviews: reviewsOfProducts(db, productIdByCode(db, code)),
    associations: associationReads(db, productIdByCode(db, code)),
    images: imagesOf(db, "product", productIdByCode(db, code)),
  });
  const [product] = productDetails(found.details);
  if (!product) throw missing(code);
  return serializeProduct(product, {
    attributeValues: found.attributeValues,
    taxa: productTaxonViews(found.taxa, product.id),
    reviews: found.reviews,
    associations: associationRecords(found.associations).get(product.id),
    images: found.images,
  });
}

/** The product list: Sylius' grid's sorts and filters (the document is generated from it). */
const LIST: ListSpec<"code" | "name" | "createdAt" | "updatedAt", "code" | "name"> = {
  // Sylius' grid sorts `name` by `translation.name` (the request's locale): the en_US name, kept on the product with its index.
  sortable: { code: products.code, name: products.sortName, createdAt: products.createdAt, updatedAt: products.updatedAt },
  defaultSorting: { field: "code", direction: "asc" },
  filters: {
    code: substring(SEARCH_SCOPES.productCode, containsText),
    name: substring(SEARCH_SCOPES.productName, containsText, productsOfTranslations),
  },
};

const docs = crudDocs({
  tag: "Products",
  area: "catalog",
  noun: "product",
  plural: "products",
  idPrefix: "Product",
  item: Product,
  page: ProductPage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(LIST),
  deleteConflict: true,
  updateConflict: "409 when an option that variants use is removed from `options`.",
  putNote: `A sent \`code\` is validated, then ignored. Sent translations replace the old ones; sent options and channels replace the old lists. ${EMPTY_PUT_NOTE} (Sylius' product form has no field that fails empty on edit: the form-level \`This value should not be blank.\` says so.)`,
  patchNote: "Fields not sent keep their values; sent translations are merged field by field into the existing ones.",
});

/** How the product's events name it. */
const productRef = (code: string) => ({ href: apiHref(`products/${enc(code)}`), code });

export const productRoutes = new Hono<AppEnv>({ strict: false })
  // Sent image files go to R2 before the handler (and away again when it refuses); the handlers remove dropped images' files.
  .use("/", stageImages({ drain: false }))
  .use("/:code", stageImages({ drain: false }))
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, products, c.req.url, LIST);
    const { counted, items } = await page.read(c, (at) => ({
      rows: productDetailReads(db, at.ids, page.orderBy),
      images: imagesOf(db, "product", at.ids),
    }));
    const images = imagesByOwner(items.images);
    return c.json(
      page.envelope("/api/v1/products/", counted, productDetails(items.rows).map((row) => serializeProductListItem(row, images.get(row.id)))),
    );
  })
  .get("/:code", describeRoute(docs.get), async (c) => c.json(await loadDetail(c.var.db, c.req.param("code"))))
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code;

    const found = await namedBatch(db, {
      taken: code !== undefined ? productIdByCode(db, code).limit(1) : undefined,
      references: referenceReads(db, values),
      taxons: formTaxons(db, values),
    });

    if ((found.taken?.length ?? 0) > 0) result.fail("code", PRODUCT_MESSAGES.codeTaken);
    const taxonPlan = checkTaxons(result, values, found.taxons);
    const ids = checkReferences(result, values, found.references);
    const locales = localeSet(found.references.locales);
    const translations = resolveTranslations(result, values.translations, locales, [], false);
    const attributeValues = checkAttributeValues(result, values.attributes, { attributes: found.references.attributes, locales });
    const imagePlan = checkImages(result, values.images, []);
    await listShopLocales(db, result);
    result.assertValid();
    const newCode = result.required("code");

    const writes: Statement[] = [
      ...createProductStatements(db, {
        code: newCode,
        enabled: values.enabled ?? true,
        translations: translations ?? new Map<string, ProductTranslationInput>(),
        optionIds: ids.optionIds ?? [],
        channelIds: ids.channelIds ?? [],
      }),
      ...taxonWrites(db, newCode, taxonPlan, false),
      ...(attributeValues?.length ? replaceAttributeValues(db, newCode, attributeValues) : []),
      ...(ids.associations ? replaceAssociations(db, newCode, ids.associations) : []),
      ...(imagePlan ? imageWrites(db, "product", productIdByCode(db, newCode).getSQL(), imagePlan) : []),
    ];
    const created = productIdByCode(db, newCode);
    recordEvents(c, [{ type: "product.created", resource: productRef(newCode), sequence: null, data: changedFields({ code: newCode }, values) }]);
    const [, read] = await namedBatch(
      db,
      {
        details: productDetailReads(db, created),
        taxa: productTaxonReads(db, created),
        attributeValues: attributeValuesOfProducts(db, created, DEFAULT_LOCALE),
        associations: associationReads(db, created),
        images: imagesOf(db, "product", created),
      },
      writes,
    ).catch((error: unknown) => rethrowUniqueViolation(error, result, "code", PRODUCT_MESSAGES.codeTaken));
    const product = readBack(productDetails(read.details)[0], `Product "${newCode}"`);
    return c.json(
      serializeProduct(product, {
        attributeValues: read.attributeValues,
        taxa: productTaxonViews(read.taxa, product.id),
        associations: associationRecords(read.associations).get(product.id),
        images: read.images,
      }),
      201,
    );
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const merge = c.req.method === "PATCH";
    const result = validateForm(updateForm, c.var.body);
    // A PUT is Sylius' form submitted whole: what it leaves out is cleared (updateForm's `cleared`).
    if (!merge) result.clearMissing();
    const values = result.values;

    const found = await namedBatch(db, {
      current: productReads(db, productIdByCode(db, code)),
      references: referenceReads(db, values),
      usedOptions: optionsUsedByVariants(db, code),
      taxons: formTaxons(db, values),
      images: values.images === undefined ? undefined : imagesOf(db, "product", productIdByCode(db, code)),
    });

    const [product] = productRecords(found.current);
    if (!product) throw missing(code);
    const taxonPlan = checkTaxons(result, values, found.taxons);
    const ids = checkReferences(result, values, found.references);
    const locales = localeSet(found.references.locales);
    const translations = resolveTranslations(result, values.translations, locales, product.translations, merge);
    const attributeValues = checkAttributeValues(result, values.attributes, { attributes: found.references.attributes, locales });
    const imagePlan = checkImages(result, values.images, found.images ?? []);
    // Sylius' product form has no field that fails empty on edit: the empty body itself is refused.
    if (!merge && isEmptyBody(c.var.body)) result.failForm(MSG.blank);
    await listShopLocales(db, result);
    result.assertValid();

    // Sylius disables `options` once variants use them: a PUT leaving them out keeps them then.
    const optionIds = !result.submitted.has("options") && found.usedOptions.length > 0 ? undefined : ids.optionIds;
    if (optionIds) {
      const kept = new Set(optionIds);
      const used = new Set(found.usedOptions.map((row) => row.optionId));
      const removedInUse = product.options.find((option) => !kept.has(option.id) && used.has(option.id));
      if (removedInUse) throw conflict(PRODUCT_MESSAGES.optionInUse(removedInUse.code));
    }

    const changes: Partial<typeof products.$inferInsert> = { updatedAt: nowIso() };
    if (values.enabled !== undefined) changes.enabled = values.enabled;
    const statements: Statement[] = [updateById(db, products, product.id, changes)];
    if (translations) {
      if (!merge) {
        const dropped = product.translations.filter((t) => !translations.has(t.locale)).map((t) => t.id);
        statements.push(...deleteProductTranslations(db, dropped));
      }
      statements.push(...upsertProductTranslations(db, product.id, translations));
    }
    if (optionIds) statements.push(...replaceProductOptions(db, product.id, optionIds));
    if (ids.channelIds) statements.push(...replaceProductChannels(db, product.id, ids.channelIds));
    statements.push(...taxonWrites(db, product.code, taxonPlan, true));
    if (attributeValues) statements.push(...replaceAttributeValues(db, product.code, attributeValues));
    if (ids.associations) statements.push(...replaceAssociations(db, product.code, ids.associations));
    if (imagePlan) statements.push(...imageWrites(db, "product", product.id, imagePlan));

    recordEvents(c, [{ type: "product.updated", resource: productRef(product.code), sequence: null, data: changedFields({ id: product.id, code: product.code }, values) }]);
    // The files of dropped or replaced images, queued by the statements above (nothing when no image changed).
    const { removed } = await namedBatch(db, { statements, removed: imagePlan ? takeRemovals(db) : undefined });
    await removeImageFiles(db, c.var.images, (removed ?? []).map((row) => row.path));
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const found = await namedBatch(db, { product: productIdByCode(db, code).limit(1), ordered: productOrdered(db, code) });
    const [product] = found.product;
    if (!product) throw missing(code);
    if (found.ordered.length > 0) throw conflict(PRODUCT_MESSAGES.inUse);
    let removed: { path: string }[];
    recordEvents(c, [{ type: "product.deleted", resource: productRef(code), sequence: null, data: changedFields({ id: product.id, code }) }]);
    try {
      // The product's images go with it (cascade); their files after the batch commits.
      ({ removed } = await namedBatch(db, { product: deleteById(db, products, product.id), removed: takeRemovals(db) }));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(PRODUCT_MESSAGES.inUse);
      throw error;
    }
    await removeImageFiles(db, c.var.images, removed.map((row) => row.path));
    return c.body(null, 204);
  });
