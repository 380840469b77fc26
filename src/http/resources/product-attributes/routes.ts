/**
 * `/api/v1/product-attributes/`: typed attributes products carry values of.
 * Created by type (`POST /product-attributes/{type}`, Sylius' factory
 * `createTyped`); the type never changes (a sent `type` is ignored). A
 * delete removes the attribute's values on products with it, as Sylius'
 * cascade does, and closes the positions' gap (a trigger).
 *
 * List: default sorting `position asc`; sortable `position`, `code`,
 * `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 * PUT and PATCH: sent translations are added or renamed by locale (others
 * kept, as Sylius' translations form does); fields not sent keep their values.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import type { Database } from "../../../data/db";
import { productAttributes } from "../../../data/schema";
import { localeCodesIn } from "../../../data/queries/locales";
import {
  insertedAttributePosition,
  maxAttributePosition,
  moveAttributeStatements,
  nextAttributePosition,
  productAttributeByCode,
  productAttributeColumns,
  productAttributeIdsOfCode,
  productAttributeParts,
  shiftAfterAttributeInsert,
  upsertAttributeTranslations,
  type ProductAttributeParts,
  type ProductAttributeRow,
} from "../../../data/queries/product-attributes";
import { ATTRIBUTE_TYPES, isAttributeType } from "../../../domain/product-attributes";
import { boundedNext } from "../../form";
import { nowIso } from "../../serializers/timestamps";
import { resourceRoutes, withParts } from "../shared/resource";
import { withOwnParts } from "../shared/own-parts";
import { createPathPerType } from "../shared/typed-create";
import { ATTRIBUTE_MESSAGES, checkAttribute, createForm, sentLocales, updateForm } from "./form";
import { serializeProductAttribute, serializeProductAttributeListItem } from "./serializer";
import { ProductAttribute, ProductAttributePage } from "./schemas";
import { textFilter } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

const represent =
  <T>(serialize: (row: ProductAttributeRow, translations: ProductAttributeParts["translations"]) => T) =>
  (rows: ProductAttributeRow[], parts: ProductAttributeParts) =>
    withOwnParts(rows, parts.translations, (t) => t.attributeId, serialize);

const LIST_READS = withParts(productAttributeByCode, productAttributeIdsOfCode, productAttributeParts, represent(serializeProductAttributeListItem));
const ONE_READS = withParts(productAttributeByCode, productAttributeIdsOfCode, productAttributeParts, represent(serializeProductAttribute));

/** The sent locales that exist. */
const knownLocales = (db: Database, body: unknown) => ({
  locales: localeCodesIn(db, sentLocales(body)),
});

const configurationText = (configuration: object | undefined) => (configuration === undefined ? undefined : JSON.stringify(configuration));

const routes = resourceRoutes({
  noun: "Product attribute",
  events: { resource: "product_attribute" },
  table: productAttributes,
  byCode: productAttributeByCode,
  docs: {
    area: "catalog",
    path: "product-attributes",
    tag: "Product attributes",
    plural: "product attributes",
    idPrefix: "ProductAttribute",
    item: ProductAttribute,
    page: ProductAttributePage,
    putNote: "A sent `code` is validated, then ignored; a sent `type` is ignored. Sent translations are added or renamed by locale; fields not sent keep their values.",
  },
  list: {
    spec: {
      sortable: {
        position: productAttributes.position,
        code: productAttributes.code,
        type: productAttributes.type,
        createdAt: productAttributes.createdAt,
        updatedAt: productAttributes.updatedAt,
      },
      // Creation order, as Sylius 1.8's API lists them (no grid, no sorting: the database's id order).
      defaultSorting: { field: "createdAt", direction: "asc" },
      filters: { code: textFilter(productAttributes.code) },
    },
    select: (db: Database) => listRows(db, productAttributes, productAttributeColumns),
    ...LIST_READS.list,
  },
  one: ONE_READS.one,
  create: {
    at: createPathPerType(ATTRIBUTE_TYPES, {
      path: "product-attributes",
      idPrefix: "ProductAttribute",
      one: "An attribute",
      summary: (type) => `Create a product attribute of type ${type}`,
    }),
    form: createForm,
    unique: ATTRIBUTE_MESSAGES.unique,
    outOfRange: { field: "position", column: "product_attributes.position" },
    reads: (db, _values, { body }) => knownLocales(db, body),
    check: (result, found, { body, variant }) => checkAttribute(result, body, variant, new Set(found.locales.map((l) => l.code))),
    writes: (db, code, plan, result, { variant }) => {
      const position = result.values.position;
      return {
        attribute: insertRow(db, productAttributes, {
          code,
          type: variant,
          configuration: configurationText(plan.configuration) ?? "[]",
          position: position === undefined ? boundedNext(nextAttributePosition) : insertedAttributePosition(position),
        }),
        shift: position === undefined ? [] : [shiftAfterAttributeInsert(db, code)],
        translations: upsertAttributeTranslations(db, code, plan.names),
      };
    },
  },
  update: {
    form: updateForm,
    reads: (db, _code, _values, { body }) => ({ ...knownLocales(db, body), max: maxAttributePosition(db) }),
    check: (result, found, attribute, { body }) => {
      // Stored by a create path: one of the types.
      const type = isAttributeType(attribute.type) ? attribute.type : "text";
      const plan = checkAttribute(result, body, type, new Set(found.locales.map((l) => l.code)));
      const to = result.values.position;
      const last = found.max[0]?.max ?? attribute.position;
      return { ...plan, position: to === undefined ? attribute.position : Math.min(to, last) };
    },
    writes: (db, attribute, plan) => [
      ...moveAttributeStatements(db, attribute.id, attribute.position, plan.position),
      updateById(db, productAttributes, attribute.id, {
        position: plan.position,
        configuration: configurationText(plan.configuration) ?? attribute.configuration,
        updatedAt: nowIso(),
      }),
      ...upsertAttributeTranslations(db, attribute.code, plan.names),
    ],
  },
});

export const productAttributeRoutes = new Hono<AppEnv>({ strict: false })
  // The creation paths take POST only (as documented), not the item routes: 405.
  .use(`/:type{${ATTRIBUTE_TYPES.join("|")}}`, async (c, next) => {
    if (c.req.method === "POST") return next();
    return c.json({ code: 405, message: `No route found for "${c.req.method} ${c.req.path}": Method Not Allowed (Allow: POST)` }, 405, { Allow: "POST" });
  })
  .route("/", routes);
