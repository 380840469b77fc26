/**
 * What `/api/v1/tax-categories/` and `/api/v1/shipping-categories/` share
 * (routes in ../tax-categories/ and ../shipping-categories/): code, name,
 * description.
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`. List items are Sylius' `Default`
 * group (id, code, name, self link); one category is the `Detailed` group.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 * Their representation: ./category-views.ts.
 */
import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, optionalString, requiredString } from "../../fields";
import { categoryByCode, categoryColumns, type CategoryRow, type CategoryTable } from "../../../data/queries/categories";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, IGNORED_CODE } from "../../openapi/form-docs";
import { namedListSpec } from "../../list-page";
import { oneRow, resourceRoutes } from "./resource";

const categoryCode = (messages: { codeBlank: string; codePattern: string }) =>
  requiredString(messages.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: messages.codePattern });

/** Sylius' TaxCategoryType and ShippingCategoryType: name, description, then the code (added on PRE_SET_DATA). */
/**
 * A category's create and update forms, documented (components
 * `<component>Create`, `<component>Update`): `name` is the kind's name field;
 * on update the code is immutable, a sent code ignored (Sylius disables the
 * field on edit).
 */
export function categoryForms(
  name: () => z.ZodString,
  messages: { codeBlank: string; codePattern: string },
  docs: { component: string; example: { code: string; name: string; description: string } },
) {
  const create = defineForm({ name: name(), description: optionalString(), code: categoryCode(messages) });
  documentForm(create, { component: `${docs.component}Create`, descriptions: { code: CODE_DESCRIPTION }, example: docs.example });
  const update = defineForm({ name: name().optional(), description: optionalString(), code: z.unknown().optional() });
  documentForm(update, { component: `${docs.component}Update`, shapes: { code: IGNORED_CODE }, example: { name: "Gift cards and e-vouchers" } });
  return { create, update };
}

interface CategoryKind {
  noun: string;
  table: CategoryTable;
  forms: ReturnType<typeof categoryForms>;
  messages: { unique: string; nameBlank: string };
  serialize: (row: CategoryRow, group: "full" | "listItem") => unknown;
  inUse: (id: number) => SQL;
  docs: { path: string; tag: string; plural: string; idPrefix: string; item: z.ZodType; page: z.ZodType };
}

/** A kind of category: its table, forms, messages, representation and what references it. */
export const categoryRoutes = (kind: CategoryKind) =>
  resourceRoutes({
    noun: kind.noun,
    table: kind.table,
    byCode: (db, code) => categoryByCode(db, kind.table, code),
    docs: { ...kind.docs, putNote: EMPTY_PUT_NOTE },
    inUse: (row) => kind.inUse(row.id),
    list: {
      spec: namedListSpec(kind.table),
      select: (db) => db.select(categoryColumns(kind.table)).from(kind.table).$dynamic(),
      items: (rows) => rows.map((row) => kind.serialize(row, "listItem")),
    },
    one: oneRow((db, code) => categoryByCode(db, kind.table, code), (row) => kind.serialize(row, "full")),
    create: {
      form: kind.forms.create,
      unique: kind.messages.unique,
      check: () => undefined,
      writes: (db, code, _plan, { values }) => ({
        row: db.insert(kind.table).values({ code, name: values.name ?? "", description: values.description ?? null }),
      }),
    },
    update: {
      form: kind.forms.update,
      emptyPut: { name: kind.messages.nameBlank },
      check: () => undefined,
      writes: (db, row, _plan, { values }) => [
        db
          .update(kind.table)
          .set({
            name: values.name ?? row.name,
            description: values.description === undefined ? row.description : values.description,
            updatedAt: nowIso(),
          })
          .where(eq(kind.table.id, row.id)),
      ],
    },
  });
