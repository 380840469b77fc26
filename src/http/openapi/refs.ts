/** JSON pieces of the OpenAPI document shared by the document builder and the routes that describe themselves. */
import type { Json } from "./describe";

export const SCHEMAS = "#/components/schemas/";
export const ref = (id: string) => ({ $ref: `${SCHEMAS}${id}` });
export const responseRef = (id: string) => ({ $ref: `#/components/responses/${id}` });
export const headerRef = (id: string) => ({ $ref: `#/components/headers/${id}` });

export const json = (schema: Json) => ({ "application/json": { schema } });

/** Every response carries `X-Request-Id`; every `/api/v1` response also `Server-Timing`. */
export const COMMON_HEADERS = { "X-Request-Id": headerRef("X-Request-Id") };
export const API_HEADERS = { ...COMMON_HEADERS, "Server-Timing": headerRef("Server-Timing") };

/** Drops what a component does not need inside an OpenAPI document (`$id`s with a fragment are not even valid there). */
export function tidy(schema: Json): Json {
  delete schema.$schema;
  delete schema.$id;
  return schema;
}
