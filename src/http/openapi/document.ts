/**
 * The OpenAPI 3.1 document of the service, built from the same zod schemas
 * that validate requests (the forms of src/routes) and describe responses
 * (src/openapi/schemas, checked against the serializers by the compiler).
 * Built once per isolate, on first use, and kept in module scope.
 */
import { z } from "zod";
import { DESCRIPTIONS, EXAMPLES, INPUT_SHAPES, REQUEST_FORMS, REQUIRED_BY_HANDLER, type AnyForm, type RequestFormId } from "./forms";
import { OPERATIONS, PARAMETER_DESCRIPTIONS, TAGS, type ErrorStatus, type ListSpec, type Operation } from "./operations";
import { DOCS_PAGE_PATH, DOCUMENT_PATH, TOKEN_PATH } from "./paths";
import { component, responseComponents, validationFailed, type ComponentMeta } from "./common";
// Importing the schema modules registers their components.
import { TokenRequest } from "../resources/oauth/schemas";
import { ROOT_PATH_ITEM } from "../resources/root/routes";

export type Json = Record<string, unknown>;

const SCHEMAS = "#/components/schemas/";
const ref = (id: string) => ({ $ref: `${SCHEMAS}${id}` });
const responseRef = (id: string) => ({ $ref: `#/components/responses/${id}` });
const headerRef = (id: string) => ({ $ref: `#/components/headers/${id}` });

/** `400` for each form: its own children, in form order (registered once, at import). */
const FORM_ERRORS = Object.fromEntries(
  (Object.keys(REQUEST_FORMS) as RequestFormId[]).map((id) => {
    const schemaId = `${id}ValidationFailed`;
    component(schemaId, validationFailed(REQUEST_FORMS[id].fields), `A failed ${id} form.`);
    return [id, schemaId];
  }),
) as Record<RequestFormId, string>;

// ------------------------------------------------------------- JSON Schema

/** A field is required when the form refuses it missing (its schema, or the handler: REQUIRED_BY_HANDLER). */
export const isRequired = (form: AnyForm, field: string): boolean =>
  !form.shape[field]!.safeParse(undefined).success || (REQUIRED_BY_HANDLER.get(form)?.includes(field) ?? false);

/** Drops what a component does not need inside an OpenAPI document (`$id`s with a fragment are not even valid there). */
function tidy(schema: Json): Json {
  delete schema.$schema;
  delete schema.$id;
  return schema;
}

/** `z.number().int()` bounds every integer by JS's safe-integer range: noise in a description. */
const stripSafeIntegerBounds = ({ jsonSchema }: { jsonSchema: Json }) => {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
};

function responseSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(responseComponents, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `${SCHEMAS}${id}`,
    override: stripSafeIntegerBounds,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema as Json)]));
}

/** Request bodies: each form's fields (documented shapes where zod has none), required as the form requires. */
function requestSchemas(): Record<string, Json> {
  const registry = z.registry<ComponentMeta>();
  const required = new Map<string, string[]>();
  for (const [id, form] of Object.entries(REQUEST_FORMS) as [RequestFormId, AnyForm][]) {
    const shapes = INPUT_SHAPES.get(form) ?? {};
    const descriptions = DESCRIPTIONS.get(form) ?? {};
    const shape: Record<string, z.ZodType> = {};
    for (const field of form.fields) {
      const base = shapes[field]?.schema ?? form.shape[field]!;
      const description = descriptions[field] ?? shapes[field]?.schema.meta()?.description;
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
      const body = tidy(schema as Json);
      const fields = required.get(id) ?? [];
      if (fields.length > 0) body.required = fields;
      else delete body.required;
      // Any field the form does not know is a form-level error.
      body.additionalProperties = false;
      body.description = "Fields the form does not list are refused (`This form should not contain extra fields.`).";
      body.examples = [EXAMPLES[id as RequestFormId]];
      return [id, body];
    }),
  );
}

// ------------------------------------------------------------------ paths

const COMMON_HEADERS = { "X-Request-Id": headerRef("X-Request-Id") };
const API_HEADERS = { ...COMMON_HEADERS, "Server-Timing": headerRef("Server-Timing") };

const json = (schema: Json) => ({ "application/json": { schema } });

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: PARAMETER_DESCRIPTIONS[name!] ?? name,
    schema: name === "id" || name === "cartId" || name === "itemId" ? { type: "integer", minimum: 1 } : { type: "string" },
    // The demo data's product, so "Try it out" on variants works at once.
    ...(name === "productCode" ? { example: "MUG_TH" } : {}),
  }));
}

function listParameters(list: ListSpec): Json[] {
  const size = (name: string) => ({
    name,
    in: "query",
    description: "Page size; at most 100 (larger values are clamped).",
    schema: { type: "integer", minimum: 1, default: 10 },
  });
  const parameters: Json[] = [
    { name: "page", in: "query", description: "Page number.", schema: { type: "integer", minimum: 1, default: 1 } },
    ...(list.paginate ? [{ ...size("paginate"), description: "Carts per page (the name Sylius' cart list reads); at most 100." }] : []),
    size("limit"),
  ];
  if (list.sorting.length > 0) {
    parameters.push({
      name: "sorting",
      in: "query",
      style: "deepObject",
      explode: true,
      description: `\`sorting[field]=asc|desc\`, e.g. \`sorting[${list.sorting[0]}]=asc\`. Default: ${list.defaultSorting}; ties are broken by id in the same direction.`,
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
      description: `\`criteria[field]=text\`: case-insensitive substring filters, e.g. \`criteria[${list.criteria[0]}]=mug\`.`,
      example: {},
      schema: {
        type: "object",
        properties: Object.fromEntries(list.criteria.map((field) => [field, { type: "string" }])),
        additionalProperties: false,
      },
    });
  }
  return parameters;
}

const ERROR_RESPONSES: Record<Exclude<ErrorStatus, 400>, string> = {
  404: "NotFound",
  409: "Conflict",
  413: "PayloadTooLarge",
};

function operationObject(op: Operation): Json {
  const responses: Json = {};
  const success: Json = { description: op.success.description, headers: API_HEADERS };
  if (op.success.schema) {
    const id = responseComponents.get(op.success.schema)?.id;
    if (!id) throw new Error(`${op.operationId}: its success schema is not a registered component`);
    success.content = json(ref(id));
  }
  responses[String(op.success.status)] = success;
  for (const status of op.errors) {
    if (status === 400) {
      if (!op.form) throw new Error(`${op.operationId}: 400 without a form`);
      responses["400"] = {
        description: "Validation failed (every field of the form is reported), or the body is not JSON (`Invalid JSON body.`).",
        headers: API_HEADERS,
        content: json({ anyOf: [ref(FORM_ERRORS[op.form]), ref("Error")] }),
      };
    } else {
      responses[String(status)] = responseRef(ERROR_RESPONSES[status]);
    }
  }
  responses["401"] = responseRef("Unauthorized");
  responses["500"] = responseRef("InternalError");

  const parameters = [...pathParameters(op.path), ...(op.list ? listParameters(op.list) : [])];
  const operation: Json = {
    tags: [op.tag],
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length ? { parameters } : {}),
  };
  if (op.form) {
    const form: AnyForm = REQUEST_FORMS[op.form];
    const anyRequired = form.fields.some((field) => isRequired(form, field));
    operation.requestBody = {
      required: anyRequired,
      description: "JSON (whatever `Content-Type` says); an empty body counts as `{}`. At most 1 MiB.",
      content: json(ref(op.form)),
    };
  }
  operation.responses = responses;
  return operation;
}

/** The operations that are not resources of /api/v1: token endpoint, health check, this documentation. */
function serviceOperations(): Record<string, Json> {
  const tokenResponses = {
    "200": {
      description: "Tokens (access tokens live 3600 s, refresh tokens 14 days).",
      headers: { ...COMMON_HEADERS, "Cache-Control": { schema: { type: "string", const: "no-store" } } },
      content: json(ref("TokenResponse")),
    },
    "400": { description: "invalid_request, invalid_grant, unsupported_grant_type or unauthorized_client.", headers: COMMON_HEADERS, content: json(ref("TokenError")) },
    "401": { description: "invalid_client: unknown client or wrong secret.", headers: COMMON_HEADERS, content: json(ref("TokenError")) },
    "500": responseRef("InternalError"),
  };
  const tokenQuery = (Object.keys(TokenRequest.shape) as (keyof typeof TokenRequest.shape)[]).map((name) => ({
    name,
    in: "query",
    required: name === "grant_type" || name === "client_id" || name === "client_secret",
    schema: z.toJSONSchema(TokenRequest.shape[name], { target: "draft-2020-12", io: "input" }),
  }));
  for (const parameter of tokenQuery) tidy(parameter.schema as Json);
  const tokenDescription =
    "Parameters may come as JSON, `application/x-www-form-urlencoded` or a query string (body values win). Grants: `password` (client_id, client_secret, username, password), `refresh_token` (client_id, client_secret, refresh_token; rotates), `client_credentials` (client_id, client_secret; no refresh token).";
  return {
    [TOKEN_PATH]: {
      post: {
        tags: ["Authentication"],
        operationId: "issueToken",
        summary: "Get an access token",
        description: tokenDescription,
        security: [],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": { schema: ref("TokenRequest") },
            "application/json": { schema: ref("TokenRequest") },
          },
        },
        responses: { ...tokenResponses, "413": responseRef("PayloadTooLarge") },
      },
      get: {
        tags: ["Authentication"],
        operationId: "issueTokenWithQuery",
        summary: "Get an access token (query string)",
        description: tokenDescription,
        security: [],
        parameters: tokenQuery,
        responses: tokenResponses,
      },
    },
    "/health": {
      get: {
        tags: ["Service"],
        operationId: "health",
        summary: "Health check",
        description: "200 once the database answers.",
        security: [],
        responses: {
          "200": { description: "Healthy.", headers: COMMON_HEADERS, content: json(ref("Health")) },
          "503": { description: "The database does not answer.", headers: COMMON_HEADERS, content: json(ref("HealthUnavailable")) },
          "500": responseRef("InternalError"),
        },
      },
    },
    [DOCUMENT_PATH]: {
      get: {
        tags: ["Service"],
        operationId: "openApiDocument",
        summary: "This OpenAPI document",
        security: [],
        responses: {
          "200": {
            description: "The OpenAPI 3.1 document.",
            headers: API_HEADERS,
            content: json({ type: "object", description: "An OpenAPI 3.1 document." }),
          },
          "500": responseRef("InternalError"),
        },
      },
    },
    [DOCS_PAGE_PATH]: {
      get: {
        tags: ["Service"],
        operationId: "apiDocumentation",
        summary: "This documentation (HTML)",
        security: [],
        responses: {
          "200": {
            description: "An HTML page rendering this document (Swagger UI).",
            headers: API_HEADERS,
            content: { "text/html": { schema: { type: "string" } } },
          },
          "500": responseRef("InternalError"),
        },
      },
    },
  };
}

// --------------------------------------------------------------- document

const DESCRIPTION = `A back office of a commerce platform, compatible with the Sylius 1.x admin API (v1): product variants, carts and the resources they use.

**Conventions.** JSON in and out. Amounts are integers in minor units (divide by 100 to show them). Collections are paginated (\`page\`, \`limit\`, at most 100 per page) in a HAL envelope. Validation errors list every field of the form (\`errors.children\`), failing fields with their messages. Other errors are \`{code, message}\`; an unknown route is a 404, a known path with another method a 405 with an \`Allow\` header. Every response carries \`X-Request-Id\`; every \`/api/v1\` response carries \`Server-Timing\` with the D1 round trips of the request.

**Authentication.** Every \`/api/v1\` operation needs \`Authorization: Bearer <access token>\`. Get a token from \`POST ${TOKEN_PATH}\` — here: **Authorize** → \`oauth2 (OAuth2, password)\`, enter the user's username and password and the API client's id and secret, and choose *Client credentials location: Request body*. Or paste an existing access token into \`bearer\`. Local demo data (\`npm start\`) has the client \`demo_client\` / \`secret_demo_client\`, the user \`api@example.com\` / \`sylius-api\` and the access token \`SampleToken\`; they exist nowhere else.`;

function build(): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`duplicate operation ${op.method.toUpperCase()} ${op.path}`);
    item[op.method] = operationObject(op);
  }
  Object.assign(paths, serviceOperations());
  paths["/"] = ROOT_PATH_ITEM;

  const error = (description: string, headers: Json = API_HEADERS) => ({ description, headers, content: json(ref("Error")) });
  return {
    openapi: "3.1.1",
    info: {
      title: "Back office API (Sylius admin API v1 compatible)",
      version: "1.0.0",
      description: DESCRIPTION,
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    tags: TAGS,
    security: [{ oauth2: [] }, { bearer: [] }],
    paths,
    components: {
      schemas: { ...responseSchemas(), ...requestSchemas() },
      responses: {
        Unauthorized: {
          description: "Missing, unknown, revoked or expired access token.",
          headers: { ...API_HEADERS, "WWW-Authenticate": headerRef("WWW-Authenticate") },
          content: json(ref("BearerError")),
        },
        NotFound: error("Unknown resource (any id or code in the path), or unknown route."),
        Conflict: error("Conflict: a stale or missing `version`, or the resource is still in use."),
        PayloadTooLarge: error("The body is larger than 1 MiB."),
        MethodNotAllowed: error("The path exists, but not with this method.", {
          ...API_HEADERS,
          Allow: headerRef("Allow"),
        }),
        InternalError: error("Unexpected failure (`Internal server error.`), logged with the request id."),
      },
      headers: {
        "X-Request-Id": {
          description: "The request's `X-Request-Id` when it sent one, else a generated id.",
          schema: { type: "string" },
        },
        "Server-Timing": {
          description: 'Cost of the request: `d1;dur=<ms>;desc="<D1 round trips>"`, plus `do;dur=<ms>` through a cart\'s Durable Object.',
          schema: { type: "string", examples: ['d1;dur=3.1;desc="1"'] },
        },
        "WWW-Authenticate": { description: "`Bearer ...` (RFC 6750).", schema: { type: "string" } },
        Allow: { description: "The methods the path accepts.", schema: { type: "string", examples: ["GET, POST, HEAD"] } },
      },
      securitySchemes: {
        oauth2: {
          type: "oauth2",
          description:
            "OAuth2 password grant at the token endpoint. The client's id and secret go in the request body (`client_id`, `client_secret`). The endpoint also grants `client_credentials` (see its operation).",
          flows: {
            password: { tokenUrl: TOKEN_PATH, refreshUrl: TOKEN_PATH, scopes: {} },
          },
        },
        bearer: { type: "http", scheme: "bearer", description: "An access token from the token endpoint." },
      },
    },
  };
}

let cached: { document: Json; json: string } | undefined;

function load() {
  if (!cached) {
    const document = build();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}

/** The OpenAPI document (built once per isolate). Treat as read-only. */
export const openApiDocument = (): Json => load().document;

/** The document serialized once, for the HTTP response. */
export const openApiJson = (): string => load().json;

