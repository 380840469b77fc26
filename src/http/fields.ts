/**
 * Field schemas with the API's validation messages. Every form is built from
 * these, so one wording is used everywhere.
 */
import { z } from "zod";
import { MSG } from "../domain/messages";
import { MAX_INT, toMinorUnits } from "../domain/money";

const blankOrInvalid = (blank: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === "" ? blank : MSG.invalid;

export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/** An e-mail address as Symfony's loose Email check takes it: something, `@`, a dotted domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, non-blank string. */
export const requiredString = (blank: string = MSG.blank, max = 255) =>
  z
    .string({ error: blankOrInvalid(blank) })
    .refine((s) => s.trim().length > 0, { error: blank, abort: true })
    .refine((s) => s.length <= max, { error: MSG.invalid });

/** A required resource code: letters, digits, dashes and underscores. */
export const requiredCode = (blank: string = MSG.blank) =>
  requiredString(blank).refine((s) => CODE_PATTERN.test(s), { error: MSG.codePattern });

export const optionalString = (max = 4000) =>
  z.string({ error: MSG.invalid }).max(max, { error: MSG.invalid }).nullable().optional();

export const optionalBoolean = () => z.boolean({ error: MSG.invalid }).optional();

/**
 * The largest value of Sylius' integer columns (a signed 32-bit INT). Every
 * integer the API accepts (positions, stock, priorities, limits, amounts, ids)
 * lies in 0..MAX_INT, so what is stored is exactly what was sent and an
 * auto-assigned "last + 1" never wraps or loses precision.
 */
export { MAX_INT };

/** An integer within bounds (at most 0..MAX_INT); accepts integral numbers only. */
export const integer = (opts: { min?: number; max?: number; blank?: string; tooLow?: string; tooHigh?: string } = {}) =>
  z
    .number({ error: blankOrInvalid(opts.blank ?? MSG.invalid) })
    .int({ error: MSG.invalid })
    .min(Math.max(opts.min ?? 0, 0), { error: opts.tooLow ?? MSG.invalid })
    .max(Math.min(opts.max ?? MAX_INT, MAX_INT), { error: opts.tooHigh ?? MSG.invalid });

export const nonNegativeNumber = () =>
  z.number({ error: MSG.invalid }).finite({ error: MSG.invalid }).min(0, { error: MSG.invalid });

/** A list of codes (e.g. a channel's locales). */
export const codeList = () => z.array(z.string({ error: MSG.invalid }), { error: MSG.invalid });

/** `{LOCALE: {name}}`: translations keyed by locale code. */
export const translationsOf = <S extends z.ZodRawShape>(shape: S) =>
  z.record(z.string(), z.strictObject(shape, { error: MSG.invalid }), { error: MSG.invalid });

/**
 * A price in major units (number or numeric string), stored as integer minor
 * units: round(price × 100), computed on the decimal text so "12.43" is 1243
 * exactly (no binary floating-point error).
 */
export const majorUnitsPrice = () =>
  z
    .union([z.number(), z.string()], { error: MSG.invalid })
    .transform((value, ctx) => {
      const minor = toMinorUnits(value);
      if (minor === null) {
        ctx.addIssue({ code: "custom", message: MSG.invalid });
        return z.NEVER;
      }
      return minor;
    });

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 date-time (`2026-05-01T10:00:00+02:00`, `...Z`, no offset =
 * UTC, a bare date = midnight UTC) as the stored UTC ISO string, or null.
 */
export function parseDateTime(text: string): string | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", zone] = match;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Six captures, each mapped to a number.
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, Number(fraction.padEnd(3, "0").slice(0, 3)));
  const date = new Date(utc);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const zoneMatch = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    const sign = zoneMatch?.[1] === "-" ? -1 : 1;
    const zh = Number(zoneMatch?.[2] ?? "0");
    const zm = Number(zoneMatch?.[3] ?? "0");
    if (zh > 23 || zm > 59) return null;
    offsetMinutes = sign * (zh * 60 + zm);
  }
  return new Date(utc - offsetMinutes * 60_000).toISOString();
}

/** An optional date-time field (see `parseDateTime`); null removes the value. */
export const nullableDateTime = () =>
  z
    .union([z.string(), z.null()], { error: MSG.invalid })
    .transform((value, ctx) => {
      if (value === null) return null;
      const parsed = parseDateTime(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: MSG.invalid });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();

const FORM_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FORM_TIME = /^\d{2}:\d{2}(?::\d{2})?$/;

/**
 * Symfony's DateTimeType as Sylius' forms submit it: `{date: "YYYY-MM-DD",
 * time: "HH:MM"}` (UTC here), both empty for none; or, as everywhere in this
 * API, an ISO 8601 string or null. Returns the stored UTC ISO string or null,
 * undefined when absent.
 */
export const formDateTime = () =>
  z
    .unknown()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return null;
      const text = typeof value === "string" ? value : dateTimeFormText(value);
      if (text === "") return null;
      const parsed = text === null ? null : parseDateTime(text);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: MSG.invalid });
        return z.NEVER;
      }
      return parsed;
    });

/** `{date, time}` as ISO text ("" when both are empty), null when it is not a well-formed pair. */
function dateTimeFormText(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (entries.some(([key]) => key !== "date" && key !== "time")) return null;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- An object with only `date` and `time` keys (checked above).
  const { date = "", time = "" } = value as { date?: unknown; time?: unknown };
  if ((date === "" || date === null) && (time === "" || time === null)) return "";
  if (typeof date !== "string" || typeof time !== "string" || !FORM_DATE.test(date) || !FORM_TIME.test(time)) return null;
  return `${date}T${time}Z`;
}
