/**
 * Product attribute types and their configuration, as Sylius 1.8's
 * AttributeBundle defines them: the types (attribute_types.xml), the
 * configuration forms of `text` (min, max), `select` (choices, multiple,
 * min, max), `date` and `datetime` (format), and the class constraints
 * ValidTextAttributeConfiguration and ValidSelectAttributeConfiguration.
 * Pure: the caller reads the known locales and supplies new choice keys.
 */
import { MSG } from "./messages";

export const ATTRIBUTE_TYPES = ["text", "textarea", "checkbox", "integer", "percent", "datetime", "date", "select"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const isAttributeType = (type: string): type is AttributeType => ATTRIBUTE_TYPES.some((known) => known === type);

/** Sylius' `%locale%`: a select's choices need a label in it. */
export const DEFAULT_LOCALE = "en_US";

/** The fields of each type's configuration form (none: the form has no `configuration`). */
export const CONFIGURATION_FIELDS: Record<AttributeType, readonly string[]> = {
  text: ["min", "max"],
  textarea: [],
  checkbox: [],
  integer: [],
  percent: [],
  datetime: ["format"],
  date: ["format"],
  select: ["choices", "multiple", "min", "max"],
};

/** AttributeBundle's validators.en.yml. */
export const CONFIGURATION_MESSAGES = {
  maxEntries: "Configuration max entries value must be greater or equal to the min entries value.",
  maxLength: "Configuration max length must be greater or equal to the min length.",
  minEntries: "Configuration min entries value must be lower or equal to the number of added choices.",
  multiple: "Configuration multiple must be true if min or max entries values are specified.",
} as const;

/** Labels of a select's choice by locale. */
export type ChoiceLabels = Record<string, string>;

export interface AttributeConfiguration {
  choices?: Record<string, ChoiceLabels>;
  multiple?: boolean;
  min?: number;
  max?: number;
  format?: string;
}

export interface ConfigurationIssue {
  /** Under `configuration`: [] the field itself, ["min"], ["choices", "0"]. */
  path: string[];
  message: string;
}

export interface CheckedConfiguration {
  configuration: AttributeConfiguration;
  issues: ConfigurationIssue[];
  /** Violations of the attribute's class constraints (reported on the form). */
  formErrors: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** NumberType: a number or numeric text; null or "" leaves it unset. */
function numberField(value: unknown): { value?: number; invalid?: true } {
  if (value === undefined || value === null || value === "") return {};
  const number = typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) ? { value: number } : { invalid: true };
}

/** A choice's labels: known locales only, blank labels dropped. */
function choiceLabels(entry: unknown, knownLocales: ReadonlySet<string>): { labels?: ChoiceLabels; message?: string } {
  if (!isRecord(entry)) return { message: MSG.invalid };
  const labels: ChoiceLabels = {};
  for (const [locale, label] of Object.entries(entry)) {
    if (!knownLocales.has(locale)) return { message: MSG.extraFields };
    if (label === null || label === "") continue;
    if (typeof label !== "string" && typeof label !== "number") return { message: MSG.invalid };
    labels[locale] = String(label);
  }
  return { labels };
}

/**
 * SelectAttributeChoicesCollectionType: a list of labels gets new keys (an
 * entry without the default locale is dropped); labels under a key keep it.
 */
function checkChoices(sent: unknown, knownLocales: ReadonlySet<string>, newKey: () => string, issues: ConfigurationIssue[]) {
  const choices: Record<string, ChoiceLabels> = {};
  if (sent === undefined || sent === null) return choices;
  if (!isRecord(sent) && !Array.isArray(sent)) {
    issues.push({ path: ["choices"], message: MSG.invalid });
    return choices;
  }
  for (const [key, entry] of Object.entries(sent)) {
    const { labels, message } = choiceLabels(entry, knownLocales);
    if (message !== undefined || labels === undefined) {
      issues.push({ path: ["choices", key], message: message ?? MSG.invalid });
      continue;
    }
    if (!/^\d+$/.test(key)) choices[key] = labels;
    else if (isRecord(entry) && Object.hasOwn(entry, DEFAULT_LOCALE)) choices[newKey()] = labels;
  }
  return choices;
}

/**
 * The configuration a `type` attribute's form makes of `sent` (unset fields
 * left out, as Symfony's mapper leaves an array's missing keys), its field
 * issues and its class-constraint violations.
 */
export function checkConfiguration(
  type: AttributeType,
  sent: unknown,
  knownLocales: ReadonlySet<string>,
  newKey: () => string,
): CheckedConfiguration {
  const fields = CONFIGURATION_FIELDS[type];
  const issues: ConfigurationIssue[] = [];
  const formErrors: string[] = [];
  const configuration: AttributeConfiguration = {};
  if (sent === undefined || sent === null) return { configuration, issues, formErrors };
  if (!isRecord(sent)) return { configuration, issues: [{ path: [], message: MSG.invalid }], formErrors };
  if (Object.keys(sent).some((key) => !fields.includes(key))) issues.push({ path: [], message: MSG.extraFields });
  for (const field of ["min", "max"] as const) {
    if (!fields.includes(field)) continue;
    const parsed = numberField(sent[field]);
    if (parsed.invalid) issues.push({ path: [field], message: MSG.invalid });
    else if (parsed.value !== undefined) configuration[field] = parsed.value;
  }
  if (fields.includes("format")) {
    const format = sent.format;
    if (typeof format === "string" && format !== "") configuration.format = format;
    else if (format !== undefined && format !== null && format !== "") issues.push({ path: ["format"], message: MSG.invalid });
  }
  if (type === "select") {
    configuration.choices = checkChoices(sent.choices, knownLocales, newKey, issues);
    const multiple = sent.multiple;
    if (multiple !== undefined && multiple !== null && typeof multiple !== "boolean") issues.push({ path: ["multiple"], message: MSG.invalid });
    configuration.multiple = multiple === true;
  }
  if (issues.length === 0) formErrors.push(...configurationViolations(type, configuration));
  return { configuration, issues, formErrors };
}

/** ValidTextAttributeConfiguration and ValidSelectAttributeConfiguration (0 counts as unset, as PHP's `empty`). */
export function configurationViolations(type: AttributeType, configuration: AttributeConfiguration): string[] {
  const min = configuration.min || undefined;
  const max = configuration.max || undefined;
  if (type === "text") return min !== undefined && max !== undefined && min > max ? [CONFIGURATION_MESSAGES.maxLength] : [];
  if (type !== "select" || (min === undefined && max === undefined)) return [];
  if (!configuration.multiple) return [CONFIGURATION_MESSAGES.multiple];
  if (min !== undefined && max !== undefined && min > max) return [CONFIGURATION_MESSAGES.maxEntries];
  if (min !== undefined && min > Object.keys(configuration.choices ?? {}).length) return [CONFIGURATION_MESSAGES.minEntries];
  return [];
}

/** The stored configuration (JSON text), `{}` when unreadable. */
export function parseConfiguration(stored: string): AttributeConfiguration {
  try {
    const parsed: unknown = JSON.parse(stored);
    // Only this module writes the column (`JSON.stringify` of an AttributeConfiguration, or the default `[]`).
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

// ------------------------------------------------------------ values

/** A stored value: what a product's attribute value serializes as (date types as stored ISO text). */
export type AttributeValue = string | number | boolean | string[] | null;

/** Symfony's texts of the constraints the types' `validate` apply (validators.en.xlf). */
const plural = (limit: number, one: string, many: string) => (limit === 1 ? one : many).replace("{{ limit }}", String(limit));
export const VALUE_MESSAGES = {
  tooShort: (limit: number) =>
    plural(limit, "This value is too short. It should have 1 character or more.", "This value is too short. It should have {{ limit }} characters or more."),
  tooLong: (limit: number) =>
    plural(limit, "This value is too long. It should have 1 character or less.", "This value is too long. It should have {{ limit }} characters or less."),
  tooFew: (limit: number) =>
    plural(limit, "This collection should contain 1 element or more.", "This collection should contain {{ limit }} elements or more."),
  tooMany: (limit: number) =>
    plural(limit, "This collection should contain 1 element or less.", "This collection should contain {{ limit }} elements or less."),
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A calendar date (and time) that exists, as `YYYY-MM-DDTHH:MM:SS+00:00`, or null. */
function dateTimeText(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): string | null {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59 || year < 1 || year > 9999) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}+00:00`;
}

const intOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;

/** DateType / DateTimeType: `YYYY-MM-DD[ HH:MM[:SS]]` (or `T`), or the choice widgets' {year, month, day} / {date: {...}, time: {hour, minute}}. */
function dateValue(value: unknown, withTime: boolean): string | null {
  if (typeof value === "string") {
    const match = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)(?::(\d\d))?(?:Z|\+00:00)?)?$/.exec(value.trim());
    if (!match || (!withTime && match[4] !== undefined)) return null;
    const [, y, mo, d, h, mi, s] = match.map((part) => (part === undefined ? 0 : Number(part)));
    return dateTimeText(y ?? 0, mo ?? 0, d ?? 0, h, mi, s);
  }
  if (!isRecord(value)) return null;
  const day = withTime ? value.date : value;
  const time = withTime ? value.time : {};
  if (!isRecord(day) || !isRecord(time)) return null;
  const parts = [day.year, day.month, day.day, time.hour ?? 0, time.minute ?? 0].map(intOf);
  if (parts.some((part) => part === null)) return null;
  const [y, mo, d, h, mi] = parts.map((part) => part ?? 0);
  return dateTimeText(y ?? 0, mo ?? 0, d ?? 0, h, mi);
}

/**
 * The value an attribute's form field makes of `sent` and its `validate`
 * violations: `{ value }` or `{ message }`. A blank value is null (no type
 * here is required: Sylius' configuration forms never set `required`).
 */
export function checkValue(type: AttributeType, configuration: AttributeConfiguration, sent: unknown): { value: AttributeValue } | { message: string } {
  const invalid = { message: MSG.invalid };
  if (sent === undefined || sent === null || sent === "") return { value: type === "checkbox" ? false : type === "select" ? [] : null };
  switch (type) {
    case "text":
    case "textarea": {
      if (typeof sent !== "string" && typeof sent !== "number") return invalid;
      const text = String(sent);
      const { min, max } = configuration;
      // TextAttributeType checks the length only when both bounds are set.
      if (type === "text" && min !== undefined && max !== undefined) {
        if (text.length < min) return { message: VALUE_MESSAGES.tooShort(min) };
        if (text.length > max) return { message: VALUE_MESSAGES.tooLong(max) };
      }
      return { value: text };
    }
    case "checkbox":
      return typeof sent === "boolean" ? { value: sent } : invalid;
    case "integer": {
      const number = typeof sent === "number" ? sent : typeof sent === "string" && /^\s*-?\d+\s*$/.test(sent) ? Number(sent) : NaN;
      return Number.isSafeInteger(number) ? { value: number } : invalid;
    }
    case "percent": {
      // PercentType (fractional): the percentage sent is stored as a fraction (50 → 0.5).
      const number = typeof sent === "number" ? sent : typeof sent === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(sent) ? Number(sent) : NaN;
      return Number.isFinite(number) ? { value: number / 100 } : invalid;
    }
    case "date":
    case "datetime": {
      const text = dateValue(sent, type === "datetime");
      return text === null ? invalid : { value: text };
    }
    case "select": {
      const multiple = configuration.multiple === true;
      const sentKeys: unknown = multiple ? sent : [sent];
      if (!Array.isArray(sentKeys)) return invalid;
      const keys: unknown[] = sentKeys;
      const chosen: string[] = [];
      for (const key of keys) {
        if (typeof key !== "string" || !Object.hasOwn(configuration.choices ?? {}, key)) return invalid;
        if (!chosen.includes(key)) chosen.push(key);
      }
      const min = configuration.min || undefined;
      const max = configuration.max || undefined;
      if (min !== undefined && chosen.length < min) return { message: VALUE_MESSAGES.tooFew(min) };
      if (max !== undefined && chosen.length > max) return { message: VALUE_MESSAGES.tooMany(max) };
      return { value: chosen };
    }
  }
}

/** A stored value (JSON text) back. */
export function parseValue(stored: string | null): AttributeValue {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed === "string" || typeof parsed === "number" || typeof parsed === "boolean") return parsed;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : null;
  } catch {
    return null;
  }
}
