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
import type { Access } from "../../../domain/scopes";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, optionalString, requiredString } from "../../fields";
import { categoryByCode, categoryColumns, type CategoryRow, type CategoryTable } from "../../../data/queries/categories";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, IGNORED_CODE } from "../../openapi/form-docs";
import { namedListSpec } from "../../list-page";
import { oneRow, resourceRoutes } from "./resource";
import type { EventResource } from "../../../domain/events/types";
import { resourceNames } from "./names";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

const categoryCode = (messages: { codeBlank: string; codePattern: string }) =>
  requiredString(messages.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: messages.codePattern });

/**
 * A category's create and update forms (Sylius' TaxCategoryType and
 * ShippingCategoryType: name, description, then the code, added on
 * PRE_SET_DATA), documented (components `<idPrefix>Create`,
 * `<idPrefix>Update`): `name` is the kind's name field; on update the code
 * is immutable, a sent code ignored (Sylius disables the field on edit).
 */
function categoryForms(kind: CategoryKind, component: string) {
  const create = defineForm({ name: kind.name(), description: optionalString(), code: categoryCode(kind.messages) });
  documentForm(create, { component: `${component}Create`, descriptions: { code: CODE_DESCRIPTION }, example: kind.example });
  const update = defineForm({ name: kind.name().optional(), description: optionalString(), code: z.unknown().optional() }, { cleared: { description: null } });
  documentForm(update, { component: `${component}Update`, shapes: { code: IGNORED_CODE }, example: { name: "Gift cards and e-vouchers" } });
  return { create, update };
}

interface CategoryKind {
  /** The area whose scopes its operations need (src/domain/scopes.ts). */
  area: Access;
  /** `Tax category`; with `plural`, the resource's path, tag and ids (./names.ts). */
  noun: string;
  plural: string;
  table: CategoryTable;
  messages: { codeBlank: string; codePattern: string; unique: string; nameBlank: string };
  /** The name field of the kind's forms. */
  name: () => z.ZodString;
  /** The create form's example. */
  example: { code: string; name: string; description: string };
  views: { serialize: (row: CategoryRow, group: "full" | "listItem") => unknown; item: z.ZodType; page: z.ZodType };
  inUse: (id: number) => SQL;
  /** Its events' name (`tax_category`). */
  event: EventResource;
}

/** A kind of category: its table, forms, messages, representation and what references it. */
export function categoryRoutes(kind: CategoryKind) {
  const { table, views } = kind;
  const names = resourceNames(kind.noun, kind.plural);
  const forms = categoryForms(kind, names.idPrefix);
  return resourceRoutes({
    noun: kind.noun,
    table,
    byCode: (db, code) => categoryByCode(db, table, code),
    docs: { ...names, area: kind.area, item: views.item, page: views.page, putNote: EMPTY_PUT_NOTE },
    inUse: (row) => kind.inUse(row.id),
    events: { resource: kind.event },
    list: {
      // Sylius' tax category grid sorts `nameAndDescription` by the name.
      spec: namedListSpec(table, { nameAndDescription: table.name }),
      select: (db) => listRows(db, table, categoryColumns(table)),
      items: (rows) => rows.map((row) => views.serialize(row, "listItem")),
    },
    one: oneRow((db, code) => categoryByCode(db, table, code), (row) => views.serialize(row, "full")),
    create: {
      form: forms.create,
      unique: kind.messages.unique,
      check: () => undefined,
      writes: (db, code, _plan, { values }) => ({
        row: insertRow(db, table, { code, name: values.name ?? "", description: values.description ?? null }),
      }),
    },
    update: {
      form: forms.update,
      emptyPut: { name: kind.messages.nameBlank },
      check: () => undefined,
      writes: (db, row, _plan, { values }) => [
        updateById(db, table, row.id, {
          name: values.name ?? row.name,
          description: values.description === undefined ? row.description : values.description,
          updatedAt: nowIso(),
        }),
      ],
    },
  });
}
