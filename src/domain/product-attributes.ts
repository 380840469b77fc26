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

export const isAttributeType = (type: string): type is AttributeType => (ATTRIBUTE_TYPES as readonly string[]).includes(type);

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
