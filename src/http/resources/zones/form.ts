/**
 * The zone form: AddressingBundle's ZoneType (name, type (disabled), members
 * (ZoneMemberType: {code}), scope, then the code added on PRE_SET_DATA) with
 * Zone.xml, ZoneMember.xml and AddressingBundle's validators.en.yml; the
 * member collection's own failures (at least one member, unique, not the
 * zone itself) bubble to the form's `errors`, as its CollectionType does.
 */
import { z } from "zod";
import { defineForm, isPlainObject, type FormResult } from "../../form";
import { CODE_PATTERN, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { COUNTRY_CODES, ZONE_SCOPES, type ZoneType } from "../../../data/queries/zones";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE, type InputShape } from "../../openapi/form-docs";

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
    // A type predicate: the scope is one of ZONE_SCOPES from here on. The
    // transform (an identity) keeps the documented schema as it was.
    .refine((value) => value !== null && value !== "", { error: ZONE_MESSAGES.scopeBlank })
    .transform((value) => value);
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
}, { lists: ["members"] });

const IGNORED_TYPE: InputShape = {
  schema: z.string().meta({ description: "Ignored: the type is the route's (Sylius disables the field)." }),
  examples: ["country"],
};
const MEMBERS: InputShape = {
  schema: z
    .array(z.object({ code: z.string() }))
    .meta({
      description:
        "At least one, no duplicates: `{code}` of a country (ISO 3166-1 alpha-2) in a `country` zone, of an existing province (a country's `provinces`) in a `province` zone, of another zone in a `zone` zone.",
    }),
  examples: [[{ code: "NL" }, { code: "BE" }]],
};

documentForm(createForm, {
  component: "ZoneCreate",
  shapes: { type: IGNORED_TYPE, members: MEMBERS },
  descriptions: { code: CODE_DESCRIPTION, scope: "`shipping`, `tax` or `all`." },
  example: { code: "BENELUX", name: "Benelux", scope: "all", members: [{ code: "NL" }, { code: "BE" }, { code: "LU" }] },
});

// A PUT without `members` empties them (and so fails their minimum of one), as Sylius' form; PATCH keeps them.
export const updateForm = defineForm(
  {
    name: name().optional(),
    type: ignoredType(),
    members: members(),
    scope: scope().optional(),
    /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
    code: z.unknown().optional(),
  },
  { cleared: { members: [] }, lists: ["members"] },
);

documentForm(updateForm, {
  component: "ZoneUpdate",
  shapes: { type: IGNORED_TYPE, members: { ...MEMBERS, schema: MEMBERS.schema.meta({ description: "Replaces the old list; at least one (a PUT without it fails, a PATCH keeps the list)." }) }, code: IGNORED_CODE },
  descriptions: { scope: "`shipping`, `tax` or `all`." },
  example: { name: "European Union +", scope: "all", members: [{ code: "PL" }] },
});

type ZoneFormResult = FormResult<typeof createForm.shape> | FormResult<typeof updateForm.shape>;

/** The member codes a body sends (well-formed entries only), for the read batch. */
export function sentMemberCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => (isPlainObject(entry) && typeof entry.code === "string" ? [entry.code] : []));
}

/**
 * Checks ZoneType's `members` (a collection of ZoneMemberType {code}):
 * entry failures inside `members.children.<i>.children.code`, the
 * collection's own failures on the form. `existing` are the sent codes that
 * exist as zones (a `zone` zone) or provinces (a `province` zone). Returns
 * the valid codes.
 */
export function parseMembers(result: ZoneFormResult, value: unknown, type: ZoneType, zoneCodeValue: string, existing: ReadonlySet<string>): string[] {
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
      (type === "country" ? COUNTRY_CODES.has(code) : existing.has(code) || (type === "zone" && code === zoneCodeValue));
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
