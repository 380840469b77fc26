/**
 * One factory for every resource identified by a unique code whose rows
 * live in one table (locales, currencies, tax and shipping categories):
 * list, get, create, PUT/PATCH and delete, with their documentation.
 *
 * Each request costs what the other resources cost: one batched read
 * (which also carries the token check) and one write. A delete answers 409
 * while the resource is referenced (`inUse`). The code is the resource's
 * identity: an update never changes it.
 */
import { Hono } from "hono";
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { AppEnv } from "../../context";
import { isEmptyBody, rethrowUniqueViolation, validateForm, type Failable, type Form, type FormResult } from "../../form";
import { CODE_PATTERN } from "../../fields";
import { notFound } from "../../errors";
import { listPage, type ListSpec } from "../../list-page";
import { MSG } from "../../../domain/messages";
import { deleteUnlessInUse, namedBatch, runBatch, type Statement } from "../../../data/batch";
import type { Database } from "../../../data/db";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";

type CodeShape = Record<string, z.ZodType> & { code: z.ZodType };

export interface CodeKeyedConfig<Row extends { id: number; code: string }, C extends CodeShape, U extends CodeShape> {
  /** Path segment under /api/v1, e.g. `locales`. */
  path: string;
  table: SQLiteTable & { id: SQLiteColumn };
  /** The columns of a row (what `byCode` selects). */
  columns: Record<string, SQLiteColumn>;
  /** The select of one row by code. */
  byCode: (db: Database, code: string) => Statement<Row[]>;
  forms: { create: Form<C>; update: Form<U> };
  /** A well-formed code (letters, digits, `-`, `_`) must also match this, else `This value is not valid.` (create and update). */
  codeShape?: RegExp;
  /** The insert of a new row from a valid create form. */
  insert: (db: Database, values: FormResult<C>["values"], code: string) => Statement;
  /** The update of `row` from a valid update form. */
  update: (db: Database, row: Row, values: FormResult<U>["values"]) => Statement;
  /** The representation of one resource (Sylius' `Detailed` group: get one, create). */
  serialize: (row: Row) => unknown;
  /** The representation inside a list (Sylius' `Default` group); `serialize` when absent. */
  serializeListItem?: (row: Row) => unknown;
  list: ListSpec<string, string>;
  /**
   * A PUT without a body (or with `{}`) is a full replacement with nothing:
   * like Sylius' form submitted empty, it answers 400 with these fields'
   * blank messages (the form's other children pass).
   */
  emptyPut: Partial<Record<keyof U & string, string>>;
  messages: {
    /** e.g. "Tax category": `Tax category with code "X" does not exist.`, `Cannot delete, the tax category is in use.` */
    noun: string;
    unique: string;
  };
  /** An SQL boolean: the resource is referenced. */
  inUse: (row: Row) => SQL;
  docs: {
    tag: string;
    noun: string;
    plural: string;
    idPrefix: string;
    item: z.ZodType;
    page: z.ZodType;
    putNote?: string;
    patchNote?: string;
  };
}

export function codeKeyedRoutes<Row extends { id: number; code: string }, C extends CodeShape, U extends CodeShape>(
  config: CodeKeyedConfig<Row, C, U>,
) {
  const { table, path, forms, messages } = config;
  const missing = (code: string) => notFound(`${messages.noun} with code "${code}" does not exist.`);
  const inUseMessage = `Cannot delete, the ${messages.noun.toLowerCase()} is in use.`;

  /** One round trip (the token check rides along): the row, or 404. */
  const load = async (db: Database, code: string): Promise<Row> => {
    const {
      row: [row],
    } = await namedBatch(db, { row: config.byCode(db, code) });
    if (!row) throw missing(code);
    return row;
  };

  /** Characters outside letters, digits, dashes and underscores get the code message (from the form); a well-formed code of the wrong shape gets "This value is not valid.". */
  const checkCodeShape = (result: Failable<"code">, code: unknown) => {
    if (config.codeShape && typeof code === "string" && CODE_PATTERN.test(code) && !config.codeShape.test(code)) result.fail("code", MSG.invalid);
  };

  const docs = crudDocs({
    ...config.docs,
    create: forms.create,
    update: forms.update,
    list: listSpecOf(config.list),
    deleteConflict: true,
  });

  return new Hono<AppEnv>({ strict: false })
    .get("/", describeRoute(docs.list), async (c) => {
      const db = c.var.db;
      const page = listPage(db, table, c.req.url, config.list);
      // `columns` are the columns of `Row`, which this generic factory cannot see through: the rows are `Row`s.
      const { rows, counted } = await namedBatch(db, { rows: page.rows(db.select(config.columns).from(table).$dynamic()), counted: page.count });
      return c.json(page.envelope(`/api/v1/${path}/`, counted, (rows as Row[]).map(config.serializeListItem ?? config.serialize)));
    })
    .get("/:code", describeRoute(docs.get), async (c) => c.json(config.serialize(await load(c.var.db, c.req.param("code")))))
    .post("/", describeRoute(docs.create), async (c) => {
      const db = c.var.db;
      const result = validateForm(forms.create, c.var.body);
      const values = result.values;
      const code: unknown = values.code;
      checkCodeShape(result, code);
      if (typeof code === "string" && result.isValid("code")) {
        const { existing } = await namedBatch(db, { existing: config.byCode(db, code) });
        if (existing.length > 0) result.fail("code", messages.unique);
      }
      result.assertValid();
      if (typeof code !== "string") throw new Error("a valid create form has a code");
      try {
        const {
          row: [row],
        } = await namedBatch(db, { inserted: config.insert(db, values, code), row: config.byCode(db, code) });
        if (!row) throw new Error(`${messages.noun} "${code}" was not read back after its insert`);
        return c.json(config.serialize(row), 201);
      } catch (error) {
        rethrowUniqueViolation(error, result, "code", messages.unique);
      }
    })
    .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
      const db = c.var.db;
      const row = await load(db, c.req.param("code"));
      // The code is the identity of the resource: like Sylius' disabled code
      // field, a submitted code is validated but never changes the resource.
      const result = validateForm(forms.update, c.var.body);
      checkCodeShape(result, result.values.code);
      if (c.req.method === "PUT" && isEmptyBody(c.var.body)) {
        for (const [field, message] of Object.entries(config.emptyPut) as [keyof U & string, string][]) result.fail(field, message);
      }
      result.assertValid();
      await runBatch(db, [config.update(db, row, result.values)]);
      return c.body(null, 204);
    })
    .delete("/:code", describeRoute(docs.delete), async (c) => {
      const db = c.var.db;
      const row = await load(db, c.req.param("code"));
      await deleteUnlessInUse(db, table, row.id, config.inUse(row), inUseMessage);
      return c.body(null, 204);
    });
}
