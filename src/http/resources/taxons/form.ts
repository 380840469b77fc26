/**
 * The taxon form: TaxonomyBundle's TaxonType (translations of
 * TaxonTranslationType {name, slug, description}, enabled, then CoreBundle's
 * images, the code added on PRE_SET_DATA, parent), with Taxon.xml,
 * TaxonTranslation.xml and TaxonomyBundle's validators.en.yml. A
 * translation's failures go inside `translations.children.<locale>.children`.
 */
import { IMAGES_SHAPE, imagesField } from "../images/form";
import { z } from "zod";
import { defineForm, isPlainObject, type FormResult } from "../../form";
import { CODE_PATTERN, optionalBoolean, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import type { TaxonTranslationInput } from "../../../data/queries/taxons";
import { checkText, forEachTranslation } from "../shared/fields";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE, type InputShape } from "../../openapi/form-docs";

export const TAXON_MESSAGES = {
  codeBlank: "Please enter taxon code.",
  codePattern: "Taxon code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "Taxon with given code already exists.",
  nameBlank: "Please enter taxon name.",
  nameTooLong: "Taxon name must not be longer than 255 characters.",
  slugBlank: "Please enter taxon slug.",
  slugUnique: "Taxon slug must be unique.",
} as const;

const TRANSLATION_FIELDS: ReadonlySet<string> = new Set(["name", "slug", "description"]);
const NAME_LENGTH = { min: 0, tooShort: TAXON_MESSAGES.nameBlank, max: 255, tooLong: TAXON_MESSAGES.nameTooLong };

/** `{LOCALE: {name, slug, description?}}`, checked locale by locale in `checkTranslations`. */
const translations = () => z.record(z.string(), z.unknown(), { error: MSG.invalid }).optional();
/** The parent's code; null or "" for a root. */
const parent = () =>
  z
    .union([z.string(), z.null()], { error: MSG.invalid })
    .transform((value) => (value === "" ? null : value))
    .optional();

const fields = { translations: translations(), enabled: optionalBoolean(), images: imagesField() };

export const createForm = defineForm({
  ...fields,
  code: requiredString(TAXON_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: TAXON_MESSAGES.codePattern }),
  parent: parent(),
}, { lists: ["images"] });

const TRANSLATIONS: InputShape = {
  schema: z
    .record(z.string(), z.object({ name: z.string(), slug: z.string(), description: z.string().nullable().optional() }))
    .meta({ description: "Per locale code (an existing locale): name (required, at most 255 characters), slug (required, unique in its locale), description." }),
  examples: [{ en_US: { name: "Fluffy Pets", slug: "fluffy-pets" } }],
};
const IMAGES: InputShape = IMAGES_SHAPE;
const PARENT = "Code of the parent taxon; absent, `null` or `\"\"`: a root. The taxon becomes the parent's last child.";

documentForm(createForm, {
  component: "TaxonCreate",
  shapes: { translations: TRANSLATIONS, images: IMAGES },
  descriptions: { code: CODE_DESCRIPTION, enabled: "Default `true`.", parent: PARENT },
  example: { code: "fluffy_pets", parent: "category", translations: { en_US: { name: "Fluffy Pets", slug: "fluffy-pets" } } },
});

/**
 * A PUT clears what it leaves out, as Sylius' TaxonType submitted whole:
 * `enabled` unchecked, no images, no parent (the taxon becomes the last
 * root). The translations are kept (docs/api/updates.md). PATCH keeps all.
 */
export const updateForm = defineForm(
  {
    ...fields,
    /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
    code: z.unknown().optional(),
    parent: parent(),
  },
  { cleared: { enabled: false, images: [], parent: null }, lists: ["images"] },
);

documentForm(updateForm, {
  component: "TaxonUpdate",
  shapes: { translations: { ...TRANSLATIONS, schema: TRANSLATIONS.schema.meta({ description: "PUT replaces the translations, PATCH merges them by locale." }) }, images: IMAGES, code: IGNORED_CODE },
  descriptions: { parent: `${PARENT} The taxon moves with its subtree (not under itself or a descendant). Not sent: a PUT makes it a root, a PATCH leaves it where it is.` },
  example: { parent: "books", translations: { en_US: { name: "Women", slug: "books/women" } } },
});

type TaxonFormResult = FormResult<typeof createForm.shape> | FormResult<typeof updateForm.shape>;

/** The well-formed (locale, slug) pairs a body sends, for the read batch. */
export function sentSlugs(value: Record<string, unknown> | undefined): { locale: string; slug: string }[] {
  return Object.entries(value ?? {}).flatMap(([locale, entry]) => (isPlainObject(entry) && typeof entry.slug === "string" ? [{ locale, slug: entry.slug }] : []));
}

/**
 * Each sent locale's sub-form (TaxonTranslationType), failures reported
 * inside it: unknown locales fail `translations`, a slug another taxon has
 * in that locale fails the slug. Returns the valid entries.
 */
export function checkTranslations(
  result: TaxonFormResult,
  sent: Record<string, unknown> | undefined,
  knownLocales: ReadonlySet<string>,
  takenSlugs: ReadonlySet<string>,
): TaxonTranslationInput[] {
  if (!sent) return [];
  const known = Object.keys(sent).filter((locale) => knownLocales.has(locale));
  result.shape("translations", known.length ? { children: Object.fromEntries(known.map((l) => [l, { children: { name: {}, slug: {}, description: {} } }])) } : {});
  const valid: TaxonTranslationInput[] = [];
  forEachTranslation(result, sent, knownLocales, TRANSLATION_FIELDS, (locale, entry) => {
    const name = checkText(entry.name, TAXON_MESSAGES.nameBlank, NAME_LENGTH);
    if (name.message !== null) result.failAt("translations", [locale, "name"], name.message);
    let slug = checkText(entry.slug, TAXON_MESSAGES.slugBlank);
    if (slug.text !== null && takenSlugs.has(`${locale}\n${slug.text}`)) slug = { text: null, message: TAXON_MESSAGES.slugUnique };
    if (slug.message !== null) result.failAt("translations", [locale, "slug"], slug.message);
    const description = entry.description ?? null;
    const descriptionOk = description === null || (typeof description === "string" && description.length <= 4000);
    if (!descriptionOk) result.failAt("translations", [locale, "description"], MSG.invalid);
    if (name.text !== null && slug.text !== null && descriptionOk) valid.push({ locale, name: name.text, slug: slug.text, description });
  });
  return valid;
}
