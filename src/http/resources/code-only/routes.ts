/**
 * Locales and currencies: resources that are nothing but a unique code.
 * This is the pattern every resource follows: a zod form, one batched read
 * (which also carries the auth check), one write, one serializer, the
 * paginated envelope, and 409 when a delete would orphan a reference.
 */
import { Hono } from "hono";
import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, validateForm, rethrowUniqueViolation } from "../../form";
import { CODE_PATTERN, requiredCode } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import { deleteUnlessInUse } from "../../../data/batch";
import { containsText } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import { listPage } from "../../list-page";
import { nowIso } from "../../serializers/timestamps";
import type { CodeRow, CodeTable } from "../../../data/queries/code-only";
import { serializeCodeOnly } from "./serializer";

export interface CodeOnlyResourceConfig {
  /** Path segment under /api/v1, e.g. `locales`. */
  path: string;
  table: CodeTable;
  codePattern: RegExp;
  uniqueMessage: string;
  /** Name used in messages, e.g. "Locale". */
  noun: string;
  /** An SQL boolean: the resource is referenced. */
  inUse: (row: CodeRow) => SQL;
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
      const db = c.var.db;
      const page = listPage(db, table, c.req.url, {
        sortable: { code: table.code, createdAt: table.createdAt },
        defaultSorting: { field: "code", direction: "asc" },
        filters: { code: (value) => containsText(table.code, value) },
      });
      const [rows, counted] = await db.batch([page.rows(db.select(columns).from(table).$dynamic()), page.count]);
      return c.json(page.envelope(`/api/v1/${path}/`, counted, (rows as CodeRow[]).map(serialize)));
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
        rethrowUniqueViolation(error, result, "code", config.uniqueMessage);
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
      const inUseMessage = `Cannot delete, the ${config.noun.toLowerCase()} is in use.`;
      await deleteUnlessInUse(c.var.db, table, row.id, config.inUse(row), inUseMessage);
      return c.body(null, 204);
    });
}

export type CodeOnlySchema = z.infer<z.ZodObject<{ code: z.ZodString }>>;
