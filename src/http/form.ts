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
import { ValidationError, type FormChild, type FormChildren } from "./errors";
import { MSG } from "../domain/messages";
import { isUniqueViolation } from "../data/constraints";
import type { SQL } from "drizzle-orm";
import { boundedNextOf } from "../data/positions";
import { MAX_INT } from "./fields";

export interface Form<S extends z.ZodRawShape> {
  shape: S;
  fields: (keyof S & string)[];
  /** The whole form as one schema, for documentation. */
  schema: z.ZodObject<S>;
  /**
   * Fields that appear in `children` only when they fail: accepted input
   * that the Sylius form a client compares with does not list.
   */
  quiet: ReadonlySet<string>;
  /**
   * What a PUT stores for a field it does not send (Symfony's form submitted
   * with `clear_missing`, as Sylius' PUT is): see `FormOptions.cleared`.
   */
  cleared: Cleared<S>;
  /**
   * Fields whose children are a list of sub-forms: a collection's entries
   * (Symfony's CollectionType) or an expanded choice's choices. FOSRest
   * renders them as a JSON list when their keys are 0..n-1 (a PHP list),
   * and so do these forms; the OpenAPI document says so for these fields.
   */
  lists: ReadonlySet<string>;
}

/** A field's value on a PUT that leaves it out, per field (the form's output type, so a collection's is its empty list). */
export type Cleared<S extends z.ZodRawShape> = { readonly [K in keyof S]?: z.output<S[K]> };

export interface FormOptions<S extends z.ZodRawShape> {
  quiet?: readonly (keyof S & string)[];
  /**
   * The value a PUT that leaves a field out gives it, as Sylius' form
   * submitted whole clears it: what a create stores without the field
   * (`null`, a default), `false` for a checkbox, `[]` or `{}` for a
   * collection. A field not listed is kept when a PUT leaves it out: a
   * required one (`putRequires` refuses its absence), the code (it never
   * changes), a password (never cleared). PATCH keeps every unsent field.
   */
  cleared?: Cleared<S>;
  /** The fields whose errors' children are a list (see `Form.lists`). */
  lists?: readonly (keyof S & string)[];
}

export function defineForm<S extends z.ZodRawShape>(shape: S, options: FormOptions<S> = {}): Form<S> {
  return {
    shape,
    fields: Object.keys(shape),
    schema: z.object(shape),
    quiet: new Set(options.quiet ?? []),
    cleared: options.cleared ?? {},
    lists: new Set(options.lists ?? []),
  };
}

/** `{"0": a, "1": b}` → `[a, b]`: children keyed 0..n-1, as PHP's json_encode writes such an array. Other keys stay an object. */
export function asPhpList(children: Record<string, FormChild> | FormChild[]): Record<string, FormChild> | FormChild[] {
  if (Array.isArray(children)) return children;
  const keys = Object.keys(children);
  if (keys.length === 0 || !keys.every((key, index) => key === String(index))) return children;
  return keys.map((key) => children[key] ?? {});
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
  private readonly nested = new Map<string, readonly string[]>();
  private readonly trees = new Map<string, FormChild>();
  private readonly treeFailures = new Set<string>();

  constructor(private readonly form: Form<S>) {}

  /**
   * A PUT's values as Sylius' form submitted whole gives them: every field
   * the body leaves out takes the form's `cleared` value (a field sent, valid
   * or not, is untouched). Called on a PUT's result before its checks (the
   * shared resource routes do it); never on a PATCH.
   */
  clearMissing(): void {
    const cleared = this.form.cleared;
    for (const field of this.form.fields) {
      if (this.submitted.has(field) || !Object.hasOwn(cleared, field)) continue;
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `values` holds the form's fields, written here by name (as validateForm writes them).
      (this.values as Record<string, unknown>)[field] = structuredClone(cleared[field]);
    }
  }

  fail(field: keyof S & string, message: string): void {
    const list = this.fieldErrors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    this.fieldErrors.set(field, list);
  }

  failForm(message: string): void {
    if (!this.formErrors.includes(message)) this.formErrors.push(message);
  }

  /**
   * A compound field whose entries are sub-forms (e.g. a variant's option
   * values, one per option of its product): when it passes it renders
   * `{children: {<name>: {}}}` for these names, as Symfony renders a form
   * with children.
   */
  nest(field: keyof S & string, names: readonly string[]): void {
    this.nested.set(field, names);
  }

  /**
   * The children of a compound field as Symfony renders them (e.g. one
   * translation form per locale, each with its fields), all passing: `{}`
   * leaves. `failAt` puts errors into it.
   */
  shape(field: keyof S & string, tree: FormChild): void {
    this.trees.set(field, tree);
  }

  /**
   * Lists `keys` as the children of a compound field already shaped (e.g.
   * one translation sub-form per locale of the shop, as Symfony builds
   * them), in that order: a key it lacks gets `child()`; its other children
   * follow. No-op when the field was not shaped.
   */
  fillChildren(field: keyof S & string, keys: readonly string[], child: () => FormChild): void {
    const tree = this.trees.get(field);
    if (!tree || Array.isArray(tree.children)) return;
    const children = tree.children ?? {};
    const filled: Record<string, FormChild> = {};
    for (const key of keys) filled[key] = children[key] ?? child();
    for (const [key, value] of Object.entries(children)) filled[key] ??= value;
    tree.children = filled;
  }

  /**
   * True when the form failed with its `translations` sent and shaped: its
   * sub-forms are then listed for every locale of the shop (`fillLocales`).
   */
  get listsLocales(): boolean {
    return !this.valid && this.form.fields.includes("translations") && this.submitted.has("translations") && this.localeTemplate() !== undefined;
  }

  /**
   * Lists a `translations` sub-form for each of `locales` (the shop's), in
   * that order, as Symfony's translations form builds one per locale: the
   * ones not sent pass, with the fields of the sent ones.
   */
  fillLocales(locales: readonly string[]): void {
    const template = this.localeTemplate();
    if (template) this.fillChildren("translations", locales, () => structuredClone(template));
  }

  /** A passing translation sub-form: the fields of a shaped one, each `{}`. */
  private localeTemplate(): FormChild | undefined {
    const children = this.trees.get("translations")?.children;
    if (!children || Array.isArray(children)) return undefined;
    for (const entry of Object.values(children)) {
      if (entry.children && !Array.isArray(entry.children)) return { children: Object.fromEntries(Object.keys(entry.children).map((key) => [key, {}])) };
    }
    return undefined;
  }

  /** A failure deep inside a compound field: `path` leads through its children (created when missing). */
  failAt(field: keyof S & string, path: readonly string[], message: string): void {
    let node = this.trees.get(field);
    if (!node) {
      node = {};
      this.trees.set(field, node);
    }
    for (const key of path) {
      node.children ??= {};
      // A list (an expanded choice's choices) is reached by index.
      const children: Record<string, FormChild> = Array.isArray(node.children) ? Object.fromEntries(node.children.map((child, i) => [String(i), child])) : node.children;
      node.children = children;
      node = children[key] ??= {};
    }
    node.errors ??= [];
    if (!node.errors.includes(message)) node.errors.push(message);
    this.treeFailures.add(field);
  }

  /**
   * The value of a field the form requires, once `assertValid` passed: its
   * absence would be a bug in the form, not a client error.
   */
  required<K extends keyof S & string>(field: K): NonNullable<Values<S>[K]> {
    const value = this.values[field];
    if (value === undefined || value === null) throw new Error(`A valid form has no "${field}".`);
    return value;
  }

  /** True when the field was valid so far (use before data checks on it). */
  isValid(field: keyof S & string): boolean {
    return !this.fieldErrors.has(field) && !this.treeFailures.has(field);
  }

  get valid(): boolean {
    return this.fieldErrors.size === 0 && this.treeFailures.size === 0 && this.formErrors.length === 0;
  }

  assertValid(): void {
    if (this.valid) return;
    const children: FormChildren = {};
    for (const field of this.form.fields) {
      const errors = this.fieldErrors.get(field);
      const shaped = this.trees.get(field);
      const tree = shaped?.children && this.form.lists.has(field) ? { ...shaped, children: asPhpList(shaped.children) } : shaped;
      if (tree) children[field] = errors ? { errors: [...(tree.errors ?? []), ...errors], ...(tree.children ? { children: tree.children } : {}) } : tree;
      else if (errors) children[field] = { errors };
      else if (this.nested.get(field)?.length) children[field] = { children: Object.fromEntries((this.nested.get(field) ?? []).map((name) => [name, {}])) };
      else if (!this.form.quiet.has(field)) children[field] = {};
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
    // Own keys only: `"constructor" in shape` is true through the prototype.
    if (!Object.hasOwn(form.shape, key)) {
      result.failForm(MSG.extraFields);
      if (!isWellFormedDeep(key) || !isWellFormedDeep(input[key])) result.failForm(MSG.invalid);
    } else result.submitted.add(key);
  }
  for (const field of form.fields) {
    const raw = Object.hasOwn(input, field) ? input[field] : undefined;
    // A lone surrogate cannot be stored or sent back as UTF-8: refuse it rather than store U+FFFD.
    const escaped = isWellFormedDeep(raw) ? escapeProtoKeys(raw) : INVALID;
    if (escaped === INVALID) {
      result.fail(field, MSG.invalid);
      continue;
    }
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Each field of a form's shape is a zod schema (Form<S> keeps S's own field types).
    const schema = form.shape[field] as z.ZodType;
    const parsed = schema.safeParse(escaped);
    if (parsed.success) {
      if (parsed.data !== undefined) {
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `values` holds the form's fields, written here one by one
        (result.values as Record<string, unknown>)[field] = escaped === raw ? parsed.data : restoreProtoKeys(parsed.data); // values holds the form's fields, written here by name
      }
    } else {
      for (const issue of parsed.error.issues) result.fail(field, issue.message);
    }
  }
  return result;
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when every string in `value` (keys included, at any depth) is
 * well-formed UTF-16. Iterative (an explicit stack), so no nesting can
 * exhaust the call stack; a body's depth is bounded before it gets here
 * anyway (json-body.ts, MAX_JSON_DEPTH).
 */
function isWellFormedDeep(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (LONE_SURROGATE.test(next)) return false;
    } else if (Array.isArray(next)) {
      const items: readonly unknown[] = next;
      for (const item of items) pending.push(item);
    } else if (isPlainObject(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

/**
 * `__proto__` is an ordinary JSON key (JSON.parse makes it an own property),
 * but zod's records skip it and an assignment `out[key] = v` would set a
 * prototype instead. So such keys cross validation under a stand-in name
 * (reported like any unknown key: a locale, a channel, a strict object's
 * field) and come back as own properties of the parsed value. The stand-in
 * holds a NUL, which no code can contain; a body that sends it is invalid.
 */
const PROTO = "__proto__";
const PROTO_STAND_IN = "\u0000__proto__";
const INVALID = Symbol("invalid");

function escapeProtoKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(escapeProtoKeys);
    if (items.includes(INVALID)) return INVALID;
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (key === PROTO_STAND_IN) return INVALID;
    const escaped = escapeProtoKeys(item);
    if (escaped === INVALID) return INVALID;
    if (key === PROTO || escaped !== item) changed = true;
    entries.push([key === PROTO ? PROTO_STAND_IN : key, escaped]);
  }
  // Object.fromEntries defines properties (no setter runs), unlike assignment.
  return changed ? Object.fromEntries(entries) : value;
}

function restoreProtoKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(restoreProtoKeys);
  if (!isPlainObject(value) || !isOrdinaryObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key === PROTO_STAND_IN ? PROTO : key, restoreProtoKeys(item)]));
}

const isOrdinaryObject = (value: object) => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A write without a body (read as `{}`) or with an empty JSON object: what Symfony submits as an empty form. */
export function isEmptyBody(body: unknown): boolean {
  return isPlainObject(body) && Object.keys(body).length === 0;
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

/**
 * An auto-assigned integer computed in SQL (`last + 1`), or NULL past MAX_INT:
 * the NOT NULL column then refuses the write inside the same atomic batch, so
 * the bound holds even against concurrent writers. `rethrowOutOfRange` turns
 * that refusal into the field's 400.
 */
export const boundedNext = (next: SQL) => boundedNextOf(next, MAX_INT);

/** Makes a NOT NULL refusal of `column` (see `boundedNext`) the form's 400 on `field`; returns otherwise. */
export function rethrowOutOfRange<F extends string>(error: unknown, result: Failable<F>, field: NoInfer<F>, column: string): void {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  if (text.includes(`NOT NULL constraint failed: ${column}`)) {
    result.fail(field, MSG.invalid);
    result.assertValid();
  }
}
