/**
 * `/api/v1/tax-categories/` and `/api/v1/shipping-categories/`: code, name,
 * description. Tax categories are used by
 * variants, tax rates and shipping methods; shipping categories by variants
 * and shipping methods.
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`. List items are Sylius' `Default`
 * group (id, code, name, self link); one category is the `Detailed` group.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, optionalString, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { shippingCategories, taxCategories } from "../../../data/schema";
import {
  categoryByCode,
  categoryColumns,
  shippingCategoryInUse,
  taxCategoryInUse,
  type CategoryRow,
  type CategoryTable,
} from "../../../data/queries/categories";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, IGNORED_CODE } from "../../openapi/form-docs";
import { namedListSpec } from "../../list-page";
import { oneRow, resourceRoutes } from "../shared/resource";
import { serializeShippingCategory, serializeTaxCategory } from "./serializer";
import { ShippingCategory, ShippingCategoryPage, TaxCategory, TaxCategoryPage } from "./schemas";

/**
 * The messages of Sylius 1.8 (TaxationBundle's and ShippingBundle's
 * validation mappings and validators.en.yml).
 */
export const TAX_CATEGORY_MESSAGES = {
  codeBlank: "Please enter tax category code.",
  codePattern: "Tax category code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The tax category with given code already exists.",
  nameBlank: "Please enter tax category name.",
} as const;

export const SHIPPING_CATEGORY_MESSAGES = {
  codeBlank: "Please enter shipping category code.",
  codePattern: "Shipping category code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The shipping category with given code already exists.",
  nameBlank: "Please enter shipping category name.",
  nameTooShort: "Category name must be at least 2 characters long.",
  nameTooLong: "Category name must not be longer than 255 characters.",
} as const;

/** A tax category's name: Sylius' Length(2..255) has no English text for it, so only the blank message is Sylius'. */
const taxCategoryName = () => requiredString(TAX_CATEGORY_MESSAGES.nameBlank);

const shippingCategoryName = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? SHIPPING_CATEGORY_MESSAGES.nameBlank : MSG.invalid) })
    .refine((s) => s.trim().length > 0, { error: SHIPPING_CATEGORY_MESSAGES.nameBlank, abort: true })
    .refine((s) => s.length >= 2, { error: SHIPPING_CATEGORY_MESSAGES.nameTooShort, abort: true })
    .refine((s) => s.length <= 255, { error: SHIPPING_CATEGORY_MESSAGES.nameTooLong });

const code = (messages: { codeBlank: string; codePattern: string }) =>
  requiredString(messages.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: messages.codePattern });

/** Sylius' TaxCategoryType and ShippingCategoryType: name, description, then the code (added on PRE_SET_DATA). */
export const taxCategoryCreateForm = defineForm({
  name: taxCategoryName(),
  description: optionalString(),
  code: code(TAX_CATEGORY_MESSAGES),
});

export const shippingCategoryCreateForm = defineForm({
  name: shippingCategoryName(),
  description: optionalString(),
  code: code(SHIPPING_CATEGORY_MESSAGES),
});

documentForm(taxCategoryCreateForm, {
  component: "TaxCategoryCreate",
  descriptions: { code: CODE_DESCRIPTION },
  example: { code: "gift_cards", name: "Gift cards", description: "Gift cards and vouchers" },
});

documentForm(shippingCategoryCreateForm, {
  component: "ShippingCategoryCreate",
  descriptions: { code: CODE_DESCRIPTION },
  example: { code: "fragile", name: "Fragile", description: "Glass and ceramics" },
});

/** Immutable code: a sent code is ignored (Sylius disables the field on edit). */
export const taxCategoryUpdateForm = defineForm({
  name: taxCategoryName().optional(),
  description: optionalString(),
  code: z.unknown().optional(),
});

export const shippingCategoryUpdateForm = defineForm({
  name: shippingCategoryName().optional(),
  description: optionalString(),
  code: z.unknown().optional(),
});

for (const [form, component] of [
  [taxCategoryUpdateForm, "TaxCategoryUpdate"],
  [shippingCategoryUpdateForm, "ShippingCategoryUpdate"],
] as const) {
  documentForm(form, { component, shapes: { code: IGNORED_CODE }, example: { name: "Gift cards and e-vouchers" } });
}

interface CategoryKind {
  noun: string;
  table: CategoryTable;
  forms: { create: typeof taxCategoryCreateForm | typeof shippingCategoryCreateForm; update: typeof taxCategoryUpdateForm };
  messages: { unique: string; nameBlank: string };
  serialize: (row: CategoryRow, group: "full" | "listItem") => unknown;
  inUse: (id: number) => SQL;
  docs: { path: string; tag: string; plural: string; idPrefix: string; item: z.ZodType; page: z.ZodType };
}

/** A kind of category: its table, forms, messages, representation and what references it. */
const categoryRoutes = (kind: CategoryKind) =>
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

export const taxCategoryRoutes = categoryRoutes({
  noun: "Tax category",
  table: taxCategories,
  forms: { create: taxCategoryCreateForm, update: taxCategoryUpdateForm },
  messages: TAX_CATEGORY_MESSAGES,
  serialize: serializeTaxCategory,
  inUse: taxCategoryInUse,
  docs: { path: "tax-categories", tag: "Tax categories", plural: "tax categories", idPrefix: "TaxCategory", item: TaxCategory, page: TaxCategoryPage },
});

export const shippingCategoryRoutes = categoryRoutes({
  noun: "Shipping category",
  table: shippingCategories,
  forms: { create: shippingCategoryCreateForm, update: shippingCategoryUpdateForm },
  messages: SHIPPING_CATEGORY_MESSAGES,
  serialize: serializeShippingCategory,
  inUse: shippingCategoryInUse,
  docs: {
    path: "shipping-categories",
    tag: "Shipping categories",
    plural: "shipping categories",
    idPrefix: "ShippingCategory",
    item: ShippingCategory,
    page: ShippingCategoryPage,
  },
});
