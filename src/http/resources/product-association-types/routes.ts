/**
 * `/api/v1/product-association-types/`: kinds of links between products
 * (e.g. similar products, accessories) with a name per locale. Keyed by
 * code. A type that products' associations use cannot be deleted (409).
 *
 * List: default sorting `createdAt asc` (creation order, as Sylius lists
 * them); sortable `code`, `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 *
 * Translations follow Sylius' ResourceTranslationsType: the form has one
 * sub-form per locale (`translations.children.<locale>.children.name`); a
 * PUT replaces them, so an existing translation it leaves out fails as
 * blank (Sylius' form clears what is missing); a PATCH merges by locale.
 */
import type { SQLWrapper } from "drizzle-orm";
import type { Database } from "../../../data/db";
import { productAssociationTypes } from "../../../data/schema";
import {
  allLocaleCodes,
  associationTypeByCode,
  associationTypeColumns,
  associationTypeIdsOfCode,
  associationTypeTranslations,
  deleteAssociationTypeTranslations,
  upsertAssociationTypeTranslations,
  type AssociationTypeRow,
  type AssociationTypeTranslationRow,
  associationTypeInUse,
} from "../../../data/queries/product-association-types";
import { resourceRoutes } from "../shared/resource";
import { resourceNames } from "../shared/names";
import { withOwnParts } from "../shared/own-parts";
import { checkNameTranslations, nameTranslationsTree, type TranslationsForm } from "../shared/fields";
import type { FormChild } from "../../errors";
import { nowIso } from "../../serializers/timestamps";
import { ASSOCIATION_TYPE_MESSAGES, createForm, NAME_LENGTH, updateForm } from "./form";
import { serializeAssociationType, serializeAssociationTypeListItem } from "./serializer";
import { ProductAssociationType, ProductAssociationTypePage } from "./schemas";
import { textFilter } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

type TranslationsResult = TranslationsForm & { shape(field: "translations", tree: FormChild): void };

/**
 * The sent translations checked locale by locale; `existing` (a PUT's) are
 * the locales whose translation a PUT must send again. Returns the names to
 * write by locale.
 */
function checkTranslations(
  result: TranslationsResult,
  sent: Record<string, unknown> | undefined,
  allLocales: readonly string[],
  existing: readonly string[],
): Map<string, string> {
  const known = new Set(allLocales);
  if (allLocales.length > 0) result.shape("translations", nameTranslationsTree(allLocales));
  for (const locale of existing) if (!sent || !(locale in sent)) result.failAt("translations", [locale, "name"], ASSOCIATION_TYPE_MESSAGES.nameBlank);
  return checkNameTranslations(result, sent ?? {}, known, ASSOCIATION_TYPE_MESSAGES.nameBlank, NAME_LENGTH);
}

const parts = (db: Database, ids: SQLWrapper) => ({ translations: associationTypeTranslations(db, ids) });

function represent<T>(rows: AssociationTypeRow[], translations: AssociationTypeTranslationRow[], serialize: (row: AssociationTypeRow, t: AssociationTypeTranslationRow[]) => T): T[] {
  return withOwnParts(rows, translations, (t) => t.typeId, serialize);
}

export const productAssociationTypeRoutes = resourceRoutes({
  noun: "Product association type",
  events: { resource: "product_association_type" },
  table: productAssociationTypes,
  byCode: associationTypeByCode,
  docs: {
    area: "catalog",
    ...resourceNames("Product association type", "product association types"),
    item: ProductAssociationType,
    page: ProductAssociationTypePage,
    putNote:
      "A sent `code` is validated, then ignored. Sent translations replace the old ones: an existing translation left out fails as blank (Sylius' translations form clears what is missing), so a PUT without a body fails every existing translation's name.",
    patchNote: "Sent translations are merged by locale; the others are kept.",
  },
  inUse: (row) => associationTypeInUse(row.id),
  list: {
    spec: {
      sortable: { code: productAssociationTypes.code, createdAt: productAssociationTypes.createdAt, updatedAt: productAssociationTypes.updatedAt },
      defaultSorting: { field: "createdAt", direction: "asc" },
      filters: { code: textFilter(productAssociationTypes.code) },
    },
    select: (db) => listRows(db, productAssociationTypes, associationTypeColumns),
    parts,
    items: (rows, found) => represent(rows, found.translations, serializeAssociationTypeListItem),
  },
  one: {
    reads: (db, code) => ({ rows: associationTypeByCode(db, code), ...parts(db, associationTypeIdsOfCode(db, code)) }),
    item: (found) => represent(found.rows, found.translations, serializeAssociationType)[0],
  },
  create: {
    form: createForm,
    unique: ASSOCIATION_TYPE_MESSAGES.unique,
    reads: (db) => ({ locales: allLocaleCodes(db) }),
    check: (result, found) => checkTranslations(result, result.values.translations, found.locales.map((l) => l.code), []),
    writes: (db, code, names) => ({
      type: insertRow(db, productAssociationTypes, { code }),
      translations: upsertAssociationTypeTranslations(db, code, names),
    }),
  },
  update: {
    form: updateForm,
    reads: (db, code) => ({ locales: allLocaleCodes(db), current: associationTypeTranslations(db, associationTypeIdsOfCode(db, code)) }),
    check: (result, found, _row, { merge }) => {
      const current = found.current.map((t) => t.locale);
      const names = checkTranslations(
        result,
        result.values.translations,
        found.locales.map((l) => l.code),
        merge ? [] : current,
      );
      return { names, dropped: merge ? [] : current.filter((locale) => !names.has(locale)) };
    },
    writes: (db, row, { names, dropped }) => [
      updateById(db, productAssociationTypes, row.id, { updatedAt: nowIso() }),
      ...(dropped.length > 0 ? [deleteAssociationTypeTranslations(db, row.id, dropped)] : []),
      ...upsertAssociationTypeTranslations(db, row.code, names),
    ],
  },
});
