/**
 * Type-level checks that a serializer's return type matches the response
 * schema documented for it, so a serializer that drifts from its schema
 * fails `tsc`:
 *
 *   type _Zone = Expect<Conforms<ReturnType<typeof serializeZone>, typeof Zone>>;
 *
 * `Conforms<A, S>` is `true` when
 * - A is assignable to the schema's input type (every required field is
 *   there, with the right type), and
 * - A has no property the schema does not declare, at any depth (the
 *   schemas are closed: `additionalProperties: false`).
 * Otherwise it is an object describing the problem, which `Expect` rejects.
 *
 * Two deliberate allowances:
 * - literal types are widened (`z.enum([...])` in a schema, `string` in a
 *   row type): the enum itself is checked at runtime by test/openapi;
 * - `createdAt`/`updatedAt` may be `string | undefined`: `atom()` is typed
 *   that way although a stored timestamp always gives a string.
 */
import type { z } from "zod";

type Primitive = string | number | boolean | bigint | symbol | null | undefined;

type TimestampKey = "createdAt" | "updatedAt";

type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;

/** What a serializer may return for a schema's input type `T`. */
export type Accepting<T> = unknown extends T
  ? T
  : T extends Primitive
    ? Widen<T>
    : T extends readonly (infer E)[]
      ? readonly Accepting<E>[]
      : { [K in keyof T]: K extends TimestampKey ? Accepting<T[K]> | undefined : Accepting<T[K]> };

type KeysOf<B> = B extends unknown ? keyof B : never;
type PropOf<B, K extends PropertyKey> = B extends unknown ? (K extends keyof B ? B[K] : never) : never;
type ElementOf<B> = B extends readonly (infer E)[] ? E : never;

/** The paths (`.a.b[].c`) of properties of A that B does not declare. */
export type ExtraKeys<A, B, P extends string = ""> = A extends Primitive
  ? never
  : A extends readonly (infer E)[]
    ? ExtraKeys<E, ElementOf<NonNullable<B>>, `${P}[]`>
    : {
        [K in keyof A & string]-?: K extends KeysOf<NonNullable<B>>
          ? ExtraKeys<A[K], PropOf<NonNullable<B>, K>, `${P}.${K}`>
          : `${P}.${K}`;
      }[keyof A & string];

/** `Conforms` against a schema's input type `I` (to adjust it at type level first). */
export type ConformsTo<A, I> = [A] extends [Accepting<I>]
  ? [ExtraKeys<A, I>] extends [never]
    ? true
    : { error: "properties the schema does not declare"; paths: ExtraKeys<A, I> }
  : { error: "not assignable to the schema"; actual: A; schema: Accepting<I> };

export type Conforms<A, S extends z.ZodType> = ConformsTo<A, z.input<S>>;

export type Expect<T extends true> = T;
