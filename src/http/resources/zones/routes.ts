/**
 * `/api/v1/zones/`: groups of countries, provinces or zones, referenced by
 * channels (default tax zone), tax rates and shipping methods.
 *
 * As Sylius 1.8's AdminApiBundle routes them (routing/zone.yml): created by
 * type (`POST /zones/{country|province|zone}`, the factory's createTyped),
 * read, updated and deleted by code. The form is AddressingBundle's ZoneType
 * (name, type (disabled), members (ZoneMemberType: {code}), scope, then the
 * code added on PRE_SET_DATA) with Zone.xml, ZoneMember.xml and
 * AddressingBundle's validators.en.yml; the member collection's own
 * failures (at least one member, unique, not the zone itself) bubble to the
 * form's `errors`, as its CollectionType does.
 *
 * Members of a `country` zone are ISO 3166-1 alpha-2 codes, of a `province`
 * zone ISO 3166-2 codes of a known country (there is no province resource),
 * of a `zone` zone codes of other existing zones. Only `country` zones take
 * part in tax and shipping matching (the checkout matches address countries).
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch, write batch).
 */
import { Hono, type Context } from "hono";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, isEmptyBody, isPlainObject, validateForm, rethrowUniqueViolation, type FormResult } from "../../form";
import { CODE_PATTERN, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import type { Database } from "../../../data/db";
import { zoneMembers, zones } from "../../../data/schema";
import { deleteUnlessInUse, namedBatch, runBatch } from "../../../data/batch";
import { groupBy } from "../../../data/collections";
import { listPage, namedListSpec } from "../../list-page";
import {
  COUNTRY_CODES,
  insertZoneMembers,
  isProvinceCode,
  membersOfZones,
  zoneByCode,
  zoneColumns,
  zoneInUse,
  zonesWithCodes,
  ZONE_SCOPES,
  ZONE_TYPES,
  type ZoneRow,
  type ZoneType,
} from "../../../data/queries/zones";
import { serializeZone, serializeZoneListItem, type ZoneMemberRow } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, IGNORED_CODE, type InputShape } from "../../openapi/form-docs";
import { Zone, ZonePage } from "./schemas";

export const ZONE_MESSAGES = {
  codeBlank: "Please enter zone code.",
  codePattern: "Zone code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "Zone code must be unique.",
  nameBlank: "Please enter zone name.",
  nameTooShort: "Zone name must be at least 2 characters long.",
  nameTooLong: "Zone name must not be longer than 255 characters.",
  scopeBlank: "Please enter the scope.",
  membersMin: "Please add at least 1 zone member.",
  memberBlank: "Please choose a zone member.",
  memberUnique: "Chosen zone member is already in this zone.",
  memberItself: "Zone member cannot be the same as a zone.",
} as const;

const name = () =>
  requiredString(ZONE_MESSAGES.nameBlank, 4000)
    .refine((s) => s.length >= 2, { error: ZONE_MESSAGES.nameTooShort, abort: true })
    .refine((s) => s.length <= 255, { error: ZONE_MESSAGES.nameTooLong });
const zoneCode = () => requiredString(ZONE_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: ZONE_MESSAGES.codePattern });
/** A ChoiceType (not required): null or "" is no choice (NotBlank's message), anything else outside the choices is invalid. */
const scope = () =>
  z
    .union([z.enum(ZONE_SCOPES), z.literal(""), z.null()], {
      error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? ZONE_MESSAGES.scopeBlank : MSG.invalid),
    })
    .refine((value) => value !== null && value !== "", { error: ZONE_MESSAGES.scopeBlank })
    .transform((value) => value as (typeof ZONE_SCOPES)[number]);
/** Disabled in ZoneType: the type comes from the route; a sent value is ignored. */
const ignoredType = () => z.unknown().optional();
/** ZoneMemberType entries, checked entry by entry in `parseMembers`. */
const members = () => z.unknown().optional();

export const createForm = defineForm({
  name: name(),
  type: ignoredType(),
  members: members(),
  scope: scope(),
  code: zoneCode(),
});

const IGNORED_TYPE: InputShape = {
  schema: z.string().meta({ description: "Ignored: the type is the route's (Sylius disables the field)." }),
  examples: ["country"],
};
const MEMBERS: InputShape = {
  schema: z
    .array(z.object({ code: z.string() }))
    .meta({
      description:
        "At least one, no duplicates: `{code}` of a country (ISO 3166-1 alpha-2) in a `country` zone, of a province (ISO 3166-2) in a `province` zone, of another zone in a `zone` zone.",
    }),
  examples: [[{ code: "NL" }, { code: "BE" }]],
};

documentForm(createForm, {
  component: "ZoneCreate",
  shapes: { type: IGNORED_TYPE, members: MEMBERS },
  descriptions: { code: CODE_DESCRIPTION, scope: "`shipping`, `tax` or `all`." },
  example: { code: "BENELUX", name: "Benelux", scope: "all", members: [{ code: "NL" }, { code: "BE" }, { code: "LU" }] },
});

export const updateForm = defineForm({
  name: name().optional(),
  type: ignoredType(),
  members: members(),
  scope: scope().optional(),
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
});

documentForm(updateForm, {
  component: "ZoneUpdate",
  shapes: { type: IGNORED_TYPE, members: { ...MEMBERS, schema: MEMBERS.schema.meta({ description: "Replaces the old list; at least one." }) }, code: IGNORED_CODE },
  descriptions: { scope: "`shipping`, `tax` or `all`." },
  example: { name: "European Union +", scope: "all", members: [{ code: "PL" }] },
});

type ZoneFormResult = FormResult<typeof createForm.shape> | FormResult<typeof updateForm.shape>;

/** The member codes a body sends (well-formed entries only), for the read batch. */
function sentMemberCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => (isPlainObject(entry) && typeof entry.code === "string" ? [entry.code] : []));
}

/**
 * Checks ZoneType's `members` (a collection of ZoneMemberType {code}):
 * entry failures inside `members.children.<i>.children.code`, the
 * collection's own failures on the form. Returns the valid codes.
 */
function parseMembers(result: ZoneFormResult, value: unknown, type: ZoneType, zoneCodeValue: string, existingZones: ReadonlySet<string>): string[] {
  if (value !== undefined && value !== null && !Array.isArray(value)) {
    result.fail("members", MSG.invalid);
    return [];
  }
  const entries: unknown[] = Array.isArray(value) ? value : [];
  result.shape("members", entries.length ? { children: Object.fromEntries(entries.map((_, i) => [String(i), { children: { code: {} } }])) } : {});
  const codes: string[] = [];
  entries.forEach((entry, index) => {
    const at = String(index);
    if (!isPlainObject(entry)) {
      result.failAt("members", [at], MSG.invalid);
      return;
    }
    if (Object.keys(entry).some((key) => key !== "code")) result.failAt("members", [at], MSG.extraFields);
    const code = entry.code;
    if (code === undefined || code === null || code === "") {
      result.failAt("members", [at, "code"], ZONE_MESSAGES.memberBlank);
      return;
    }
    const known =
      typeof code === "string" &&
      (type === "country" ? COUNTRY_CODES.has(code) : type === "province" ? isProvinceCode(code) : existingZones.has(code) || code === zoneCodeValue);
    if (!known) {
      result.failAt("members", [at, "code"], MSG.invalid);
      return;
    }
    codes.push(code);
  });
  if (entries.length === 0) result.failForm(ZONE_MESSAGES.membersMin);
  if (new Set(codes).size !== codes.length) result.failForm(ZONE_MESSAGES.memberUnique);
  if (type === "zone" && codes.includes(zoneCodeValue)) result.failForm(ZONE_MESSAGES.memberItself);
  return codes;
}

const missing = (code: string) => notFound(`Zone with code "${code}" does not exist.`);

const idsOfCode = (db: Database, code: string) => db.select({ id: zones.id }).from(zones).where(eq(zones.code, code));

function representation(rows: ZoneRow[], memberRows: (ZoneMemberRow & { zoneId: number })[]) {
  const membersByZone = groupBy(memberRows, (m) => m.zoneId);
  return rows.map((row) => serializeZone(row, membersByZone.get(row.id) ?? []));
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
  putNote: EMPTY_PUT_NOTE,
});

const TYPE_NOUNS: Record<ZoneType, string> = { country: "countries", province: "provinces", zone: "zones" };
const createDocs = (type: ZoneType) => ({
  ...docs.create,
  operationId: `create${type[0]?.toUpperCase() ?? ""}${type.slice(1)}Zone`,
  summary: `Create a zone of ${TYPE_NOUNS[type]}`,
  description: `A zone of type \`${type}\` (Sylius' \`POST /zones/{type}\`).`,
});

async function create(c: Context<AppEnv>, type: ZoneType) {
  const db = c.var.db;
  const result = validateForm(createForm, c.var.body);
  const values = result.values;
  const code = values.code ?? "";
  const sent = isPlainObject(c.var.body) ? c.var.body.members : undefined;
  const { existing, known } = await namedBatch(db, {
    existing: zoneByCode(db, code),
    known: zonesWithCodes(db, type === "zone" ? sentMemberCodes(sent) : []),
  });
  const memberCodes = parseMembers(result, sent, type, code, new Set(known.map((z) => z.code)));
  if (existing.length > 0) result.fail("code", ZONE_MESSAGES.unique);
  result.assertValid();
  try {
    const { rows, members } = await namedBatch(db, {
      zone: db.insert(zones).values({ code, name: result.required("name"), type, scope: result.required("scope") }),
      zoneMembers: insertZoneMembers(db, code, memberCodes),
      rows: zoneByCode(db, code),
      members: membersOfZones(db, idsOfCode(db, code)),
    });
    const [zone] = representation(rows, members);
    if (!zone) throw new Error(`Zone "${code}" was not read back after its insert.`);
    return c.json(zone, 201);
  } catch (error) {
    rethrowUniqueViolation(error, result, "code", ZONE_MESSAGES.unique);
  }
}

export const zoneRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, zones, c.req.url, LIST);
    const { rows, counted } = await namedBatch(db, {
      rows: page.rows(db.select(zoneColumns).from(zones).$dynamic()),
      counted: page.count,
    });
    return c.json(page.envelope("/api/v1/zones/", counted, rows.map(serializeZoneListItem)));
  })
  .post("/country", describeRoute(createDocs("country")), (c) => create(c, "country"))
  .post("/province", describeRoute(createDocs("province")), (c) => create(c, "province"))
  .post("/zone", describeRoute(createDocs("zone")), (c) => create(c, "zone"))
  // The creation paths take POST only (as documented), not the item routes below: 405.
  .use("/:type{country|province|zone}", async (c, next) => {
    if (c.req.method === "POST") return next();
    return c.json({ code: 405, message: `No route found for "${c.req.method} ${c.req.path}": Method Not Allowed (Allow: POST)` }, 405, { Allow: "POST" });
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const { rows, members } = await namedBatch(db, { rows: zoneByCode(db, code), members: membersOfZones(db, idsOfCode(db, code)) });
    const [zone] = representation(rows, members);
    if (!zone) throw missing(code);
    return c.json(zone);
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const result = validateForm(updateForm, c.var.body);
    const values = result.values;
    const emptyPut = c.req.method === "PUT" && isEmptyBody(c.var.body);
    const sent = isPlainObject(c.var.body) ? c.var.body.members : undefined;
    const { zone: [zone], known } = await namedBatch(db, {
      zone: zoneByCode(db, code),
      known: zonesWithCodes(db, sentMemberCodes(sent)),
    });
    if (!zone) throw missing(code);
    const type = (ZONE_TYPES as readonly string[]).includes(zone.type) ? (zone.type as ZoneType) : "country";
    // An empty PUT submits every field empty: no members either.
    const replaceMembers = emptyPut || sent !== undefined;
    const memberCodes = replaceMembers ? parseMembers(result, sent, type, code, new Set(known.map((z) => z.code))) : [];
    if (emptyPut) {
      result.fail("name", ZONE_MESSAGES.nameBlank);
      result.fail("scope", ZONE_MESSAGES.scopeBlank);
    }
    result.assertValid();
    await runBatch(db, [
      db
        .update(zones)
        .set({ name: values.name ?? zone.name, scope: values.scope ?? zone.scope, updatedAt: nowIso() })
        .where(eq(zones.id, zone.id)),
      ...(replaceMembers
        ? [db.delete(zoneMembers).where(inArray(zoneMembers.zoneId, [zone.id])), insertZoneMembers(db, code, memberCodes)]
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
