/**
 * The documentation of a route, declared where the route is declared:
 *
 *   .get("/:code", describeRoute({ tag, operationId, summary, success, errors: [404] }), async (c) => ...)
 *
 * `describeRoute()` is a middleware that does nothing but carry its
 * metadata; src/http/openapi/document.ts walks the app's route table,
 * finds these middlewares and builds the OpenAPI document from them. A
 * route without one is missing from the document, which test/openapi
 * reports.
 */
import type { MiddlewareHandler } from "hono";
import type { RouterRoute } from "hono/types";
import type { Access, Scope } from "../../domain/scopes";
import { readScope, writeScope } from "../../domain/scopes";
import type { ListSpec as HandlerListSpec } from "../list-page";
import type { z } from "zod";
import type { AppEnv } from "../context";
import type { AnyForm } from "./form-docs";

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type ErrorStatus = 400 | 404 | 409 | 412 | 413 | 422;
export type Json = Record<string, unknown>;

export interface ListSpec {
  /** Fields accepted by `sorting[field]=asc|desc`. */
  sorting: readonly string[];
  /** e.g. `code asc`. */
  defaultSorting: string;
  /** Fields accepted by `criteria[field]=text` (case-insensitive substring). */
  criteria: readonly string[];
  /** The carts list also reads the page size from `paginate`. */
  paginate?: boolean;
}

/** An authenticated `/api/v1` operation, in the API's conventions. */
export interface OperationMeta {
  /** Only for a route that serves several methods (`.on([...])`): which one this describes. */
  method?: Method;
  tag: string;
  operationId: string;
  summary: string;
  /**
   * The OAuth scope a token needs for this operation (src/domain/scopes.ts):
   * checked with the token, before the resource is looked up (a 403
   * otherwise), and the operation's security requirement in the document.
   */
  scope: Scope;
  description?: string;
  /** Request body: the form the handler validates the body with (documented with `documentForm`). */
  form?: AnyForm;
  success: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  list?: ListSpec;
  /**
   * Query parameters of an operation that is not a Sylius list (the event
   * feed): OpenAPI parameter objects, documented as given; a bad value is a
   * 400 (`BadQuery`).
   */
  query?: readonly Json[];
  /** Error statuses besides 401 and 500 (which every authenticated operation can answer). */
  errors: ErrorStatus[];
  /**
   * Conditional requests (RFC 9110): `etag` — the success carries the
   * resource's strong `ETag`; `If-None-Match` — the request may send it and
   * get a 304; `If-Match` — the request may send it and get a 412.
   */
  conditional?: { etag?: boolean; precondition?: "If-None-Match" | "If-Match" };
}

/** An operation outside those conventions (token endpoint, health, documentation): its OpenAPI object, built when the document is. */
export interface RawOperationMeta {
  method?: Method;
  operation: () => Json;
}

export type RouteMeta = OperationMeta | RawOperationMeta;

export const ROUTE_META = Symbol("openapi.route");

type Described = { [ROUTE_META]?: readonly RouteMeta[] };

/** A no-op middleware carrying the documentation of the route it is declared in. */
export function describeRoute(...metas: RouteMeta[]): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (_c, next) => next();
  return Object.assign(middleware, { [ROUTE_META]: metas });
}

/** The metadata a route handler carries, if it is a `describeRoute()` middleware. */
export function routeMetaOf(handler: unknown): readonly RouteMeta[] | undefined {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- A handler carries ROUTE_META when describeRoute made it; otherwise the lookup is undefined.
  return typeof handler === "function" ? (handler as Described)[ROUTE_META] : undefined;
}

export const isRaw = (meta: RouteMeta): meta is RawOperationMeta => "operation" in meta;

/**
 * The scope the operation a request was routed to needs, from the
 * `describeRoute()` metadata among its matched routes (`matchedRoutes(c)`);
 * null when none matched (a 404 or 405) or the operation is not an API one.
 */
export function operationScope(routes: readonly RouterRoute[], requestMethod: string): Scope | null {
  const method = (requestMethod === "HEAD" ? "GET" : requestMethod).toLowerCase();
  for (const route of routes) {
    const metas = routeMetaOf(route.handler);
    if (!metas) continue;
    const meta = metas.find((m) => (m.method ?? route.method.toLowerCase()) === method);
    if (meta && !isRaw(meta)) return meta.scope;
  }
  return null;
}

// ------------------------------------------------------------------ CRUD

export interface CrudSpec {
  tag: string;
  /** The area whose scopes the operations need (`<area>:read` to list and get, `<area>:write` for the rest), or the one scope they all need. */
  area: Access;
  /** Nested collections (variants under their product) also answer 404 on list and create. */
  nested?: boolean;
  noun: string;
  plural: string;
  idPrefix: string;
  item: z.ZodType;
  page: z.ZodType;
  create: AnyForm;
  update: AnyForm;
  list: ListSpec;
  /** DELETE answers 409 while the resource is referenced. */
  deleteConflict: boolean;
  /** PUT/PATCH may answer 409. */
  updateConflict?: string;
  /** GET and create answer a strong `ETag`; GET honours `If-None-Match`, PUT/PATCH/DELETE `If-Match`. */
  conditional?: boolean;
  /** Extra paragraphs for PUT and PATCH. */
  putNote?: string;
  patchNote?: string;
}

/** The six operations of a resource (list, create, get, PUT, PATCH, delete), for its routes to declare. */
/** What a PUT's description says of the fields it clears (the form's `cleared`), when it clears any. */
function clearedNote(form: AnyForm): string | undefined {
  const fields = form.fields.filter((field) => Object.hasOwn(form.cleared, field));
  if (fields.length === 0) return undefined;
  return `A PUT is the form submitted whole (Sylius' \`clear_missing\`): not sent, ${fields.map((f) => `\`${f}\``).join(", ")} ${fields.length === 1 ? "is" : "are"} cleared (none, \`false\`, empty or the default); other fields not sent keep their values.`;
}

export function crudDocs(spec: CrudSpec) {
  const base = { tag: spec.tag };
  const read = { ...base, scope: readScope(spec.area) };
  const write = { ...base, scope: writeScope(spec.area) };
  const ifMatch = spec.conditional ? { conditional: { precondition: "If-Match" as const } } : {};
  const update = (method: "put" | "patch", operationId: string, summary: string, note: string | undefined): OperationMeta => ({
    ...write,
    method,
    operationId,
    summary,
    description: [note, spec.updateConflict].filter(Boolean).join("\n\n") || undefined,
    form: spec.update,
    success: { status: 204, description: "Updated." },
    errors: spec.updateConflict ? [400, 404, 409, 413] : [400, 404, 413],
    ...ifMatch,
  });
  return {
    list: {
      ...read,
      operationId: `list${spec.idPrefix}s`,
      summary: `List ${spec.plural}`,
      success: { status: 200, description: `A page of ${spec.plural}.`, schema: spec.page },
      list: spec.list,
      errors: spec.nested ? [404] : [],
    } satisfies OperationMeta,
    create: {
      ...write,
      operationId: `create${spec.idPrefix}`,
      summary: `Create a ${spec.noun}`,
      form: spec.create,
      success: { status: 201, description: `The new ${spec.noun}.`, schema: spec.item },
      errors: spec.nested ? [400, 404, 413] : [400, 413],
      ...(spec.conditional ? { conditional: { etag: true } } : {}),
    } satisfies OperationMeta,
    get: {
      ...read,
      operationId: `get${spec.idPrefix}`,
      summary: `Get a ${spec.noun}`,
      success: { status: 200, description: `The ${spec.noun}.`, schema: spec.item },
      errors: [404],
      ...(spec.conditional ? { conditional: { etag: true, precondition: "If-None-Match" as const } } : {}),
    } satisfies OperationMeta,
    put: update("put", `replace${spec.idPrefix}`, `Update a ${spec.noun}`, [spec.putNote, clearedNote(spec.update)].filter(Boolean).join(" ")),
    patch: update("patch", `update${spec.idPrefix}`, `Partially update a ${spec.noun}`, spec.patchNote ?? "Fields not sent keep their values."),
    delete: {
      ...write,
      operationId: `delete${spec.idPrefix}`,
      summary: `Delete a ${spec.noun}`,
      description: spec.deleteConflict ? `409 while the ${spec.noun} is still referenced.` : undefined,
      success: { status: 204, description: "Deleted." },
      errors: spec.deleteConflict ? [404, 409] : [404],
      ...ifMatch,
    } satisfies OperationMeta,
  };
}

/** A list spec by field names (default sorting `code asc`). */
export const listSpec = (sorting: string[], criteria: string[], defaultSorting = "code asc"): ListSpec => ({ sorting, criteria, defaultSorting });

/** The documentation of a list from the spec its handler reads with (one source for both). */
export const listSpecOf = (spec: HandlerListSpec<string, string>): ListSpec =>
  listSpec(Object.keys(spec.sortable), Object.keys(spec.filters ?? {}), sortingText(spec.defaultSorting));

/** `priority desc`, and `, ties by id asc` when its ties go the other way. */
const sortingText = (sorting: { field: string; direction: string; ties?: string }) =>
  `${sorting.field} ${sorting.direction}${sorting.ties && sorting.ties !== sorting.direction ? `, ties by id ${sorting.ties}` : ""}`;
