/** Field helpers several resources' forms share: compound fields reported on themselves, code lists, text checks. */
import { z } from "zod";
import { requiredString } from "../../fields";
import { isPlainObject, type Failable } from "../../form";
import type { FormChild } from "../../errors";
import { MSG } from "../../../domain/messages";
import { unique } from "../../../data/collections";

const KNOWN_MESSAGES = new Set(Object.values<unknown>(MSG).filter((m): m is string => typeof m === "string"));

/**
 * An optional compound field validated by `schema`: its issues are reported
 * on the field itself with the texts of `MSG` (anything else becomes
 * `This value is not valid.`), each message once.
 */
export function reported<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value, ctx): z.output<T> | undefined => {
    if (value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const messages = new Set(parsed.error.issues.map((i) => (KNOWN_MESSAGES.has(i.message) ? i.message : MSG.invalid)));
    for (const message of messages) ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** A list of resource codes (duplicates dropped, order kept). */
export const codeListField = () =>
  reported(z.array(requiredString()).transform(unique));

/** Fails `field` once when any of `codes` is missing from `found`. */
export function failUnknown<F extends string>(
  result: Failable<F>,
  field: F,
  codes: Iterable<string>,
  found: Set<string>,
): void {
  for (const code of codes) {
    if (!found.has(code)) {
      result.fail(field, MSG.invalid);
      return;
    }
  }
}

type TextLength = { min: number; tooShort: string; max: number; tooLong: string };

/** A required text of a sub-form: the text, or the message it fails with. */
export function checkText(value: unknown, blank: string, length?: TextLength): { text: string; message: null } | { text: null; message: string } {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return { text: null, message: blank };
  if (typeof value !== "string" || !isWellFormed(value)) return { text: null, message: MSG.invalid };
  if (length && value.length < length.min) return { text: null, message: length.tooShort };
  if (value.length > (length?.max ?? 255)) return { text: null, message: length?.tooLong ?? MSG.invalid };
  return { text: value, message: null };
}

/** A required text of a sub-form: its message, or null when it is good. */
export const textMessage = (value: unknown, blank: string, length?: TextLength): string | null => checkText(value, blank, length).message;

const isWellFormed = (value: string) => !/\p{Cs}/u.test(value);

/** A form with a `translations` field (one sub-form per locale). */
export interface TranslationsForm {
  fail(field: "translations", message: string): void;
  failAt(field: "translations", path: readonly string[], message: string): void;
}

/** The sub-forms of `translations` as Symfony renders them: one `{name}` per locale (`{}` for none). */
export const nameTranslationsTree = (locales: readonly string[]): FormChild =>
  locales.length ? { children: Object.fromEntries(locales.map((l) => [l, { children: { name: {} } }])) } : {};

/**
 * Sent translations, entry by entry: an unknown locale fails `translations`,
 * an entry that is no object fails its sub-form (a key not in `fields` too);
 * `check` gets every entry that is an object, to check its fields.
 */
export function forEachTranslation(
  result: TranslationsForm,
  sent: Record<string, unknown>,
  known: ReadonlySet<string>,
  fields: ReadonlySet<string>,
  check: (locale: string, entry: Record<string, unknown>) => void,
): void {
  for (const [locale, entry] of Object.entries(sent)) {
    if (!known.has(locale)) {
      result.fail("translations", MSG.invalid);
      continue;
    }
    if (!isPlainObject(entry)) {
      result.failAt("translations", [locale], MSG.invalid);
      continue;
    }
    if (Object.keys(entry).some((key) => !fields.has(key))) result.failAt("translations", [locale], MSG.extraFields);
    check(locale, entry);
  }
}

const NAME_ONLY: ReadonlySet<string> = new Set(["name"]);

/** Sent translations of a name alone (see `forEachTranslation`): a bad name fails its `name`; returns the valid names by locale. */
export function checkNameTranslations(
  result: TranslationsForm,
  sent: Record<string, unknown>,
  known: ReadonlySet<string>,
  blank: string,
  length: TextLength,
): Map<string, string> {
  const names = new Map<string, string>();
  forEachTranslation(result, sent, known, NAME_ONLY, (locale, entry) => {
    const name = checkText(entry.name, blank, length);
    if (name.message !== null) result.failAt("translations", [locale, "name"], name.message);
    else names.set(locale, name.text);
  });
  return names;
}
