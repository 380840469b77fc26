/**
 * `/api/v1/zones/`: groups of countries, provinces or zones, referenced by
 * channels (default tax zone), tax rates and shipping methods.
 *
 * As Sylius 1.8's AdminApiBundle routes them (routing/zone.yml): created by
 * type (`POST /zones/{country|province|zone}`, the factory's createTyped),
 * read, updated and deleted by code (the form: ./form.ts).
 *
 * Members of a `country` zone are ISO 3166-1 alpha-2 codes, of a `province`
 * zone codes of existing provinces (a country's `provinces`), of a `zone`
 * zone codes of other existing zones. Only `country` zones take part in tax
 * and shipping matching (addresses carry no province code).
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch, write batch).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { isPlainObject } from "../../form";
import type { Database } from "../../../data/db";
import { zones } from "../../../data/schema";
import { namedListSpec } from "../../list-page";
import {
  insertZoneMembers,
  isZoneType,
  membersOfZones,
  deleteZoneMembers,
  zoneByCode,
  zoneColumns,
  zoneInUse,
  zonesWithCodes,
  ZONE_TYPES,
  type ZoneRow,
  type ZoneType,
} from "../../../data/queries/zones";
import { idOfCode } from "../../../data/queries/table-reads";
import { provincesWithCodes } from "../../../data/queries/countries";
import { serializeZone, serializeZoneListItem, type ZoneMemberRow } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { resourceRoutes } from "../shared/resource";
import { createForm, parseMembers, sentMemberCodes, updateForm, ZONE_MESSAGES } from "./form";
import { Zone, ZonePage } from "./schemas";
import { withOwnParts } from "../shared/own-parts";
import { createPathPerType } from "../shared/typed-create";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

const idsOfCode = (db: Database, code: string) => idOfCode(db, zones, code);

function representation(rows: ZoneRow[], memberRows: (ZoneMemberRow & { zoneId: number })[]) {
  return withOwnParts(rows, memberRows, (m) => m.zoneId, serializeZone);
}

/** The `members` a body sends (checked entry by entry by `parseMembers`). */
const sentMembers = (body: unknown): unknown => (isPlainObject(body) ? body.members : undefined);

/** The sent member codes that exist as what a zone of `type` holds (zones, provinces; a country code is checked against ISO 3166-1). */
const existingMembers = (type: ZoneType, found: { known: { code: string }[]; provinces: { code: string }[] }): ReadonlySet<string> =>
  new Set((type === "zone" ? found.known : type === "province" ? found.provinces : []).map((m) => m.code));

const TYPE_NOUNS = { country: "countries", province: "provinces", zone: "zones" } as const;

const routes = resourceRoutes({
  noun: "Zone",
  events: { resource: "zone" },
  table: zones,
  byCode: zoneByCode,
  docs: { path: "zones", tag: "Zones", area: "config", plural: "zones", idPrefix: "Zone", item: Zone, page: ZonePage, putNote: EMPTY_PUT_NOTE },
  inUse: (zone) => zoneInUse(zone.id),
  list: {
    spec: namedListSpec(zones),
    select: (db) => listRows(db, zones, zoneColumns),
    items: (rows) => rows.map(serializeZoneListItem),
  },
  one: {
    reads: (db, code) => ({ rows: zoneByCode(db, code), members: membersOfZones(db, idsOfCode(db, code)) }),
    item: ({ rows, members }) => representation(rows, members)[0],
  },
  create: {
    at: createPathPerType(ZONE_TYPES, { path: "zones", idPrefix: "Zone", one: "A zone", summary: (type) => `Create a zone of ${TYPE_NOUNS[type]}` }),
    form: createForm,
    unique: ZONE_MESSAGES.unique,
    reads: (db, _values, { body, variant }) => ({
      known: zonesWithCodes(db, variant === "zone" ? sentMemberCodes(sentMembers(body)) : []),
      provinces: provincesWithCodes(db, variant === "province" ? sentMemberCodes(sentMembers(body)) : []),
    }),
    check: (result, found, { body, variant }) => parseMembers(result, sentMembers(body), variant, result.values.code ?? "", existingMembers(variant, found)),
    writes: (db, code, memberCodes, result, { variant }) => ({
      zone: insertRow(db, zones, { code, name: result.required("name"), type: variant, scope: result.required("scope") }),
      zoneMembers: insertZoneMembers(db, code, memberCodes),
    }),
  },
  update: {
    form: updateForm,
    reads: (db, _code, _values, { body }) => ({
      known: zonesWithCodes(db, sentMemberCodes(sentMembers(body))),
      provinces: provincesWithCodes(db, sentMemberCodes(sentMembers(body))),
    }),
    emptyPut: { name: ZONE_MESSAGES.nameBlank, scope: ZONE_MESSAGES.scopeBlank },
    check: (result, found, zone, { body, merge }) => {
      const sent = sentMembers(body);
      // A PUT submits the whole form: members it leaves out are an empty list (which fails its minimum), as Sylius' form.
      const replaceMembers = !merge || sent !== undefined;
      const type = isZoneType(zone.type) ? zone.type : "country";
      return replaceMembers ? parseMembers(result, sent, type, zone.code, existingMembers(type, found)) : undefined;
    },
    writes: (db, zone, memberCodes, { values }) => [
      updateById(db, zones, zone.id, { name: values.name ?? zone.name, scope: values.scope ?? zone.scope, updatedAt: nowIso() }),
      ...(memberCodes ? [deleteZoneMembers(db, zone.id), insertZoneMembers(db, zone.code, memberCodes)] : []),
    ],
  },
});

export const zoneRoutes = new Hono<AppEnv>({ strict: false })
  // The creation paths take POST only (as documented), not the item routes: 405.
  .use("/:type{country|province|zone}", async (c, next) => {
    if (c.req.method === "POST") return next();
    return c.json({ code: 405, message: `No route found for "${c.req.method} ${c.req.path}": Method Not Allowed (Allow: POST)` }, 405, { Allow: "POST" });
  })
  .route("/", routes);
