/**
 * Locales and currencies: resources that are nothing but a unique code.
 * This is the pattern every resource follows: a zod form, one batched read
 * (which also carries the auth check), one write, one serializer, the
 * paginated envelope, and 409 when a delete would orphan a reference.
 */
import { Hono } from "hono";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable, SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { AppEnv } from "../http/context";
import { defineForm, validateForm } from "../http/form";
import { CODE_PATTERN, requiredCode } from "../http/fields";
import { MSG } from "../http/messages";
import { conflict, notFound } from "../http/errors";
import { carriedQuery, criteriaFrom, envelope, pageRequest, sortingFrom } from "../http/pagination";
import { isUniqueViolation } from "../data/constraints";
import type { Database } from "../data/db";
import { href, enc } from "../serializers/links";
import { atom, nowIso } from "../serializers/timestamps";

type CodeTable = SQLiteTable & {
  id: SQLiteColumn;
  code: SQLiteColumn;
  createdAt: SQLiteColumn;
  updatedAt: SQLiteColumn;
};

interface CodeRow {
  id: number;
  code: string;
  createdAt: string;
  updatedAt: string;
}

export interface CodeOnlyResourceConfig {
  /** Path segment under /api/v1, e.g. `locales`. */
  path: string;
  table: CodeTable;
  codePattern: RegExp;
  uniqueMessage: string;
  /** Name used in messages, e.g. "Locale". */
  noun: string;
  /** A query returning one row `{inUse: 0|1}` telling whether the resource is referenced. */
  inUse: (db: Database, row: CodeRow) => SQL;
}

export function serializeCodeOnly(path: string, row: CodeRow) {
  return {
    id: row.id,
    code: row.code,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(`/${path}/${enc(row.code)}`) },
  };
}

export function codeOnlyResource(config: CodeOnlyResourceConfig) {
  const { table, path } = config;
  const form = defineForm({
    // Characters outside letters, digits, dashes and underscores get the
    // contract's code message; a well-formed code that is not a valid
    // locale/currency code gets "This value is not valid.".
    code: requiredCode().refine((code) => !CODE_PATTERN.test(code) || config.codePattern.test(code), {
      error: MSG.invalid,
    }),
  });
  const updateForm = defineForm({ code: form.shape.code.optional() });
  const serialize = (row: CodeRow) => serializeCodeOnly(path, row);
  const columns = { id: table.id, code: table.code, createdAt: table.createdAt, updatedAt: table.updatedAt };
  const byCode = (db: Database, code: string) =>
    db.select(columns).from(table).where(eq(table.code, code)).limit(1);

  /** One round trip (the auth check rides along): the row, or 404. */
  const load = async (db: Database, code: string): Promise<CodeRow> => {
    const [[row]] = (await db.batch([byCode(db, code)])) as [CodeRow[]];
    if (!row) throw notFound(`${config.noun} with code "${code}" does not exist.`);
    return row;
  };

  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const url = new URL(c.req.url);
      const request = pageRequest(url);
      const sorting = sortingFrom(url, ["code", "createdAt"] as const, { field: "code", direction: "asc" });
      const criteria = criteriaFrom(url, ["code"] as const);
      const order = sorting.direction === "asc" ? asc : desc;
      const sortColumn = sorting.field === "code" ? table.code : table.createdAt;
      const where = criteria.code !== undefined ? sql`instr(lower(${table.code}), lower(${criteria.code})) > 0` : undefined;
      const [rows, [counted]] = await c.var.db.batch([
        c.var.db
          .select(columns)
          .from(table)
          .where(where)
          .orderBy(order(sortColumn), order(table.id))
          .limit(request.limit)
          .offset(request.offset),
        c.var.db.select({ total: count() }).from(table).where(where),
      ]);
      return c.json(
        envelope({
          path: `/api/v1/${path}/`,
          request,
          total: counted?.total ?? 0,
          items: (rows as CodeRow[]).map(serialize),
          query: carriedQuery(url),
        }),
      );
    })
    .get("/:code", async (c) => c.json(serialize(await load(c.var.db, c.req.param("code")))))
    .post("/", async (c) => {
      const result = validateForm(form, c.var.body);
      const code = result.values.code;
      if (code !== undefined) {
        const [[existing]] = await c.var.db.batch([byCode(c.var.db, code)]);
        if (existing) result.fail("code", config.uniqueMessage);
      }
      result.assertValid();
      try {
        const [row] = (await c.var.db.insert(table).values({ code } as never).returning(columns)) as CodeRow[];
        return c.json(serialize(row!), 201);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        result.fail("code", config.uniqueMessage);
        result.assertValid();
        throw error;
      }
    })
    .on(["PUT", "PATCH"], "/:code", async (c) => {
      // The code is the identity of the resource: like Sylius' disabled code
      // field, a submitted code is validated but never changes the resource.
      const row = await load(c.var.db, c.req.param("code"));
      validateForm(updateForm, c.var.body).assertValid();
      await c.var.db.update(table).set({ updatedAt: nowIso() } as never).where(eq(table.id, row.id));
      return c.body(null, 204);
    })
    .delete("/:code", async (c) => {
      const row = await load(c.var.db, c.req.param("code"));
      // One atomic batch: the usage check, and a delete that only happens
      // when the resource is still unused at that moment.
      const inUse = config.inUse(c.var.db, row);
      // (drizzle cannot batch a raw `sql` statement that has parameters, so the
      // check is a select over the row itself.)
      const [usage] = await c.var.db.batch([
        c.var.db
          .select({ inUse: sql<number>`(${inUse})` })
          .from(table)
          .where(eq(table.id, row.id)),
        c.var.db.delete(table).where(and(eq(table.id, row.id), sql`NOT (${inUse})`)),
      ]);
      if (usage[0]?.inUse) throw conflict(`Cannot delete, the ${config.noun.toLowerCase()} is in use.`);
      return c.body(null, 204);
    });
}

export type CodeOnlySchema = z.infer<z.ZodObject<{ code: z.ZodString }>>;
