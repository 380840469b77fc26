/**
 * Building blocks of the response schemas: the component registry, links,
 * timestamps, keyed collections, the error shapes and the paginated envelope.
 *
 * Every schema registered with `component()` becomes a named entry of
 * `components.schemas` in the OpenAPI document (src/http/openapi/document.ts), and
 * references between registered schemas become `$ref`s.
 */
import { z } from "zod";
import type { Envelope } from "../pagination";
import type { FormChild, FormErrorBody } from "../errors";
import type { Conforms, Expect } from "./conformance";

export interface ComponentMeta {
  id: string;
  description?: string;
}

/** The response components (converted in `output` mode). */
export const responseComponents = z.registry<ComponentMeta>();

/** Registers `schema` as the response component `id`. */
export function component<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  responseComponents.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

// ------------------------------------------------------------------ scalars

/** An integer (identifiers, amounts in minor units, counts). */
export const int = () => z.number().int();

/** A timestamp as the API writes it: ISO 8601 with a numeric offset. */
export const timestamp = () =>
  z.string().meta({ format: "date-time", examples: ["2026-11-21T09:12:17+00:00"] });

/** A resource code (`^[A-Za-z0-9_-]{1,255}$` when created through the API). */
export const code = () => z.string().meta({ description: "Code of the resource." });

// -------------------------------------------------------------------- links

export const Link = component("Link", z.object({ href: z.string().meta({ examples: ["/api/v1/locales/en_US"] }) }), "A relative link (HAL).");

export const SelfLinks = component("SelfLinks", z.object({ self: Link }));

// -------------------------------------------------------- keyed collections

/**
 * A collection keyed by locale or channel code, or `[]` when it is empty
 * (as PHP serializes an empty array).
 */
export const keyedOrEmpty = <T extends z.ZodType>(value: T, keyedBy: string) =>
  z
    .union([z.record(z.string(), value), z.array(z.never()).max(0)])
    .meta({ description: `Keyed by ${keyedBy}; an empty list (\`[]\`) when there is none.` });

// ------------------------------------------------------------------- errors

export const ApiError = component(
  "Error",
  z.object({ code: int().meta({ examples: [404] }), message: z.string().meta({ examples: ["Not Found"] }) }),
  "Every error that is not a validation or authentication error: `{code, message}`.",
);

export const FieldErrors = component(
  "FieldErrors",
  z.object({
    errors: z.array(z.string()).optional(),
    children: z
      .record(z.string(), z.looseObject({}))
      .optional()
      .meta({
        description:
          "A compound field's sub-forms (a translation per locale, then its fields...), each of this same shape at every depth: `{}` when it passed, else `errors` and/or `children`.",
      }),
  }),
  "A field of the form: `{}` when it passed, else its messages (and its sub-forms).",
);

export const CollectionErrors = component(
  "CollectionErrors",
  z.object({
    errors: z.array(z.string()).optional(),
    children: z
      .union([z.array(z.looseObject({})), z.record(z.string(), z.looseObject({}))])
      .optional()
      .meta({
        description:
          "The sub-forms of the collection's entries (or of an expanded choice's choices), each of the `FieldErrors` shape: a list in the entries' order when they are numbered 0..n-1 (always, for a JSON body), as FOSRest renders a PHP list; an object keyed by the entries' indexes otherwise (`multipart/form-data` indexes that are not 0..n-1).",
      }),
  }),
  "A field whose children are a list of sub-forms (Symfony's CollectionType, or an expanded ChoiceType): `{}` when it passed and has no entries, else its messages and its entries' sub-forms.",
);

/** `400 Validation Failed` for a form with these fields (children in form order); `lists` are the fields whose children are a list. */
export const validationFailed = (fields: readonly string[], quiet: ReadonlySet<string> = new Set(), lists: ReadonlySet<string> = new Set()) =>
  z.object({
    code: z.literal(400),
    message: z.literal("Validation Failed"),
    errors: z.object({
      errors: z.array(z.string()).optional().meta({ description: "Form-level messages (only when there are some)." }),
      children: z
        .object(
          Object.fromEntries(
            fields.map((field) => {
              const child = lists.has(field) ? CollectionErrors : FieldErrors;
              return [field, quiet.has(field) ? child.optional() : child];
            }),
          ),
        )
        .meta({ description: "One entry per field of the form, in the form's order (fields marked optional appear only when they fail)." }),
    }),
  });

/** The general shape of `validationFailed(...)` (each operation documents its own form's): not a component. */
export const ValidationFailed = z.object({
    code: z.literal(400),
    message: z.literal("Validation Failed"),
    errors: z.object({
      errors: z.array(z.string()).optional(),
      children: z.record(z.string(), z.union([FieldErrors, CollectionErrors])),
    }),
  });

export const BearerError = component(
  "BearerError",
  z.object({
    error: z.enum(["access_denied", "invalid_grant"]),
    error_description: z.enum([
      "OAuth2 authentication required",
      "The access token provided is invalid.",
      "The access token provided has expired.",
    ]),
  }),
  "A missing, unknown, revoked or expired access token (RFC 6750).",
);

// --------------------------------------------------------------- pagination

export const PageLinks = component(
  "PageLinks",
  z.object({
    self: Link,
    first: Link,
    last: Link,
    next: Link.optional(),
    previous: Link.optional(),
  }),
  "Links to pages of the same list (`?page=N&limit=M`, other query parameters kept).",
);

export const PaginatedEnvelope = component(
  "PaginatedEnvelope",
  z.object({
    page: int().meta({ description: "Current page (from 1)." }),
    limit: int().meta({ description: "Page size (default 10, at most 100)." }),
    pages: int().meta({ description: "Number of pages (at least 1)." }),
    total: int().meta({ description: "Number of items overall." }),
    _links: PageLinks,
    _embedded: z.object({ items: z.array(z.unknown()) }),
  }),
  "The paginated envelope of every list (Hateoas PaginatedRepresentation). Each list's own component narrows `_embedded.items`.",
);

/** The envelope of a list of `item`, registered as `id`. */
export function pageOf<T extends z.ZodType>(id: string, item: T) {
  return component(
    id,
    z.intersection(PaginatedEnvelope, z.looseObject({ _embedded: z.looseObject({ items: z.array(item) }) })),
  );
}

// ------------------------------------------------------- conformance checks

type _Envelope = Expect<Conforms<Envelope<never>, typeof PaginatedEnvelope>>;
/** The error body down to a field's sub-forms (deeper levels have the same shape; the schema does not recurse). */
type FormErrorBodyTop = Omit<FormErrorBody, "errors"> & {
  errors: {
    errors?: string[];
    children: Record<string, Omit<FormChild, "children"> & { children?: Record<string, Record<string, unknown>> | Record<string, unknown>[] }>;
  };
};
type _FormError = Expect<Conforms<FormErrorBodyTop, typeof ValidationFailed>>;
