/**
 * Calls the API and checks each answer against what the OpenAPI document
 * (fetched from the worker) declares for that operation and status, with a
 * JSON Schema 2020-12 validator that runs in workerd (@cfworker/json-schema).
 */
import { expect } from "vitest";
import { Validator, type OutputUnit } from "@cfworker/json-schema";
import { api, type ApiResponse } from "../helpers/http";

type Json = Record<string, any>;

let documentPromise: Promise<Json> | undefined;

/** The served document (GET /api/v1/openapi.json, no token). */
export function servedDocument(): Promise<Json> {
  documentPromise ??= api("GET", "/api/v1/openapi.json", undefined, { token: null }).then((res) => {
    if (res.status !== 200) throw new Error(`openapi.json: ${res.status}`);
    return res.body as Json;
  });
  return documentPromise;
}

const validators = new Map<string, Validator>();

/** A validator of `schema` where `#/components/schemas/X` refs resolve (as `#/$defs/X`). */
function validatorFor(document: Json, schema: Json): Validator {
  const key = JSON.stringify(schema);
  let validator = validators.get(key);
  if (!validator) {
    const rewrite = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/'));
    validator = new Validator({ ...rewrite(schema), $defs: rewrite(document.components.schemas) }, "2020-12", false);
    validators.set(key, validator);
  }
  return validator;
}

function resolve(document: Json, node: Json): Json {
  let current = node;
  while (typeof current?.$ref === "string") {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((at: Json, part: string) => at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], document);
  }
  return current;
}

/** Validation errors of `body` against `schema` (empty when valid). */
export function schemaErrors(document: Json, schema: Json, body: unknown): string[] {
  const result = validatorFor(document, schema).validate(body);
  return result.valid
    ? []
    : result.errors.map((e: OutputUnit) => `${e.instanceLocation} ${e.keyword}: ${e.error}`).slice(0, 20);
}

/** The JSON schema a response object (or `$ref` to one) declares, if any. */
function responseSchema(document: Json, response: Json): Json | undefined {
  return resolve(document, response)?.content?.["application/json"]?.schema;
}

/** Every (METHOD template status) that a checked call produced. */
export const exercised = new Set<string>();

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  raw?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

/**
 * Calls `METHOD template` and checks that the document declares the answer's
 * status for that operation and that the body matches the declared schema
 * (or that there is no body when none is declared).
 */
export async function call(method: string, template: string, options: CallOptions = {}): Promise<ApiResponse> {
  const document = await servedDocument();
  let path = template;
  for (const [name, value] of Object.entries(options.params ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  expect(path, "every path parameter is given").not.toMatch(/\{/);
  if (options.query) path += `?${options.query}`;
  const res = await api(method, path, options.body, { token: options.token, headers: options.headers, raw: options.raw });

  const operation = document.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is documented`).toBeTypeOf("object");
  const declared = operation.responses[String(res.status)];
  expect(declared, `${method} ${template} declares ${res.status} (got ${JSON.stringify(res.body)})`).toBeTypeOf("object");
  const schema = responseSchema(document, declared);
  if (schema) {
    expect(schemaErrors(document, schema, res.body), `${method} ${template} ${res.status} body matches its schema`).toEqual([]);
  } else {
    expect(res.body, `${method} ${template} ${res.status} has no body`).toBeNull();
  }
  exercised.add(`${method.toUpperCase()} ${template} ${res.status}`);
  return res;
}

/** Checks a response that no operation covers (unknown route, wrong method) against `components.responses[name]`. */
export async function checkComponentResponse(name: string, res: ApiResponse): Promise<void> {
  const document = await servedDocument();
  const schema = responseSchema(document, document.components.responses[name]);
  expect(schema, `components.responses.${name} has a schema`).toBeTypeOf("object");
  expect(schemaErrors(document, schema!, res.body), `${name} body matches its schema`).toEqual([]);
}
