/**
 * `/api/v1/taxons/`: the taxon trees (categories products are filed under).
 *
 * As Sylius 1.8's AdminApiBundle routes them (routing/taxon.yml): listed,
 * created, read, updated and deleted by code (the form: ./form.ts); and
 * `PUT /taxons/{code}/products` (routing/product_taxon_position.yml) sets
 * the positions of products in the taxon.
 *
 * A taxon is created as the last child of its parent (a root without one);
 * a sent `parent` moves it with its subtree as the parent's last child.
 * Deleting a taxon deletes its subtree (and its products' links to them).
 * `left`, `right`, `level` are the nested set Sylius shows, kept exact on
 * every write (src/data/queries/taxons.ts).
 *
 * List: default sorting `id asc` (Sylius' grid has none: creation order);
 * sortable `id`, `code`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch, write batch),
 * plus one statement taking the removed image files' paths after a delete or an update that
 * sent `images` (../images/staging.ts).
 * PUT: sent translations replace the others, PATCH merges them by locale;
 * fields not sent keep their values.
 */
import { apiHref, recordEvents } from "../../events";
import { enc } from "../../serializers/links";
import { changedFields } from "../../../domain/events/changes";
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { badRequest, notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { isPlainObject } from "../../form";
import { MSG } from "../../../domain/messages";
import { containsText } from "../../../data/conditions";
import { SEARCH_SCOPES, substring } from "../../list-page";
import { namedBatch } from "../../../data/batch";
import type { Database } from "../../../data/db";
import { taxons } from "../../../data/schema";
import {
  deleteTaxon,
  insertTaxon,
  moveTaxon,
  MOVE_CONFLICT_COLUMN,
  productTaxonsOf,
  setProductTaxonPositions,
  taxonByCode,
  taxonColumns,
  taxonDetailReads,
  taxonFormReads,
  taxonListParts,
  taxonTranslationWrites,
  treeRows,
  type TaxonRow,
  type TaxonTranslationInput,
  taxonsOfTranslations,
} from "../../../data/queries/taxons";
import { idOfCode } from "../../../data/queries/table-reads";
import { nowIso } from "../../serializers/timestamps";
import { describeRoute } from "../../openapi/describe";
import { resourceRoutes } from "../shared/resource";
import { checkTranslations, createForm, sentSlugs, TAXON_MESSAGES, updateForm } from "./form";
import { represent, taxonGraph } from "./serializer";
import { imagesOf, imageWrites } from "../../../data/queries/images";
import { checkImages } from "../images/form";
import { imagesByOwner } from "../images/serializer";
import { stageImages } from "../images/staging";

/** A subquery of the id of the taxon `code`. */
const taxonIdByCode = (db: Database, code: string) => idOfCode(db, taxons, code);
import { Taxon, TaxonPage } from "./schemas";
import { listRows, unchanged, updateById } from "../../../data/queries/table-writes";

const MOVE_CONFLICT = "The taxon tree changed meanwhile, try again.";

/** The (locale, slug) pairs other taxons than `self` hold. */
const takenSlugs = (slugs: readonly { taxonId: number; locale: string; slug: string }[], self?: number) =>
  new Set(slugs.filter((s) => s.taxonId !== self).map((s) => `${s.locale}\n${s.slug}`));

/** The parent a form names (or a PUT cleared), checked: undefined when not sent (or invalid), null for a root. */
function checkParent(
  result: { isValid(field: "parent"): boolean; fail(field: "parent", message: string): void },
  sent: string | null | undefined,
  found: readonly TaxonRow[] | undefined,
  moving?: TaxonRow,
): TaxonRow | null | undefined {
  if (!result.isValid("parent") || sent === undefined) return undefined;
  if (sent === null) return null;
  const [parent] = found ?? [];
  // Not the taxon itself nor one of its descendants (Gedmo refuses such a move).
  const inSubtree =
    parent !== undefined && moving !== undefined && (parent.id === moving.id || (parent.rootId === (moving.rootId ?? moving.id) && parent.left > moving.left && parent.left < moving.right));
  if (!parent || inSubtree) {
    result.fail("parent", MSG.invalid);
    return undefined;
  }
  return parent;
}

const resource = resourceRoutes({
  noun: "Taxon",
  events: { resource: "taxon" },
  table: taxons,
  byCode: taxonByCode,
  docs: {
    area: "catalog",
    path: "taxons",
    tag: "Taxons",
    plural: "taxons",
    idPrefix: "Taxon",
    item: Taxon,
    page: TaxonPage,
    updateConflict: `409 \`${MOVE_CONFLICT}\` when a move finds the tree changed by another write meanwhile (nothing is applied; send it again).`,
  },
  list: {
    spec: {
      sortable: { id: taxons.id, code: taxons.code },
      defaultSorting: { field: "id", direction: "asc" },
      filters: {
        code: substring(SEARCH_SCOPES.taxonCode),
        name: substring(SEARCH_SCOPES.taxonName, containsText, taxonsOfTranslations),
      },
    },
    select: (db) => listRows(db, taxons, taxonColumns),
    parts: (db, ids) => ({ ...taxonListParts(db, ids), images: imagesOf(db, "taxon", ids) }),
    items: (rows, { related, translations, images }) => {
      const graph = taxonGraph([...related, ...rows], translations, imagesByOwner(images));
      return rows.map((row) => represent(graph, row.id, false));
    },
  },
  one: {
    reads: (db, code) => ({ ...taxonDetailReads(db, code), images: imagesOf(db, "taxon", taxonIdByCode(db, code)) }),
    item: (found) => {
      const [row] = found.node;
      if (!row) return undefined;
      return represent(taxonGraph(treeRows(found), found.translations, imagesByOwner(found.images)), row.id, true);
    },
  },
  create: {
    form: createForm,
    unique: TAXON_MESSAGES.unique,
    reads: (db, values) => taxonFormReads(db, sentSlugs(values.translations), values.parent ?? undefined),
    check: (result, { locales, slugs, parent }) => {
      const translations = checkTranslations(result, result.values.translations, new Set(locales.map((l) => l.code)), takenSlugs(slugs));
      return { translations, parent: checkParent(result, result.values.parent, parent), images: checkImages(result, result.values.images, []) };
    },
    writes: (db, code, plan, { values }) => ({
      taxon: insertTaxon(db, code, plan.parent?.id ?? null, values.enabled ?? true, plan.translations),
      images: plan.images ? imageWrites(db, "taxon", taxonIdByCode(db, code).getSQL(), plan.images) : undefined,
    }),
  },
  update: {
    form: updateForm,
    reads: (db, code, values) => ({
      ...taxonFormReads(db, sentSlugs(values.translations), values.parent ?? undefined),
      images: values.images === undefined ? undefined : imagesOf(db, "taxon", taxonIdByCode(db, code)),
    }),
    check: (result, { locales, slugs, parent, images }, row) => {
      const sent = result.values.translations;
      const translations: TaxonTranslationInput[] | undefined =
        sent === undefined ? undefined : checkTranslations(result, sent, new Set(locales.map((l) => l.code)), takenSlugs(slugs, row.id));
      const newParent = checkParent(result, result.values.parent, parent, row);
      const moves = newParent !== undefined && (newParent?.id ?? null) !== row.parentId;
      return { translations, move: moves ? { to: newParent } : undefined, images: checkImages(result, result.values.images, images ?? []) };
    },
    writes: (db, row, plan, { values }, { merge }) => [
      updateById(db, taxons, row.id, { enabled: values.enabled ?? unchanged(taxons.enabled), updatedAt: nowIso() }),
      ...(plan.translations ? taxonTranslationWrites(db, row, plan.translations, merge) : []),
      ...(plan.move ? moveTaxon(db, row, plan.move.to) : []),
      ...(plan.images ? imageWrites(db, "taxon", row.id, plan.images) : []),
    ],
    conflict: { column: MOVE_CONFLICT_COLUMN, message: MOVE_CONFLICT },
  },
  deletes: deleteTaxon,
});

/** `productsPositions` entries: a product code and a numeric position (PHP's is_numeric). */
function parsePositions(body: unknown): { productCode: string; position: number }[] {
  const sent = isPlainObject(body) ? body.productsPositions : undefined;
  if (sent === undefined || sent === null) return [];
  if (!Array.isArray(sent)) throw badRequest("The productsPositions are invalid.");
  return sent.map((entry: unknown) => {
    const position = isPlainObject(entry) ? entry.position : undefined;
    const shown = typeof position === "string" || typeof position === "number" ? String(position) : JSON.stringify(position ?? null);
    const value = typeof position === "number" ? position : typeof position === "string" && /^\s*[+-]?\d+\s*$/.test(position) ? Number(position) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < 0 || value > 2_147_483_647) throw badRequest(`The productTaxon position "${shown}" is invalid.`);
    const productCode = isPlainObject(entry) ? entry.productCode : undefined;
    if (typeof productCode !== "string") throw badRequest(`The product code "${JSON.stringify(productCode ?? null)}" is invalid.`);
    return { productCode, position: value };
  });
}

export const taxonRoutes = new Hono<AppEnv>({ strict: false })
  // Sent image files go to R2 before the handler (and away again when it refuses); removed images' files after it.
  .use("/", stageImages({ drain: true }))
  .use("/:code", stageImages({ drain: true }))
  .put(
    "/:code/products",
    describeRoute({
      tag: "Taxons",
      scope: "catalog:write",
      operationId: "updateTaxonProductPositions",
      summary: "Set the positions of products in a taxon",
      description:
        'Body: `{"productsPositions": [{"productCode": "MUG", "position": 0}]}` (positions: integers 0..2147483647, also as numeric strings). Every product must be in the taxon. 400 `The productTaxon position "X" is invalid.`',
      success: { status: 204, description: "Positions set." },
      errors: [400, 404],
    }),
    async (c) => {
      const db = c.var.db;
      const code = c.req.param("code");
      const positions = parsePositions(c.var.body);
      const { taxon, linked } = await firstBatch(c, {
        taxon: taxonByCode(db, code),
        linked: productTaxonsOf(
          db,
          code,
          positions.map((p) => p.productCode),
        ),
      });
      if (taxon.length === 0) throw notFound(`Taxon with code "${code}" does not exist.`);
      const idOf = new Map(linked.map((l) => [l.productCode, l.id]));
      const pairs = positions.map(({ productCode, position }) => {
        const id = idOf.get(productCode);
        if (id === undefined) throw badRequest(`The product "${productCode}" is not in the taxon "${code}".`);
        return [id, position] as const;
      });
      const [row] = taxon;
      const resource = { href: apiHref(`taxons/${enc(code)}`), code };
      if (row && pairs.length > 0) recordEvents(c, [{ type: "taxon.updated", resource, sequence: null, data: changedFields({ id: row.id, code }, { productsPositions: positions }) }]);
      if (pairs.length > 0) await namedBatch(db, { positions: setProductTaxonPositions(db, pairs) });
      return c.body(null, 204);
    },
  )
  .route("/", resource);
