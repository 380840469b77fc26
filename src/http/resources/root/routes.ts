import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { describeRoute } from "../../openapi/describe";
import { json, serviceOperation } from "../../openapi/refs";

const ROOT = {
  name: "Sylius-compatible back office API (admin API v1)",
  documentation: "/api/v1/docs",
  openapi: "/api/v1/openapi.json",
  token: "/api/oauth/v2/token",
  api: "/api/v1/",
} as const;

const docs = describeRoute({
  operation: () =>
    serviceOperation({
      operationId: "root",
      summary: "Where the documentation is",
      description: "A starting point for a newcomer who opens the bare URL: links to the documentation page, the OpenAPI document, the token endpoint and the API root. No token needed.",
      responses: {
        "200": {
          description: "Links to this documentation, the OpenAPI document, the token endpoint and the API.",
          content: json({
            type: "object",
            required: Object.keys(ROOT),
            properties: Object.fromEntries(Object.keys(ROOT).map((key) => [key, { type: "string" }])),
            additionalProperties: false,
            examples: [ROOT],
          }),
        },
      },
    }),
});

/**
 * `GET /` (no token): where a newcomer who opens the bare URL finds the
 * documentation, instead of a 404.
 */
export const rootRoutes = new Hono<AppEnv>().get("/", docs, (c) => c.json(ROOT));

