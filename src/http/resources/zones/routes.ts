/**
 * `/api/v1/zones/`: groups of countries (type `country`), referenced by
 * channels (default tax zone), tax rates and shipping methods.
 *
 * List: default sorting `code asc` (a configuration list is read by code);
 * sortable `code`, `name`, `createdAt`, `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch, write batch).
 */
import { Hono } from "hono";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, validateForm, rethrowUniqueViolation } from "../../form";
import { codeList, requiredCode, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import type { Database } from "../../../data/db";
import { zoneMembers, zones } from "../../../data/schema";
import { deleteUnlessInUse, namedBatch, runBatch } from "../../../data/batch";
import { groupBy, unique } from "../../../data/collections";
import { listPage, namedListSpec } from "../../list-page";
import {
  COUNTRY_CODES,
  insertZoneMembers,
  membersOfZones,
  zoneByCode,
  zoneColumns,
  zoneInUse,
  ZONE_TYPES,
  type ZoneRow,
} from "../../../data/queries/zones";
import { serializeZone } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { Zone, ZonePage } from "./schemas";

const UNIQUE_CODE = "Zone code must be unique.";

const zoneType = () => z.enum(ZONE_TYPES, { error: MSG.invalid });
/** Country codes, uppercase ISO 3166-1 alpha-2; duplicates collapse. */
const members = () =>
  codeList()
    .refine((codes) => codes.every((code) => COUNTRY_CODES.has(code)), { error: MSG.invalid })
    .transform(unique);

export const createForm = defineForm({
  code: requiredCode(),
  name: requiredString(),
  type: zoneType().optional(),
  members: members().optional(),
});

documentForm(createForm, {
  component: "ZoneCreate",
  descriptions: { code: CODE_DESCRIPTION, members: "ISO 3166-1 alpha-2 country codes." },
  example: { code: "EU_CENTRAL", name: "Central Europe", type: "country", members: ["DE", "AT", "CZ"] },
});

export const updateForm = defineForm({
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  name: requiredString().optional(),
  type: zoneType().optional(),
  members: members().optional(),
});

documentForm(updateForm, {
  component: "ZoneUpdate",
  shapes: { code: IGNORED_CODE },
  descriptions: { members: "ISO 3166-1 alpha-2 country codes; replaces the old list." },
  example: { name: "Central Europe", members: ["DE", "AT", "CZ", "PL"] },
});

const missing = (code: string) => notFound(`Zone with code "${code}" does not exist.`);

const idsOfCode = (db: Database, code: string) => db.select({ id: zones.id }).from(zones).where(eq(zones.code, code));

function representation(rows: ZoneRow[], memberRows: { zoneId: number; code: string }[]) {
  const membersByZone = groupBy(memberRows, (m) => m.zoneId);
  return rows.map((row) => serializeZone(row, (membersByZone.get(row.id) ?? []).map((m) => m.code)));
}

/** The list: sorted and filtered as the handler reads it, documented from the same spec. */
const LIST = namedListSpec(zones);

const docs = crudDocs({
  tag: "Zones",
  noun: "zone",
  plural: "zones",
  idPrefix: "Zone",
  item: Zone,
  page: ZonePage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(LIST),
  deleteConflict: true,
});

export const zoneRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, zones, c.req.url, LIST);
    const { rows, counted, members } = await namedBatch(db, {
      rows: page.rows(db.select(zoneColumns).from(zones).$dynamic()),
      counted: page.count,
      members: membersOfZones(db, page.ids),
    });
    return c.json(page.envelope("/api/v1/zones/", counted, representation(rows, members)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const { rows, members } = await namedBatch(db, { rows: zoneByCode(db, code), members: membersOfZones(db, idsOfCode(db, code)) });
    const [zone] = representation(rows, members);
    if (!zone) throw missing(code);
    return c.json(zone);
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code ?? "";
    const { existing } = await namedBatch(db, { existing: zoneByCode(db, code) });
    if (existing.length > 0) result.fail("code", UNIQUE_CODE);
    result.assertValid();
    try {
      const { rows, members } = await namedBatch(db, {
        zone: db.insert(zones).values({ code, name: result.required("name"), type: values.type ?? "country" }),
        zoneMembers: insertZoneMembers(db, code, values.members ?? []),
        rows: zoneByCode(db, code),
        members: membersOfZones(db, idsOfCode(db, code)),
      });
      const [zone] = representation(rows, members);
      if (!zone) throw new Error(`Zone "${code}" was not read back after its insert.`);
      return c.json(zone, 201);
    } catch (error) {
      rethrowUniqueViolation(error, result, "code", UNIQUE_CODE);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const result = validateForm(updateForm, c.var.body);
    const { zone: [zone] } = await namedBatch(db, { zone: zoneByCode(db, code) });
    if (!zone) throw missing(code);
    result.assertValid();
    const values = result.values;
    const writes = [
      db
        .update(zones)
        .set({ name: values.name ?? zone.name, type: values.type ?? zone.type, updatedAt: nowIso() })
        .where(eq(zones.id, zone.id)),
    ];
    await runBatch(db, [
      ...writes,
      ...(values.members !== undefined
        ? [db.delete(zoneMembers).where(inArray(zoneMembers.zoneId, [zone.id])), insertZoneMembers(db, code, values.members)]
        : []),
    ]);
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const { zone: [zone] } = await namedBatch(db, { zone: zoneByCode(db, code) });
    if (!zone) throw missing(code);
    await deleteUnlessInUse(db, zones, zone.id, zoneInUse(zone.id), "Cannot delete, the zone is in use.");
    return c.body(null, 204);
  });
