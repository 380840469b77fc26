/**
 * The documentation of a request form, declared next to the form in its
 * resource's module:
 *
 *   export const createForm = defineForm({...});
 *   documentForm(createForm, { component: "ZoneCreate", example: {...} });
 *
 * The form's fields become the request body schema (JSON Schema in `input`
 * mode, src/http/openapi/document.ts). What that conversion cannot see is
 * declared here:
 * - `requiredByHandler`: fields whose schema lets them be missing but whose
 *   handler then refuses the form (`This value should not be blank.`);
 * - `shapes`: a few fields parse `unknown` and validate inside a transform
 *   (exact decimals, compound fields whose messages are re-worded); their
 *   JSON Schema would be `{}`, so a shape describes what they accept, and
 *   test/openapi checks every such shape against the real field with its
 *   examples;
 * - `descriptions`: prose for fields whose meaning is not obvious;
 * - `example`: one body shown by the viewer and pre-filled by "Try it out"
 *   (the local demo data's codes); test/openapi checks that it passes the form.
 */
import { z } from "zod";
import { CODE_PATTERN } from "../fields";

/** What the document needs of a form (any `defineForm(...)` result). */
export interface AnyForm {
  shape: Record<string, z.ZodType>;
  fields: readonly string[];
  quiet: ReadonlySet<string>;
  /** What a PUT gives a field it does not send (`defineForm`'s `cleared`). */
  cleared: { readonly [field: string]: unknown };
  lists: ReadonlySet<string>;
}

/** A documented input shape and the example values it must accept (checked against the real field). */
export interface InputShape {
  schema: z.ZodType;
  examples: unknown[];
}

type FieldOf<F extends AnyForm> = F["fields"][number];

export interface FormDocs<F extends AnyForm = AnyForm> {
  /** Name of the request body in `components.schemas` (forms with the same documentation may share it). */
  component: string;
  example: Record<string, unknown>;
  descriptions?: Partial<Record<FieldOf<F>, string>>;
  shapes?: Partial<Record<FieldOf<F>, InputShape>>;
  requiredByHandler?: FieldOf<F>[];
}

const FORM_DOCS = new WeakMap<AnyForm, FormDocs>();

/** Attaches `docs` to `form` (the document reads them when an operation's request body is this form). */
export function documentForm<F extends AnyForm>(form: F, docs: FormDocs<F>): void {
  FORM_DOCS.set(form, docs);
}

export function formDocs(form: AnyForm): FormDocs {
  const docs = FORM_DOCS.get(form);
  if (!docs) throw new Error(`a form with fields ${form.fields.join(", ")} has no documentation (documentForm)`);
  return docs;
}

/** A field is required when the form refuses it missing (its schema, or its handler: `requiredByHandler`). */
export function isRequired(form: AnyForm, field: string): boolean {
  const schema = form.shape[field];
  if (!schema) throw new Error(`the form has no field ${field}`);
  return !schema.safeParse(undefined).success || (formDocs(form).requiredByHandler?.includes(field) ?? false);
}

// ------------------------------------------------------- shared documentation

/** A new resource's code. */
export const CODE_DESCRIPTION = `Letters, digits, dashes and underscores (${CODE_PATTERN.source}); unique.`;

/** An optional category reference. */
export const CATEGORY_DESCRIPTION = "Code of a category; `null` or `\"\"` removes it.";

/** The `code` of an update form: accepted, never applied. */
export const IGNORED_CODE: InputShape = {
  schema: z.unknown().meta({ description: "Ignored: the code identifies the resource and cannot change." }),
  examples: ["ANY_CODE"],
};

/** A list of codes of another resource. */
export const codeListShape = (what: string, examples: string[]): InputShape => ({
  schema: z.array(z.string()).meta({ description: `${what} codes (duplicates are ignored). A sent list replaces the old one.` }),
  examples: [examples],
});

/** A PUT without a body: the rule of the resources that follow Sylius 1.8's forms here. */
export const EMPTY_PUT_NOTE = "A PUT without a body (or with `{}`) replaces the resource with nothing: 400 with the form's errors, as Sylius answers.";
