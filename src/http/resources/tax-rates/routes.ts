/**
 * `/api/v1/tax-rates/`: a rate (exact decimal fraction) of a tax category in
 * a zone. Nothing references a tax rate, so DELETE never answers 409.
 *
 * List: default sorting `createdAt asc` (creation order, as Sylius lists
 * them); sortable `code`, `name`, `amount`, `createdAt`, `updatedAt`;
 * `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { MSG } from "../../../domain/messages";
import type { Database } from "../../../data/db";
import { taxCategories, taxRates } from "../../../data/schema";
import { categoryByCode } from "../../../data/queries/categories";
import { taxRateByCode, taxRateColumns } from "../../../data/queries/tax-rates";
import { zoneByCode } from "../../../data/queries/zones";
import { namedListSpec } from "../../list-page";
import { nowIso } from "../../serializers/timestamps";
import { EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { oneRow, resourceRoutes } from "../shared/resource";
import { createForm, TAX_RATE_MESSAGES, updateForm } from "./form";
import { serializeTaxRate } from "./serializer";
import { TaxRate, TaxRatePage } from "./schemas";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

/** The category and zone a write names, by code. */
const references = (db: Database, values: { category?: string; zone?: string }) => ({
  category: categoryByCode(db, taxCategories, values.category ?? ""),
  zone: zoneByCode(db, values.zone ?? ""),
});

/** Sent codes that match nothing fail their field; returns the ids found. */
function checkReferences(
  result: { fail(field: "category" | "zone", message: string): void },
  values: { category?: string; zone?: string },
  found: { category: { id: number }[]; zone: { id: number }[] },
) {
  const [category] = found.category;
  const [zone] = found.zone;
  if (values.category !== undefined && !category) result.fail("category", MSG.invalid);
  if (values.zone !== undefined && !zone) result.fail("zone", MSG.invalid);
  return { categoryId: category?.id, zoneId: zone?.id };
}

export const taxRateRoutes = resourceRoutes({
  noun: "Tax rate",
  events: { resource: "tax_rate" },
  table: taxRates,
  byCode: taxRateByCode,
  docs: { path: "tax-rates", tag: "Tax rates", area: "config", plural: "tax rates", idPrefix: "TaxRate", item: TaxRate, page: TaxRatePage, putNote: EMPTY_PUT_NOTE },
  list: {
    spec: namedListSpec(taxRates, { amount: taxRates.amount }),
    select: (db) => listRows(db, taxRates, taxRateColumns),
    items: (rows) => rows.map(serializeTaxRate),
  },
  one: oneRow(taxRateByCode, serializeTaxRate),
  create: {
    form: createForm,
    unique: TAX_RATE_MESSAGES.unique,
    reads: references,
    check: (result, found) => checkReferences(result, result.values, found),
    writes: (db, code, refs, result) => {
      // Both are required fields and were found, or the form failed.
      if (refs.categoryId === undefined || refs.zoneId === undefined) throw new Error("A valid tax rate form has a category and a zone.");
      return {
        rate: insertRow(db, taxRates, {
          code,
          name: result.required("name"),
          amount: result.required("amount"),
          includedInPrice: result.values.includedInPrice ?? false,
          calculator: result.values.calculator ?? "default",
          categoryId: refs.categoryId,
          zoneId: refs.zoneId,
        }),
      };
    },
  },
  update: {
    form: updateForm,
    reads: (db, _code, values) => references(db, values),
    emptyPut: {
      name: TAX_RATE_MESSAGES.nameBlank,
      category: TAX_RATE_MESSAGES.categoryBlank,
      calculator: TAX_RATE_MESSAGES.calculatorBlank,
      amount: TAX_RATE_MESSAGES.amountBlank,
      zone: TAX_RATE_MESSAGES.zoneBlank,
    },
    check: (result, found) => checkReferences(result, result.values, found),
    writes: (db, rate, refs, { values }) => [
      updateById(db, taxRates, rate.id, {
        name: values.name ?? rate.name,
        amount: values.amount ?? rate.amount,
        includedInPrice: values.includedInPrice ?? rate.includedInPrice,
        calculator: values.calculator ?? rate.calculator,
        categoryId: refs.categoryId ?? rate.categoryId,
        zoneId: refs.zoneId ?? rate.zoneId,
        updatedAt: nowIso(),
      }),
    ],
  },
});
