/**
 * `/api/v1/countries/{countryCode}/provinces/{code}`: one province of a
 * country, read and deleted (Sylius 1.8 AdminApiBundle `province.yml`: show
 * and delete only). Provinces are created, renamed and removed through their
 * country's form (`provinces`). A province a province zone has as a member
 * cannot be deleted (409).
 *
 * Cost: GET 1 D1 round trip; DELETE 2.
 */
import { apiHref, recordEvents } from "../../events";
import { changedFields } from "../../../domain/events/changes";
import { enc } from "../../serializers/links";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { deleteUnlessInUse } from "../../../data/batch";
import { provinces } from "../../../data/schema";
import { countryByCode, provinceByCode, provinceInUse } from "../../../data/queries/countries";
import { describeRoute, type OperationMeta } from "../../openapi/describe";
import { serializeProvince } from "./serializer";
import { Province } from "./schemas";

const base = { tag: "Countries" } as const;
const docs = {
  get: {
    ...base,
    scope: "config:read",
    operationId: "getProvince",
    summary: "Get a province of a country",
    success: { status: 200, description: "The province.", schema: Province },
    errors: [404],
  } satisfies OperationMeta,
  delete: {
    ...base,
    scope: "config:write",
    operationId: "deleteProvince",
    summary: "Delete a province of a country",
    description: "409 while a province zone has it as a member.",
    success: { status: 204, description: "Deleted." },
    errors: [404, 409],
  } satisfies OperationMeta,
};

/** The country and province of the URL, in the request's first batch; 404 names the one that is missing. */
async function find(c: Context<AppEnv>) {
  const db = c.var.db;
  const countryCode = c.req.param("countryCode") ?? "";
  const code = c.req.param("code") ?? "";
  const { country, province } = await firstBatch(c, { country: countryByCode(db, countryCode), province: provinceByCode(db, countryCode, code) });
  if (!country[0]) throw notFound(`Country with code "${countryCode}" does not exist.`);
  const [row] = province;
  if (!row) throw notFound(`Province with code "${code}" does not exist.`);
  return row;
}

export const provinceRoutes = new Hono<AppEnv>({ strict: false })
  .get("/:code", describeRoute(docs.get), async (c) => c.json(serializeProvince(await find(c))))
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const row = await find(c);
    const countryCode = c.req.param("countryCode") ?? "";
    const resource = { href: apiHref(`countries/${enc(countryCode)}/provinces/${enc(row.code)}`), code: row.code };
    // The delete is conditional (not in use): so is its event.
    recordEvents(c, [{ type: "province.deleted", resource, sequence: null, data: changedFields({ id: row.id, code: row.code }) }], { ifChanged: true });
    await deleteUnlessInUse(c.var.db, provinces, row.id, provinceInUse(row.code), "Cannot delete, the province is in use.");
    return c.body(null, 204);
  });
