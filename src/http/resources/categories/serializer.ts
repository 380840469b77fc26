/**
 * Tax and shipping categories. One serializer each, used both for the
 * resources themselves and when a variant embeds them:
 * - `full` (get one, create, variant detailed): id, code, name, description, createdAt, updatedAt, _links.self
 * - `embedded` (variant default set): id, code, name, createdAt, updatedAt, _links.self
 * - `listItem` (inside variant lists): id, code, name, _links.self
 */
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import type { CategoryRow } from "../../../data/queries/categories";

export type CategoryView = "full" | "embedded" | "listItem";

function serializeCategory(path: string, row: CategoryRow, view: CategoryView) {
  const links = { self: href(`/${path}/${enc(row.code)}`) };
  if (view === "listItem") return { id: row.id, code: row.code, name: row.name, _links: links };
  const base = { id: row.id, code: row.code, name: row.name };
  const times = { createdAt: atom(row.createdAt), updatedAt: atom(row.updatedAt) };
  return view === "full"
    ? { ...base, description: row.description ?? undefined, ...times, _links: links }
    : { ...base, ...times, _links: links };
}

export const serializeTaxCategory = (row: CategoryRow, view: CategoryView = "full") =>
  serializeCategory("tax-categories", row, view);

export const serializeShippingCategory = (row: CategoryRow, view: CategoryView = "full") =>
  serializeCategory("shipping-categories", row, view);
