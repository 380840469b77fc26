/**
 * What `/api/v1/locales/` and `/api/v1/currencies/` share: resources that
 * are nothing but a unique code (routes in ../locales/ and ../currencies/).
 *
 * List: default sorting `createdAt asc` (creation order, as Sylius lists
 * them); sortable `code`, `createdAt`; `criteria[code]`.
 *
 * Forms follow Sylius 1.8: LocaleType and CurrencyType are choice fields (a
 * code that is no locale or currency is `This value is not valid.`).
 *
 * Serialization, in the groups of Sylius 1.8 (LocaleBundle and
 * CurrencyBundle `Model.*.yml`):
 * - currency, both groups: id, code, self link (`serializeCurrency`);
 * - locale `Default` (lists): id, code, self link (`serializeLocaleListItem`);
 * - locale `Detailed` (one locale): id, code, createdAt, updatedAt, self link.
 */
import type { Access } from "../../../domain/scopes";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { containsText } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import type { currencies, locales } from "../../../data/schema";
import { codeColumns, codeRowByCode, type CodeRow } from "../../../data/queries/code-only";
import { atom, nowIso } from "../../serializers/timestamps";
import { enc, href } from "../../serializers/links";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";
import { oneRow, resourceRoutes } from "./resource";
import type { EventResource } from "../../../domain/events/types";
import { textFilter } from "../../list-page";
import { resourceNames } from "./names";
import { codeListItem } from "./schema-parts";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

const bareRow = (path: string, row: CodeRow) => ({ id: row.id, code: row.code, _links: { self: href(`/${path}/${enc(row.code)}`) } });

export const serializeCurrency = (row: CodeRow) => bareRow("currencies", row);
export const serializeLocaleListItem = (row: CodeRow) => bareRow("locales", row);
export const serializeLocale = (row: CodeRow) => ({
  id: row.id,
  code: row.code,
  createdAt: atom(row.createdAt),
  updatedAt: atom(row.updatedAt),
  _links: { self: href(`/locales/${enc(row.code)}`) },
});

// Both resources' components are declared here, together: the OpenAPI document lists components in
// the order their modules load, and this is the order it has always had.
const withTimes = (examples: string[]) =>
  z.object({ id: int(), code: code().meta({ examples }), createdAt: timestamp(), updatedAt: timestamp(), _links: SelfLinks });
const bare = (examples: string[]) => codeListItem(code().meta({ examples }));

/** In Sylius 1.8's groups. */
export const LocaleResource = component(
  "Locale",
  withTimes(["en_US"]),
  "A locale (`Detailed` group): language, optional script and region (`en_US`).",
);
export const LocaleListItem = component("LocaleListItem", bare(["en_US"]), "A locale in a list (`Default` group): no timestamps.");
export const CurrencyResource = component("Currency", bare(["USD"]), "A currency: an ISO 4217 code (`USD`); no timestamps.");
export const LocalePage = pageOf("LocalePage", LocaleListItem);
export const CurrencyPage = pageOf("CurrencyPage", CurrencyResource);

type _Locale = Expect<Conforms<ReturnType<typeof serializeLocale>, typeof LocaleResource>>;
type _LocaleItem = Expect<Conforms<ReturnType<typeof serializeLocaleListItem>, typeof LocaleListItem>>;
type _Currency = Expect<Conforms<ReturnType<typeof serializeCurrency>, typeof CurrencyResource>>;

/** A choice among codes (Symfony's LocaleType, CurrencyType): anything but a known shape is `This value is not valid.`. */
const choiceCode = (blank: string) => requiredString(blank).refine((s) => CODE_PATTERN.test(s), { error: MSG.invalid });

/**
 * One create and one update form per resource, the same fields: each
 * documents its own kind of code (components `<component>Create`, `<component>Update`).
 */
function codeOnlyForms(blank: string, docs: { component: string; code: string; example: string }) {
  const create = defineForm({ code: choiceCode(blank) });
  documentForm(create, {
    component: `${docs.component}Create`,
    descriptions: { code: `${CODE_DESCRIPTION} ${docs.code}` },
    example: { code: docs.example },
  });
  const update = defineForm({ code: choiceCode(blank).optional() });
  documentForm(update, {
    component: `${docs.component}Update`,
    descriptions: { code: "Validated, but the code of a locale or currency cannot change." },
    example: {},
  });
  return { create, update };
}

const CODE_ONLY_PUT = `The code of a locale or currency cannot change: a sent \`code\` is validated, then ignored. ${EMPTY_PUT_NOTE}`;
const CODE_ONLY_PATCH = "The code of a locale or currency cannot change: a sent `code` is validated, then ignored.";

interface CodeOnlyKind {
  /** The area whose scopes its operations need (src/domain/scopes.ts). */
  area: Access;
  /** `Currency`; with `plural`, the resource's path, tag and ids (./names.ts). */
  noun: string;
  plural: string;
  table: typeof locales | typeof currencies;
  messages: { blank: string; unique: string };
  /** A well-formed code must also match `shape`; `description` and `example` document it in the forms. */
  code: { shape: RegExp; description: string; example: string };
  /** One resource's representation and, when it differs, a list item's; their schemas. */
  views: { serialize: (row: CodeRow) => unknown; serializeListItem?: (row: CodeRow) => unknown; item: z.ZodType; page: z.ZodType };
  inUse: (row: CodeRow) => SQL;
  /** Sortable by `name`, by the code, as Sylius' locale grid (`sortable: code`): the name is the code's, shown in the admin's language. */
  nameSortsByCode?: boolean;
  /** Its events' name (`locale`). */
  event: EventResource;
}

/** A resource that is nothing but its code: its table, messages, code shape, representation and what references it. */
export function codeOnlyRoutes(kind: CodeOnlyKind) {
  const { table, views } = kind;
  const names = resourceNames(kind.noun, kind.plural);
  const forms = codeOnlyForms(kind.messages.blank, { component: names.idPrefix, code: kind.code.description, example: kind.code.example });
  const columns = codeColumns(table);
  const byCode = (db: Database, code: string) => codeRowByCode(db, table, code);
  return resourceRoutes({
    noun: kind.noun,
    table,
    byCode,
    codeShape: kind.code.shape,
    docs: { ...names, area: kind.area, item: views.item, page: views.page, putNote: CODE_ONLY_PUT, patchNote: CODE_ONLY_PATCH },
    inUse: kind.inUse,
    events: { resource: kind.event },
    list: {
      spec: {
        sortable: { code: table.code, ...(kind.nameSortsByCode ? { name: table.code } : {}), createdAt: table.createdAt },
        // Creation order (ties broken by id), as Sylius lists locales and currencies.
        defaultSorting: { field: "createdAt", direction: "asc" },
        filters: { code: textFilter(table.code, containsText) },
      },
      select: (db) => listRows(db, table, columns),
      items: (rows) => rows.map(views.serializeListItem ?? views.serialize),
    },
    one: oneRow(byCode, views.serialize),
    create: {
      form: forms.create,
      unique: kind.messages.unique,
      check: () => undefined,
      writes: (db, code) => ({ row: insertRow(db, table, { code }) }),
    },
    update: {
      form: forms.update,
      emptyPut: { code: kind.messages.blank },
      check: () => undefined,
      // Nothing but the code, which never changes: an update only touches updatedAt.
      writes: (db, row) => [updateById(db, table, row.id, { updatedAt: nowIso() })],
    },
  });
}
