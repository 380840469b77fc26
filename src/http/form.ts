/**
 * Symfony-form-style validation over zod.
 *
 * A form is an ordered zod object shape. Each field is parsed on its own so
 * that every failing field is reported at once, in form order, with passing
 * fields as `{}` — the FOSRest error shape Sylius clients read. Handlers add
 * the checks that need data (unknown codes, uniqueness, stock) to the same
 * result, then call `assertValid()`.
 */
import { z } from "zod";
import { ValidationError, type FormChildren } from "./errors";
import { MSG } from "../domain/messages";
import { isUniqueViolation } from "../data/constraints";

export interface Form<S extends z.ZodRawShape> {
  shape: S;
  fields: (keyof S & string)[];
  /** The whole form as one schema, for documentation. */
  schema: z.ZodObject<S>;
}

export function defineForm<S extends z.ZodRawShape>(shape: S): Form<S> {
  return { shape, fields: Object.keys(shape) as (keyof S & string)[], schema: z.object(shape) };
}

/** What data checks need of a form result (any form with these fields). */
export interface Failable<F extends string> {
  fail(field: F, message: string): void;
  assertValid(): void;
}

type Values<S extends z.ZodRawShape> = { [K in keyof S]?: z.output<S[K]> };

export class FormResult<S extends z.ZodRawShape> {
  readonly values: Values<S> = {};
  /** Fields present in the submitted body (whatever their validity). */
  readonly submitted = new Set<string>();
  private readonly fieldErrors = new Map<string, string[]>();
  private readonly formErrors: string[] = [];

  constructor(private readonly form: Form<S>) {}

  fail(field: keyof S & string, message: string): void {
    const list = this.fieldErrors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    this.fieldErrors.set(field, list);
  }

  failForm(message: string): void {
    if (!this.formErrors.includes(message)) this.formErrors.push(message);
  }

  /** True when the field was valid so far (use before data checks on it). */
  isValid(field: keyof S & string): boolean {
    return !this.fieldErrors.has(field);
  }

  get valid(): boolean {
    return this.fieldErrors.size === 0 && this.formErrors.length === 0;
  }

  assertValid(): void {
    if (this.valid) return;
    const children: FormChildren = {};
    for (const field of this.form.fields) {
      const errors = this.fieldErrors.get(field);
      children[field] = errors ? { errors } : {};
    }
    throw new ValidationError(children, this.formErrors);
  }
}

/**
 * Validates `body` against `form`. Field values that passed are in
 * `result.values`; failures are collected, not thrown.
 */
export function validateForm<S extends z.ZodRawShape>(form: Form<S>, body: unknown): FormResult<S> {
  const result = new FormResult(form);
  const input = isPlainObject(body) ? body : {};
  if (!isPlainObject(body)) result.failForm(MSG.invalid);
  for (const key of Object.keys(input)) {
    if (!(key in form.shape)) result.failForm(MSG.extraFields);
    else result.submitted.add(key);
  }
  for (const field of form.fields) {
    const schema = form.shape[field] as z.ZodType;
    const parsed = schema.safeParse(input[field]);
    if (parsed.success) {
      if (parsed.data !== undefined) (result.values as Record<string, unknown>)[field] = parsed.data;
    } else {
      for (const issue of parsed.error.issues) result.fail(field, issue.message);
    }
  }
  return result;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Rethrows `error`; a UNIQUE violation (a concurrent write took the value
 * after the read batch checked it) becomes the form's 400 on `field`.
 */
export function rethrowUniqueViolation<F extends string>(
  error: unknown,
  result: Failable<F>,
  field: NoInfer<F>,
  message: string,
): never {
  if (isUniqueViolation(error)) {
    result.fail(field, message);
    result.assertValid();
  }
  throw error;
}
