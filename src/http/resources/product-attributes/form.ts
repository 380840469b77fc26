/**
 * The product attribute form: Sylius 1.8's ProductAttributeType (AttributeType:
 * translations, a disabled `type`; then position; the code and the type's
 * `configuration` form added on PRE_SET_DATA), its messages
 * (AttributeBundle's Attribute*.xml and validators.en.yml) and its
 * documentation. The children are listed as Sylius' validation response
 * lists them: type, position, translations, code, configuration.
 */
import { z } from "zod";
import { defineForm, isPlainObject } from "../../form";
import type { FormChild } from "../../errors";
import { CODE_PATTERN, integer, MAX_INT, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { checkConfiguration, CONFIGURATION_FIELDS, type AttributeConfiguration, type AttributeType } from "../../../domain/product-attributes";
import { CODE_DESCRIPTION, documentForm, type InputShape } from "../../openapi/form-docs";
import { checkNameTranslations, nameTranslationsTree, reported } from "../shared/fields";

export const ATTRIBUTE_MESSAGES = {
  codeBlank: "Please enter attribute code.",
  codePattern: "Attribute code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "This code is already in use.",
  nameBlank: "Please enter attribute name.",
  nameTooLong: "Attribute name must not be longer than 255 characters.",
} as const;

const NAME_LENGTH = { min: 1, tooShort: ATTRIBUTE_MESSAGES.nameBlank, max: 255, tooLong: ATTRIBUTE_MESSAGES.nameTooLong };

const shapes = {
  type: {
    schema: z.string().meta({ description: "Ignored: the type is chosen by the create path and never changes (Sylius' disabled field)." }),
    examples: ["integer"],
  },
  translations: {
    schema: z.record(z.string(), z.object({ name: z.string() })).meta({ description: "Name per locale code; sent locales are added or renamed, others kept." }),
    examples: [{ en_US: { name: "Mug material" } }],
  },
  configuration: {
    schema: z
      .object({
        min: z.number().optional(),
        max: z.number().optional(),
        format: z.string().optional(),
        multiple: z.boolean().optional(),
        choices: z.union([z.array(z.record(z.string(), z.string())), z.record(z.string(), z.record(z.string(), z.string()))]).optional(),
      })
      .meta({
        description:
          "By type: `text` {min, max} (value length), `select` {choices, multiple, min, max} (choices: a list of labels by locale, each given a new key, or labels under their keys), `date`/`datetime` {format}; other types have none.",
      }),
    examples: [{ min: 1, max: 20 }, { choices: [{ en_US: "yellow", fr_FR: "jaune" }], multiple: true, min: 1, max: 1 }],
  },
} satisfies Record<string, InputShape>;

const attributeCode = () => requiredString(ATTRIBUTE_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: ATTRIBUTE_MESSAGES.codePattern });

export const createForm = defineForm(
  {
    type: z.unknown().optional(),
    position: integer({ min: 0 }).optional(),
    translations: reported(z.record(z.string(), z.unknown())),
    code: attributeCode(),
    configuration: z.unknown().optional(),
  },
  { quiet: ["configuration"] },
);

documentForm(createForm, {
  component: "ProductAttributeCreate",
  shapes,
  descriptions: {
    code: CODE_DESCRIPTION,
    position: "Where the attribute goes among all attributes (0 first); left out, it is appended. The others move to make room.",
  },
  example: { code: "mug_material", translations: { en_US: { name: "Mug material" } } },
});

/**
 * Updates: the code is the identity; a sent code is validated, never applied.
 * A PUT leaving it out moves the attribute to the end (where a create without
 * a position puts it: past the last position is the last); PATCH keeps it.
 * The configuration and translations are kept (docs/api/updates.md).
 */
export const updateForm = defineForm({ ...createForm.shape, code: createForm.shape.code.optional() }, { quiet: ["configuration"], cleared: { position: MAX_INT } });

documentForm(updateForm, {
  component: "ProductAttributeUpdate",
  shapes,
  descriptions: { position: "Moves the attribute (past the last position: to the end); those in between close up or make room." },
  example: { position: 1, translations: { en_US: { name: "Mug material" } } },
});

/** What the checks need of either form's result. */
interface AttributeResult {
  values: { translations?: Record<string, unknown> };
  shape(field: "translations" | "configuration", tree: FormChild): void;
  fail(field: "translations", message: string): void;
  failAt(field: "translations" | "configuration", path: readonly string[], message: string): void;
  failForm(message: string): void;
}

/** The locales a body names: its translations' and its select choices' (checked in the read batch). */
export function sentLocales(body: unknown): string[] {
  if (!isPlainObject(body)) return [];
  const locales = isPlainObject(body.translations) ? Object.keys(body.translations) : [];
  const configuration = body.configuration;
  if (isPlainObject(configuration) && (Array.isArray(configuration.choices) || isPlainObject(configuration.choices))) {
    for (const choice of Object.values<unknown>(configuration.choices)) if (isPlainObject(choice)) locales.push(...Object.keys(choice));
  }
  return locales;
}

export interface AttributePlan {
  names: Map<string, string>;
  /** Undefined: not sent (kept on update, `[]` on create). */
  configuration?: AttributeConfiguration;
}

/**
 * The checks of translations (each name in its locale's sub-form) and of the
 * type's configuration form; a type without one refuses `configuration` as
 * an extra field.
 */
export function checkAttribute(result: AttributeResult, body: unknown, type: AttributeType, knownLocales: ReadonlySet<string>): AttributePlan {
  const form = result;
  const translations = form.values.translations;
  let names = new Map<string, string>();
  if (translations) {
    form.shape("translations", nameTranslationsTree(Object.keys(translations).filter((locale) => knownLocales.has(locale))));
    names = checkNameTranslations(form, translations, knownLocales, ATTRIBUTE_MESSAGES.nameBlank, NAME_LENGTH);
  }
  const fields = CONFIGURATION_FIELDS[type];
  const sent = isPlainObject(body) ? body.configuration : undefined;
  if (fields.length === 0) {
    if (sent !== undefined) form.failForm(MSG.extraFields);
    return { names };
  }
  form.shape("configuration", { children: Object.fromEntries(fields.map((field) => [field, {}])) });
  if (sent === undefined) return { names };
  const checked = checkConfiguration(type, sent, knownLocales, () => crypto.randomUUID());
  for (const issue of checked.issues) form.failAt("configuration", issue.path, issue.message);
  for (const message of checked.formErrors) form.failForm(message);
  return { names, configuration: checked.configuration };
}
