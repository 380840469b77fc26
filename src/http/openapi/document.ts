/**
 * The OpenAPI 3.1 document of the service, assembled from the app's route
 * table: every route declares its documentation with `describeRoute()`
 * (src/http/openapi/describe.ts), whose request body is the form the
 * handler validates with (documented next to it with `documentForm()`) and
 * whose responses are the zod schemas of the resource's `schemas.ts`
 * (checked against the serializers by the compiler).
 * Built once per isolate, on first use, and kept (docs/performance/caches.md).
 */
import { z } from "zod";
import { isRaw, routeMetaOf, type ErrorStatus, type Json, type ListSpec, type Method, type OperationMeta, type RouteMeta } from "./describe";
import { formDocs, isRequired, type AnyForm, type FormDocs } from "./form-docs";
import { component, responseComponents, validationFailed, type ComponentMeta } from "./common";
import {
  API_HEADERS,
  BOOKMARK_HEADER_COMPONENT,
  BOOKMARK_PARAMETER,
  CORS_HEADER_COMPONENTS,
  headerRef,
  json,
  parameterRef,
  ref,
  responseRef,
  RETRY_AFTER_HEADER,
  SCHEMAS,
  tidy,
  TOO_MANY_REQUESTS,
} from "./refs";
import { TOKEN_PATH } from "./paths";
import { SCOPE_DESCRIPTIONS } from "../../domain/scopes";
import { MAX_JSON_DEPTH } from "../middleware/json-body";
import { MAX_IN_VALUES, SCAN_BUDGET, TEXT_FILTER_TYPES } from "../../data/list-page";
import { IsolateMemory, IsolateValue } from "../../data/isolate-cache";
import { WEBHOOK_HEADER_PARAMETERS, webhookItems, WEBHOOKS_TAG } from "./webhooks";

export type { Json } from "./describe";

/** What the builder needs of a route of the app's route table (Hono's `app.routes`). */
export interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

const METHODS: readonly string[] = ["get", "post", "put", "patch", "delete"] satisfies Method[];

export const TAGS: { name: string; description: string }[] = [
  { name: "Authentication", description: "OAuth2 token endpoint (RFC 6749): password, refresh_token and client_credentials grants." },
  { name: "Product variants", description: "Variants of a product: codes, translations, prices per channel, option values, stock." },
  { name: "Carts", description: "Carts and their items, with their units, adjustments and totals. Every change recalculates the cart." },
  { name: "Checkouts", description: "The checkout of a cart: its summary, addressing, shipping and payment selection, completion (placing the order)." },
  { name: "Orders", description: "Placed orders (any order by id, carts included) and their lifecycle: cancel, ship a shipment, complete a payment." },
  { name: "Payments", description: "Payments of placed orders." },
  { name: "Shipments", description: "Shipments of placed orders." },
  { name: "Products", description: "Products: translations, options, channels." },
  { name: "Product options", description: "Options of products and their values." },
  { name: "Product attributes", description: "Attributes of products, created by type (text, textarea, checkbox, integer, percent, datetime, date, select)." },
  { name: "Product association types", description: "Kinds of links between products (similar, accessories...)." },
  { name: "Product reviews", description: "Reviews of a product, accepted or rejected; the product's averageRating counts accepted ones." },
  { name: "Taxons", description: "The taxon trees products are classified in: codes, translations, parents, positions." },
  { name: "Channels", description: "Sales channels." },
  { name: "Customers", description: "Customers and their shop accounts." },
  { name: "Customer groups", description: "Groups of customers (an extension: Sylius 1.8's admin API has no route for them), for the customer_group promotion rule." },
  { name: "Promotions", description: "Promotions: rules and actions." },
  { name: "Promotion coupons", description: "Coupons of coupon-based promotions." },
  { name: "Zones", description: "Groups of countries." },
  { name: "Countries", description: "Countries addresses may use (ISO 3166-1 alpha-2)." },
  { name: "Tax categories", description: "Tax categories of variants and shipping methods." },
  { name: "Tax rates", description: "Tax rates per category and zone." },
  { name: "Shipping categories", description: "Shipping categories of variants." },
  { name: "Shipping methods", description: "Shipping methods and their costs." },
  { name: "Payment methods", description: "Payment methods (offline) and the channels that offer them." },
  { name: "Locales", description: "Locales." },
  { name: "Currencies", description: "Currencies." },
  { name: "Exchange rates", description: "Exchange rates between two currencies." },
  { name: "Admin users", description: "The back office's own accounts, which the token endpoint signs in." },
  { name: "Events", description: "Every committed change, as a feed walked by cursor; filtered by resource, that resource's audit trail." },
  { name: "Webhook endpoints", description: "Where events are sent, signed (docs/api/webhooks.md): URLs, event types, signing secrets, and each endpoint's deliveries (docs/operations/webhook-delivery.md)." },
  WEBHOOKS_TAG,
  { name: "Images", description: "The files of product and taxon images (uploaded with `multipart/form-data` through their owners' forms)." },
  { name: "Service", description: "Health check and this documentation." },
];

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  code: "Code of the resource.",
  productCode: "Code of the product.",
  id: "Identifier of the resource.",
  cartId: "Identifier of the cart.",
  itemId: "Identifier of the cart item.",
};

// ------------------------------------------------------------- routes

interface Operation {
  method: Method;
  /** OpenAPI template: Hono `:param` → `{param}`, collections with their trailing slash. */
  path: string;
  meta: RouteMeta;
}

/**
 * The described operations of a route table. A path is a collection (and
 * gets its trailing slash, as Sylius writes collections) when the table has
 * routes below it that start with a parameter (`/zones` → `/zones/:code`),
 * or when it is a list (`/events/`, which has no item route).
 */
export function describedOperations(routes: readonly RouteEntry[]): Operation[] {
  const paths = routes.map((route) => route.path);
  const operations: Operation[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const metas = routeMetaOf(route.handler);
    if (!metas) continue;
    const method = route.method.toLowerCase();
    if (!METHODS.includes(method)) throw new Error(`${route.method} ${route.path}: describeRoute() on a route with no single method`);
    const candidates = metas.filter((meta) => meta.method === undefined || meta.method === method);
    const meta = candidates.find((candidate) => candidate.method === method) ?? candidates[0];
    if (!meta) throw new Error(`${route.method} ${route.path}: describeRoute() has nothing for this method`);
    // A list is a collection too, with no item route below it (the event feed).
    const collection = paths.some((other) => other.startsWith(`${route.path}/:`)) || (!isRaw(meta) && (meta.list !== undefined || meta.query !== undefined));
    const path = route.path.replace(/:(\w+)/g, "{$1}") + (collection ? "/" : "");
    const key = `${method} ${path}`;
    if (seen.has(key)) throw new Error(`duplicate operation ${method.toUpperCase()} ${path}`);
    seen.add(key);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Hono keeps the method in a string; only the documented methods reach here.
    operations.push({ method: method as Method, path, meta });
  }
  return operations;
}

/** The request forms of these operations, by component name, in order of first use. */
function formsOf(operations: readonly Operation[]): Map<string, { form: AnyForm; docs: FormDocs }> {
  const forms = new Map<string, { form: AnyForm; docs: FormDocs }>();
  for (const { meta } of operations) {
    if (isRaw(meta) || !meta.form) continue;
    const docs = formDocs(meta.form);
    const known = forms.get(docs.component);
    if (known && known.form !== meta.form) throw new Error(`two different forms are documented as ${docs.component}`);
    forms.set(docs.component, { form: meta.form, docs });
  }
  return forms;
}

// ------------------------------------------------------------- JSON Schema

/** `z.number().int()` bounds every integer by JS's safe-integer range: noise in a description. */
const stripSafeIntegerBounds = ({ jsonSchema }: { jsonSchema: Json }) => {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
};

/** `400` for each form: its own children, in form order (registered once per isolate). */
const formErrorComponents = new IsolateMemory<string, string>({
  name: "OpenAPI form error components",
  file: "src/http/openapi/document.ts",
  key: "form component name",
  bound: { fixed: "one entry per documented form" },
  kind: "derived",
  readBehind: "the route table's forms (code)",
});

function formErrorsComponent(id: string, form: AnyForm): string {
  let schemaId = formErrorComponents.get(id);
  if (!schemaId) {
    schemaId = `${id}ValidationFailed`;
    component(schemaId, validationFailed(form.fields, form.quiet, form.lists), `A failed ${id} form.`);
    formErrorComponents.set(id, schemaId);
  }
  return schemaId;
}

function responseSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(responseComponents, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `${SCHEMAS}${id}`,
    override: stripSafeIntegerBounds,
  });
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- zod's JSON Schema output is plain JSON.
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema as Json)]));
}

/** Request bodies: each form's fields (documented shapes where zod has none), required as the form requires. */
function requestSchemas(forms: Map<string, { form: AnyForm; docs: FormDocs }>): Record<string, Json> {
  const registry = z.registry<ComponentMeta>();
  const required = new Map<string, string[]>();
  for (const [id, { form, docs }] of forms) {
    const shapes: Partial<Record<string, { schema: z.ZodType }>> = docs.shapes ?? {};
    const descriptions: Partial<Record<string, string>> = docs.descriptions ?? {};
    const shape: Record<string, z.ZodType> = {};
    for (const field of form.fields) {
      const documented = shapes[field]?.schema;
      const base = documented ?? form.shape[field];
      if (!base) throw new Error(`${id}: no schema for ${field}`);
      const description = descriptions[field] ?? documented?.meta()?.description;
      shape[field] = description ? base.meta({ description }) : base;
    }
    registry.add(z.object(shape), { id });
    required.set(id, form.fields.filter((field) => isRequired(form, field)));
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "input",
    uri: (id) => `${SCHEMAS}${id}`,
    override: stripSafeIntegerBounds,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const body = tidy(schema);
      const fields = required.get(id) ?? [];
      if (fields.length > 0) body.required = fields;
      else delete body.required;
      // Any field the form does not know is a form-level error.
      body.additionalProperties = false;
      body.description = "Fields the form does not list are refused (`This form should not contain extra fields.`).";
      body.examples = [forms.get(id)?.docs.example];
      return [id, body];
    }),
  );
}

// ------------------------------------------------------------------ paths

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = ""]) => ({
    name,
    in: "path",
    required: true,
    description: PARAMETER_DESCRIPTIONS[name] ?? name,
    schema: name === "id" || name === "cartId" || name === "itemId" ? { type: "integer", minimum: 1 } : { type: "string" },
    // The demo data's product, so "Try it out" on variants works at once.
    ...(name === "productCode" ? { example: "MUG_TH" } : {}),
  }));
}

function listParameters(list: ListSpec): Json[] {
  const size = (name: string, description: string) => ({
    name,
    in: "query",
    description: `${description} ${PAGE_SIZE_RULE}`,
    schema: { type: "integer", default: 10 },
  });
  const parameters: Json[] = [
    {
      name: "page",
      in: "query",
      description: "Page number, from 1. `0`, a negative number or a value that is not an integer (`x`, `2.5`) is a 404 `Page Not Found`, as Sylius' paginator answers. A page past the last is an empty page (`200`).",
      schema: { type: "integer", default: 1 },
    },
    ...(list.paginate ? [size("paginate", "Carts per page (the name Sylius' cart list reads; `limit` is read when it is absent).")] : []),
    size("limit", "Page size, from 1; more than 100 counts as 100."),
    CURSOR_PARAMETER,
  ];
  if (list.sorting.length > 0) {
    parameters.push({
      name: "sorting",
      in: "query",
      style: "deepObject",
      explode: true,
      description: `\`sorting[field]=asc|desc\`, e.g. \`sorting[${list.sorting[0]}]=asc\`; the first pair counts. Default: ${list.defaultSorting}; ties are broken by id in the same direction (unless the default says otherwise). Another field or direction is a 400 that names it.`,
      // Swagger UI pre-fills "Try it out" with this (else with a generated value for every field).
      example: {},
      schema: {
        type: "object",
        properties: Object.fromEntries(list.sorting.map((field) => [field, { type: "string", enum: ["asc", "desc"] }])),
        additionalProperties: false,
      },
    });
  }
  if (list.criteria.length > 0) {
    parameters.push({
      name: "criteria",
      in: "query",
      style: "deepObject",
      explode: true,
      description: `\`criteria[field]=text\`: a case-insensitive substring filter, e.g. \`criteria[${list.criteria[0]}]=mug\`; or Sylius' string filter, \`criteria[${list.criteria[0]}][type]=starts_with&criteria[${list.criteria[0]}][value]=mug\`, of type ${TEXT_FILTER_TYPES.map((type) => `\`${type}\``).join(", ")} (\`in\`, \`not_in\`: at most ${MAX_IN_VALUES} comma-separated values). Criteria are ANDed; a blank value is ignored. Another type is a 400. \`not_contains\`, \`not_equal\`, \`not_in\`, \`empty\`, \`not_empty\` (and \`ends_with\` of a text without postings) use no index: they examine at most the first ${SCAN_BUDGET.toLocaleString("en")} rows (by id) the other criteria leave.`,
      example: {},
      schema: {
        type: "object",
        properties: Object.fromEntries(list.criteria.map((field) => [field, CRITERION_SCHEMA])),
        additionalProperties: false,
      },
    });
  }
  return parameters;
}

/** One `criteria[field]`: the flat text, or Sylius' string filter's `{type, value}`. */
const CRITERION_SCHEMA: Json = {
  anyOf: [
    { type: "string" },
    {
      type: "object",
      properties: { type: { type: "string", enum: [...TEXT_FILTER_TYPES], default: "contains" }, value: { type: "string" } },
      additionalProperties: false,
    },
  ],
};

/** The cursor walk, an extension next to the page numbers (docs/api/cursors.md). */
const CURSOR_PARAMETER: Json = {
  name: "cursor",
  in: "query",
  description:
    "Extension (not in Sylius): walk the list by key instead of by page number. Send `cursor=` (empty) to start; each page's `_links.next` carries the cursor of the next one (absent at the end). A page costs the same however deep the walk is; `page` is ignored. The cursor is opaque and bound to the sorting it was made with (another sorting, or a value that is not a cursor, is a 400).",
  schema: { type: "string" },
};

/** The 400 every `/api/v1` operation may answer (src/http/middleware/d1-bookmark.ts). */
const MALFORMED_BOOKMARK = "a malformed `X-D1-Bookmark` header (neither a bookmark nor `first-primary` / `first-unconstrained`)";

/** When a list answers `Page Not Found` (src/http/pagination.ts). */
const PAGE_NOT_FOUND_CAUSE = "a `page` or page size (`limit`, `paginate`) below 1, or a `page` that is not an integer, as Sylius' paginator answers";

/** How `limit` and `paginate` are read (as Sylius 1.8 reads them: PHP's integer of the text, then Pagerfanta's check). */
const PAGE_SIZE_RULE =
  "Read as PHP reads an integer from text (its leading digits: `2.5` is 2, `abc` is 0); `0` or less is a 404 `Page Not Found`, as Sylius' paginator answers.";

const ERROR_RESPONSES: Record<Exclude<ErrorStatus, 400>, string> = {
  404: "NotFound",
  409: "Conflict",
  412: "PreconditionFailed",
  413: "PayloadTooLarge",
  422: "IdempotencyKeyReused",
};

/** The request headers of conditional requests (RFC 9110 §13.1). */
const PRECONDITION_PARAMETERS: Record<"If-None-Match" | "If-Match", Json> = {
  "If-None-Match": {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "Entity tags (or `*`) the client holds: when one matches the current `ETag` (weak comparison), the answer is a 304 with no body.",
    schema: { type: "string", examples: ['"q1S0m3Ex4mpl3T4gV4lu3w"'] },
  },
  "If-Match": {
    name: "If-Match",
    in: "header",
    required: false,
    description:
      "Entity tags (or `*`) the change is meant for: unless one equals the current `ETag` (strong comparison), nothing is changed and the answer is a 412 (checked before the body, so before a 400 or a `version` 409).",
    schema: { type: "string", examples: ['"q1S0m3Ex4mpl3T4gV4lu3w"'] },
  },
};

/** `Idempotency-Key`, accepted by every write of `/api/v1` (see the middleware idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retry safe (IETF draft *The Idempotency-Key HTTP Header Field*, Stripe's semantics): 1 to 255 printable ASCII characters (a UUID, say), bare or as a quoted string. The first request with a key that gets past validation is kept for 24 hours, per OAuth client and user; a retry with the same key and the same request (method, path, body) gets its status again, with `Idempotent-Replayed: true` and, for a 201, the created resource as it is now, and changes nothing. The same key with another request is a 422; a malformed key a 400; a retry while the first is still running on the same cart a 409. A refused request (validation, 404, 409) is not kept: fix it and retry with the same key.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
  example: "3f1c2a9e-6d0b-4d6e-9a55-0c7c2b1f8e42",
};

function operationObject(path: string, method: Method, op: OperationMeta): Json {
  const responses: Json = {};
  const conditional = op.conditional ?? {};
  const writes = method !== "get";
  const successHeaders: Json = { ...API_HEADERS };
  if (conditional.etag) successHeaders.ETag = headerRef("ETag");
  if (writes) successHeaders["Idempotent-Replayed"] = headerRef("Idempotent-Replayed");
  const success: Json = {
    description: op.success.description,
    headers: successHeaders,
  };
  if (op.success.schema) {
    const id = responseComponents.get(op.success.schema)?.id;
    if (!id) throw new Error(`${op.operationId}: its success schema is not a registered component`);
    success.content = json(ref(id));
  }
  responses[String(op.success.status)] = success;
  if (conditional.precondition === "If-None-Match") responses["304"] = responseRef("NotModified");
  // Every body is bounded (1 MiB), whatever the operation lists.
  // A POST, PUT or PATCH reads its body (src/http/middleware/json-body.ts), with or without a form.
  const takesBody = method === "post" || method === "put" || method === "patch";
  const errors = new Set<ErrorStatus>(op.form || takesBody ? [...op.errors, 413] : op.errors);
  if (conditional.precondition === "If-Match") errors.add(412);
  if (errors.has(400) && !op.form && !op.list && !op.query && !writes) throw new Error(`${op.operationId}: 400 without a form or a list`);
  // Every operation may answer a malformed `X-D1-Bookmark` (400); a list an unknown sorting field or direction;
  // a write a malformed `Idempotency-Key` (400), a key still in use (409) or reused with another request (422).
  errors.add(400);
  // A list answers 404 `Page Not Found` to a `page` or page size below 1 (src/http/pagination.ts).
  if (op.list) errors.add(404);
  if (writes) for (const status of [409, 422] as const) errors.add(status);
  for (const status of [...errors].sort((a, b) => a - b)) {
    if (status === 400 && op.form) {
      responses["400"] = {
        description: `Validation failed (every field of the form is reported), the body is not JSON (\`Invalid JSON body.\`) or nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the \`Idempotency-Key\` header is malformed, or ${MALFORMED_BOOKMARK}.`,
        headers: API_HEADERS,
        content: json({ anyOf: [ref(formErrorsComponent(formDocs(op.form).component, op.form)), ref("Error")] }),
      };
    } else if (status === 400) {
      const badRequest = takesBody ? "BadBody" : writes ? "BadIdempotencyKey" : (op.list && op.list.sorting.length > 0) || op.query ? "BadQuery" : "BadBookmark";
      responses["400"] = responseRef(badRequest);
    } else if (status === 404 && op.list) {
      responses["404"] = responseRef(op.errors.includes(404) ? "NestedListNotFound" : "PageNotFound");
    } else {
      responses[String(status)] = responseRef(ERROR_RESPONSES[status]);
    }
  }
  responses["401"] = responseRef("Unauthorized");
  responses["403"] = responseRef("Forbidden");
  responses["500"] = responseRef("InternalError");

  const parameters = [
    ...pathParameters(path),
    ...(op.list ? listParameters(op.list) : []),
    ...(op.query ?? []),
    ...(conditional.precondition ? [PRECONDITION_PARAMETERS[conditional.precondition]] : []),
    ...(writes ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    parameterRef("X-D1-Bookmark"),
  ];
  const operation: Json = {
    tags: [op.tag],
    operationId: op.operationId,
    summary: op.summary,
    description: op.description ?? `${op.summary}.`,
    ...(parameters.length ? { parameters } : {}),
    // The scope the token must hold (checked with the token: 403 without it).
    security: [{ oauth2: [op.scope] }, { bearer: [] }],
  };
  if (op.form) {
    const form = op.form;
    const anyRequired = form.fields.some((field) => isRequired(form, field));
    operation.requestBody = {
      required: anyRequired,
      description: form.fields.includes("images")
        ? "JSON (whatever `Content-Type` says but `multipart/form-data`; at most 1 MiB), or `multipart/form-data` with the same fields in bracket notation (`translations[en_US][name]`, `images[0][type]`, `images[0][file]`; at most 25 MiB). An empty body counts as `{}`."
        : "JSON (whatever `Content-Type` says); an empty body counts as `{}`. At most 1 MiB.",
      content: {
        ...json(ref(formDocs(form).component)),
        ...(form.fields.includes("images") ? { "multipart/form-data": { schema: ref(formDocs(form).component) } } : {}),
      },
    };
  }
  operation.responses = responses;
  return operation;
}

// --------------------------------------------------------------- document

const DESCRIPTION = `A back office of a commerce platform, compatible with the Sylius 1.x admin API (v1): product variants, carts and the resources they use.

**Conventions.** JSON in and out. Amounts are integers in minor units (divide by 100 to show them). Collections are paginated (\`page\` from 1, \`limit\` from 1 to 100; a \`page\` or \`limit\` below 1 is a 404 \`Page Not Found\`, as in Sylius) in a HAL envelope; \`sorting[field]=asc|desc\` with a field or direction the list does not have is a 400. Validation errors list every field of the form (\`errors.children\`), failing fields with their messages. Other errors are \`{code, message}\`; an unknown route is a 404, a known path with another method a 405 with an \`Allow\` header (see *Methods* below). A body is read as JSON whatever its \`Content-Type\` (but \`multipart/form-data\`, which the product and taxon writes take for image uploads, at most 25 MiB), may be at most 1 MiB (413) and may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep (400). Every response carries \`X-Request-Id\`; every \`/api/v1\` response carries \`Server-Timing\` with the D1 round trips of the request. Every write (POST, PUT, PATCH, DELETE) accepts \`Idempotency-Key\`: a retry with the same key and request replays the first outcome (\`Idempotent-Replayed: true\`) and changes nothing.

**Methods.** This document lists only the methods each path serves. Any other method on a known path answers \`405\` (\`{code, message}\`) with an \`Allow\` header naming the methods the path serves (\`HEAD\` with \`GET\`). Under \`/api/v1\` the \`X-D1-Bookmark\` and token checks come first, so such a request may instead answer their \`400\` or \`401\`.

**Consistency.** A request's database work runs in one D1 session. Without \`X-D1-Bookmark\` it starts on the primary database, so it sees every write made before it. With a bookmark from an earlier response's \`X-D1-Bookmark\`, the nearest read replica that has every write up to that bookmark answers: a client reads its own writes, from anywhere. With \`first-unconstrained\` the nearest replica answers, however far behind. Writes always start on the primary. Every \`/api/v1\` response of a request that reached the database carries its latest bookmark (cart changes included) in \`X-D1-Bookmark\`; a malformed one is a 400.

**Authentication.** Every \`/api/v1\` operation needs \`Authorization: Bearer <access token>\`. Get a token from \`POST ${TOKEN_PATH}\` — here: **Authorize** → \`oauth2 (OAuth2, password)\`, enter the user's username and password and the API client's id and secret, and choose *Client credentials location: Request body*. Or paste an existing access token into \`bearer\`. Local demo data (\`npm start\`) has the client \`demo_client\` / \`secret_demo_client\`, the user \`api@example.com\` / \`sylius-api\` and the access token \`SampleToken\`; they exist nowhere else.

**Scopes.** Each operation needs one scope (its security requirement): \`catalog:read\`, \`catalog:write\`, \`carts:read\`, \`carts:write\`, \`orders:read\`, \`orders:write\`, \`customers:read\`, \`customers:write\`, \`config:read\`, \`config:write\`, \`users:manage\`, \`events:read\` (the event feed) or \`webhooks:manage\` (the webhook endpoints). A token holds what its token request asked for (\`scope\`), within its client's scopes as they are now; a client with no scopes configured (as every client made before scopes existed) holds them all. Without the scope an operation answers \`403\` before anything else about the resource, and changes nothing.`;

/** The document of a route table (the app's, by default). */
export function buildDocument(routes: readonly RouteEntry[]): Json {
  const operations = describedOperations(routes);
  const paths: Record<string, Json> = {};
  for (const { method, path, meta } of operations) {
    const item = (paths[path] ??= {});
    item[method] = isRaw(meta) ? meta.operation() : operationObject(path, method, meta);
  }
  // After the operations: they register their forms' 400 components.
  const requests = requestSchemas(formsOf(operations));

  const error = (description: string, headers: Json = API_HEADERS) => ({ description, headers, content: json(ref("Error")) });
  return {
    openapi: "3.1.1",
    info: {
      title: "Back office API (Sylius admin API v1 compatible)",
      version: "1.0.0",
      description: DESCRIPTION,
      license: { name: "MIT", url: "https://opensource.org/license/mit" },
    },
    // Relative: the document describes the server that serves it.
    servers: [{ url: "/", description: "The server that serves this document." }],
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    tags: TAGS,
    security: [{ oauth2: [] }, { bearer: [] }],
    paths,
    // What the service sends to webhook endpoints: one entry per event type (src/http/openapi/webhooks.ts).
    webhooks: webhookItems(),
    components: {
      schemas: { ...responseSchemas(), ...requests },
      responses: {
        Unauthorized: {
          description: "Missing, unknown, revoked or expired access token.",
          headers: { ...API_HEADERS, "WWW-Authenticate": headerRef("WWW-Authenticate") },
          content: json(ref("BearerError")),
        },
        Forbidden: {
          description:
            "The access token is valid but does not hold the scope the operation needs (its security requirement): `WWW-Authenticate: Bearer error=\"insufficient_scope\", scope=\"...\"`, and the message names the scope. Said before the resource is looked up (it does not tell whether the resource exists); nothing was changed.",
          headers: { ...API_HEADERS, "WWW-Authenticate": headerRef("WWW-Authenticate") },
          content: json(ref("Error")),
        },
        NotFound: error("Unknown resource (any id or code in the path), or unknown route."),
        PageNotFound: error(`\`Page Not Found\`: ${PAGE_NOT_FOUND_CAUSE}.`),
        NestedListNotFound: error(`The resource the list belongs to (its code in the path) does not exist, or \`Page Not Found\`: ${PAGE_NOT_FOUND_CAUSE}.`),
        Conflict: error(
          "Conflict: a stale or missing `version`, or the resource is still in use, or a request with the same `Idempotency-Key` is still being processed.",
        ),
        BadIdempotencyKey: error(`The \`Idempotency-Key\` header is malformed (1 to 255 printable ASCII characters), or ${MALFORMED_BOOKMARK}.`),
        BadBody: error(
          `The body is not JSON (\`Invalid JSON body.\`) or nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the \`Idempotency-Key\` header is malformed (1 to 255 printable ASCII characters), or ${MALFORMED_BOOKMARK}.`,
        ),
        IdempotencyKeyReused: error("The `Idempotency-Key` was already used with another request (method, path or body)."),
        PayloadTooLarge: error("The body is larger than 1 MiB."),
        NotModified: {
          description: "Not modified: `If-None-Match` matches the current `ETag`. No body.",
          headers: { ...API_HEADERS, ETag: headerRef("ETag") },
        },
        PreconditionFailed: error("Precondition failed: `If-Match` matches no current `ETag` (the resource changed since that tag was read). Nothing was changed."),
        BadQuery: error(
          `An unknown sorting field or direction (the message names it and lists the sortable fields), an unknown \`criteria[field][type]\` or too many \`in\` values (the message names them), a malformed \`cursor\`, an unknown event type or a bad \`limit\` of the event feed (the message names them), or ${MALFORMED_BOOKMARK}.`,
        ),
        BadBookmark: error(`Refused before any work: ${MALFORMED_BOOKMARK}. The message names the header.`),
        InternalError: error("Unexpected failure (`Internal server error.`), logged with the request id."),
        TooManyRequests: TOO_MANY_REQUESTS,
      },
      headers: {
        "X-Request-Id": {
          description: "The request's `X-Request-Id` when it sent one, else a generated id.",
          schema: { type: "string" },
        },
        "Server-Timing": {
          description:
            'Cost of the request: `d1;dur=<ms>;desc="<D1 round trips>"`, `do;dur=<ms>` through a cart\'s Durable Object, `rows_read;desc="<n>"` and (when it wrote) `rows;desc="<n>"`: D1\'s own counts of rows read and written (index entries included), the cart object\'s work included.',
          schema: { type: "string", examples: ['d1;dur=3.1;desc="1", rows_read;desc="12"'] },
        },
        "WWW-Authenticate": { description: "`Bearer ...` (RFC 6750).", schema: { type: "string" } },
        ETag: {
          description:
            "Strong entity tag of the representation (RFC 9110 §8.8.3): it changes whenever the body does, including the data the body embeds. Send it back in `If-None-Match` (reads) or `If-Match` (changes).",
          schema: { type: "string", examples: ['"q1S0m3Ex4mpl3T4gV4lu3w"'] },
        },
        "Idempotent-Replayed": {
          description: "`true` when the answer replays an earlier request sent with the same `Idempotency-Key` (nothing was changed again).",
          schema: { type: "string", enum: ["true"] },
        },
        "Retry-After": RETRY_AFTER_HEADER,
        "X-D1-Bookmark": BOOKMARK_HEADER_COMPONENT,
        ...CORS_HEADER_COMPONENTS,
      },
      parameters: { "X-D1-Bookmark": BOOKMARK_PARAMETER, ...WEBHOOK_HEADER_PARAMETERS },
      securitySchemes: {
        oauth2: {
          type: "oauth2",
          description:
            "OAuth2 at the token endpoint: the password or the client_credentials grant. The client's id and secret go in the request body (`client_id`, `client_secret`). A token holds the scopes asked for (`scope`), at most its client's; each operation names the scope it needs.",
          flows: {
            password: { tokenUrl: TOKEN_PATH, refreshUrl: TOKEN_PATH, scopes: SCOPE_DESCRIPTIONS },
            clientCredentials: { tokenUrl: TOKEN_PATH, refreshUrl: TOKEN_PATH, scopes: SCOPE_DESCRIPTIONS },
          },
        },
        bearer: { type: "http", scheme: "bearer", description: "An access token from the token endpoint; it must hold the scope of the operation's oauth2 requirement." },
      },
    },
  };
}

/** Every documented request form of `routes` (the app's route table), by component name. */
export const documentedForms = (routes: readonly RouteEntry[]) => formsOf(describedOperations(routes));

const cached = new IsolateValue<{ document: Json; json: string }>({
  name: "OpenAPI document",
  file: "src/http/openapi/document.ts",
  key: "none (one value)",
  bound: { fixed: "one value" },
  kind: "derived",
  readBehind: "the app's route table (code)",
});

/**
 * The document of the app whose route table is `routes`, built once per
 * isolate (an app's routes do not change after it is built). The app hands
 * its own table in, so this module never imports the app that serves it.
 */
function load(routes: readonly RouteEntry[]) {
  return cached.get(() => {
    const document = buildDocument(routes);
    return { document, json: JSON.stringify(document) };
  });
}

/** The OpenAPI document. Treat as read-only. */
export const openApiDocument = (routes: readonly RouteEntry[]): Json => load(routes).document;

/** The document serialized once, for the HTTP response. */
export const openApiJson = (routes: readonly RouteEntry[]): string => load(routes).json;
