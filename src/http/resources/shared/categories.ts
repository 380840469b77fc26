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
import { documentForm, EMPTY_PUT_NOTE, IGNORED_CODE } from "../../openapi/form-docs";
import { namedListSpec } from "../../list-page";
import { oneRow, resourceRoutes } from "./resource";

const categoryCode = (messages: { codeBlank: string; codePattern: string }) =>
  requiredString(messages.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: messages.codePattern });

/** Sylius' TaxCategoryType and ShippingCategoryType: name, description, then the code (added on PRE_SET_DATA). */
export const categoryCreateForm = (name: z.ZodString, messages: { codeBlank: string; codePattern: string }) =>
  defineForm({ name, description: optionalString(), code: categoryCode(messages) });

/** Immutable code: a sent code is ignored (Sylius disables the field on edit). */
export const categoryUpdateForm = (name: z.ZodOptional<z.ZodString>) =>
  defineForm({ name, description: optionalString(), code: z.unknown().optional() });

/** The documentation of an update form: the code is ignored. */
export const documentCategoryUpdateForm = (form: ReturnType<typeof categoryUpdateForm>, component: string) =>
  documentForm(form, { component, shapes: { code: IGNORED_CODE }, example: { name: "Gift cards and e-vouchers" } });

interface CategoryKind {
  noun: string;
  table: CategoryTable;
  forms: { create: ReturnType<typeof categoryCreateForm>; update: ReturnType<typeof categoryUpdateForm> };
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
