/**
 * `/api/v1/tax-categories/` — and the category resource factory that
 * `/api/v1/shipping-categories/` shares (same fields: code, name, description).
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { Hono } from "hono";
import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, validateForm, rethrowUniqueViolation } from "../../form";
import { optionalString, requiredCode, requiredString } from "../../fields";
import { notFound } from "../../errors";
import { taxCategories } from "../../../data/schema";
import { deleteUnlessInUse } from "../../../data/batch";
import { contains } from "../../../data/conditions";
import { listPage } from "../../list-page";
import { categoryByCode, categoryColumns, taxCategoryInUse, type CategoryTable } from "../../../data/queries/categories";
import { serializeTaxCategory, type CategoryRow } from "./serializer";
import { nowIso } from "../../serializers/timestamps";

export interface CategoryResourceConfig {
  /** Path segment under /api/v1. */
  path: string;
  table: CategoryTable;
  /** e.g. "Tax category" (messages). */
  noun: string;
  uniqueMessage: string;
  serialize: (row: CategoryRow) => unknown;
  /** An SQL boolean: the category with this id is referenced. */
  inUse: (id: number) => SQL;
}

export const createForm = defineForm({
  code: requiredCode(),
  name: requiredString(),
  description: optionalString(),
});

export const updateForm = defineForm({
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  name: requiredString().optional(),
  description: optionalString(),
});

export function categoryRoutes(config: CategoryResourceConfig) {
  const { table, path } = config;
  const columns = categoryColumns(table);
  const missing = (code: string) => notFound(`${config.noun} with code "${code}" does not exist.`);
  const inUseMessage = `Cannot delete, the ${config.noun.toLowerCase()} is in use.`;

  return new Hono<AppEnv>({ strict: false })
    .get("/", async (c) => {
      const db = c.var.db;
      const page = listPage(db, table, c.req.url, {
        sortable: { code: table.code, name: table.name, createdAt: table.createdAt, updatedAt: table.updatedAt },
        defaultSorting: { field: "code", direction: "asc" },
        filters: { code: (value) => contains(table.code, value), name: (value) => contains(table.name, value) },
      });
      const [rows, counted] = await db.batch([page.rows(db.select(columns).from(table).$dynamic()), page.count]);
      return c.json(page.envelope(`/api/v1/${path}/`, counted, rows.map(config.serialize)));
    })
    .get("/:code", async (c) => {
      const code = c.req.param("code");
      const [[row]] = await c.var.db.batch([categoryByCode(c.var.db, table, code)]);
      if (!row) throw missing(code);
      return c.json(config.serialize(row));
    })
    .post("/", async (c) => {
      const db = c.var.db;
      const result = validateForm(createForm, c.var.body);
      const values = result.values;
      const code = values.code ?? "";
      const [[existing]] = await db.batch([categoryByCode(db, table, code)]);
      if (existing) result.fail("code", config.uniqueMessage);
      result.assertValid();
      try {
        const [, [row]] = await db.batch([
          db.insert(table).values({ code, name: values.name!, description: values.description ?? null }),
          categoryByCode(db, table, code),
        ]);
        return c.json(config.serialize(row!), 201);
      } catch (error) {
        rethrowUniqueViolation(error, result, "code", config.uniqueMessage);
      }
    })
    .on(["PUT", "PATCH"], "/:code", async (c) => {
      const db = c.var.db;
      const code = c.req.param("code");
      const result = validateForm(updateForm, c.var.body);
      const [[row]] = await db.batch([categoryByCode(db, table, code)]);
      if (!row) throw missing(code);
      result.assertValid();
      const values = result.values;
      await db.batch([
        db
          .update(table)
          .set({
            name: values.name ?? row.name,
            description: values.description === undefined ? row.description : values.description,
            updatedAt: nowIso(),
          })
          .where(eq(table.id, row.id)),
      ]);
      return c.body(null, 204);
    })
    .delete("/:code", async (c) => {
      const db = c.var.db;
      const code = c.req.param("code");
      const [[row]] = await db.batch([categoryByCode(db, table, code)]);
      if (!row) throw missing(code);
      await deleteUnlessInUse(db, table, row.id, config.inUse(row.id), inUseMessage);
      return c.body(null, 204);
    });
}

export const taxCategoryRoutes = categoryRoutes({
  path: "tax-categories",
  table: taxCategories,
  noun: "Tax category",
  uniqueMessage: "The tax category with given code already exists.",
  serialize: (row) => serializeTaxCategory(row, "full"),
  inUse: taxCategoryInUse,
});
