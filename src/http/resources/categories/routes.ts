/**
 * `/api/v1/tax-categories/` and `/api/v1/shipping-categories/`: code, name,
 * description (see `codeKeyedRoutes`). Tax categories are used by
 * variants, tax rates and shipping methods; shipping categories by variants
 * and shipping methods.
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { defineForm } from "../../form";
import { optionalString, requiredCode, requiredString } from "../../fields";
import { shippingCategories, taxCategories } from "../../../data/schema";
import { contains } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import {
  categoryByCode,
  categoryColumns,
  shippingCategoryInUse,
  taxCategoryInUse,
  type CategoryTable,
} from "../../../data/queries/categories";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { codeKeyedRoutes } from "../code-keyed/routes";
import { serializeShippingCategory, serializeTaxCategory, type CategoryRow } from "./serializer";
import { ShippingCategory, ShippingCategoryPage, TaxCategory, TaxCategoryPage } from "./schemas";

export const createForm = defineForm({
  code: requiredCode(),
  name: requiredString(),
  description: optionalString(),
});

documentForm(createForm, {
  component: "CategoryCreate",
  descriptions: { code: CODE_DESCRIPTION },
  example: { code: "gift_cards", name: "Gift cards", description: "Gift cards and vouchers" },
});

export const updateForm = defineForm({
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  name: requiredString().optional(),
  description: optionalString(),
});

documentForm(updateForm, { component: "CategoryUpdate", shapes: { code: IGNORED_CODE }, example: { name: "Gift cards and e-vouchers" } });

type CreateValues = { name?: string; description?: string | null };
type UpdateValues = CreateValues;

/** Everything but the table, its path, its messages and what references it. */
function category(table: CategoryTable, path: string) {
  return {
    path,
    table,
    columns: categoryColumns(table),
    byCode: (db: Database, code: string) => categoryByCode(db, table, code),
    forms: { create: createForm, update: updateForm },
    insert: (db: Database, values: CreateValues, code: string) =>
      db.insert(table).values({ code, name: values.name ?? "", description: values.description ?? null }),
    update: (db: Database, row: CategoryRow, values: UpdateValues) =>
      db
        .update(table)
        .set({
          name: values.name ?? row.name,
          description: values.description === undefined ? row.description : values.description,
          updatedAt: nowIso(),
        })
        .where(eq(table.id, row.id)),
    list: {
      sortable: { code: table.code, name: table.name, createdAt: table.createdAt, updatedAt: table.updatedAt },
      defaultSorting: { field: "code", direction: "asc" as const },
      filters: { code: (value: string) => contains(table.code, value), name: (value: string) => contains(table.name, value) },
    },
  };
}

export const taxCategoryRoutes = codeKeyedRoutes({
  ...category(taxCategories, "tax-categories"),
  serialize: (row: CategoryRow) => serializeTaxCategory(row, "full"),
  messages: { noun: "Tax category", unique: "The tax category with given code already exists." },
  inUse: (row) => taxCategoryInUse(row.id),
  docs: { tag: "Tax categories", noun: "tax category", plural: "tax categories", idPrefix: "TaxCategory", item: TaxCategory, page: TaxCategoryPage },
});

export const shippingCategoryRoutes = codeKeyedRoutes({
  ...category(shippingCategories, "shipping-categories"),
  serialize: (row: CategoryRow) => serializeShippingCategory(row, "full"),
  messages: { noun: "Shipping category", unique: "The shipping category with given code already exists." },
  inUse: (row) => shippingCategoryInUse(row.id),
  docs: {
    tag: "Shipping categories",
    noun: "shipping category",
    plural: "shipping categories",
    idPrefix: "ShippingCategory",
    item: ShippingCategory,
    page: ShippingCategoryPage,
  },
});
