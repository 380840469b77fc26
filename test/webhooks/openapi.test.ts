/**
 * The OpenAPI document's top-level `webhooks` (OpenAPI 3.1): every event type
 * the service records has its entry, built from EVENT_TYPES (never a list
 * kept by hand), with the event object and the Standard Webhooks headers.
 */
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/domain/events/types";
import { servedDocument } from "../fixtures/contract";

type Webhook = {
  post: {
    operationId: string;
    tags: string[];
    parameters: { $ref: string }[];
    requestBody: { content: { "application/json": { schema: { allOf: [{ $ref: string }, { properties: { type: { const: string } } }] } } } };
    responses: Record<string, unknown>;
  };
};

describe("WebhooksDocumentTest", () => {
  it("describes every event type in the document's webhooks", async () => {
    const document = await servedDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    const webhooks = document.webhooks as Record<string, Webhook>;
    expect(Object.keys(webhooks)).toEqual([...EVENT_TYPES]);
    const parameters = document.components.parameters as Record<string, { name: string; in: string; required: boolean }>;
    const operationIds = new Set<string>();
    for (const [type, { post }] of Object.entries(webhooks)) {
      const schema = post.requestBody.content["application/json"].schema;
      expect(schema.allOf[0], type).toEqual({ $ref: "#/components/schemas/Event" });
      expect(schema.allOf[1].properties.type.const, type).toBe(type);
      const headers = post.parameters.map(({ $ref }) => parameters[$ref.replace("#/components/parameters/", "")]);
      expect(headers.map((header) => [header?.name, header?.in, header?.required]), type).toEqual([
        ["webhook-id", "header", true],
        ["webhook-timestamp", "header", true],
        ["webhook-signature", "header", true],
      ]);
      expect(Object.keys(post.responses).sort(), type).toEqual(["2XX", "410", "default"]);
      expect(post.tags).toEqual(["Webhooks"]);
      operationIds.add(post.operationId);
    }
    expect(operationIds.size).toBe(EVENT_TYPES.length);
    const event = document.components.schemas.Event as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(event.properties)).toEqual(["id", "type", "timestamp", "sequence", "resource", "actor", "data"]);
    expect(event.required).toEqual(["id", "type", "timestamp", "sequence", "resource", "actor", "data"]);
  });

  it("documents the webhook endpoints with the webhooks:manage scope", async () => {
    const document = await servedDocument();
    const paths = document.paths as Record<string, Record<string, { security: Record<string, string[]>[] }>>;
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith("/api/v1/webhook-endpoints/"))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => [`${method} ${path}`, operation.security[0]?.oauth2] as const));
    expect(operations.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "get /api/v1/webhook-endpoints/",
        "post /api/v1/webhook-endpoints/",
        "get /api/v1/webhook-endpoints/{id}",
        "put /api/v1/webhook-endpoints/{id}",
        "patch /api/v1/webhook-endpoints/{id}",
        "delete /api/v1/webhook-endpoints/{id}",
        "post /api/v1/webhook-endpoints/{id}/rotate-secret",
      ]),
    );
    for (const [name, scopes] of operations) expect(scopes, name).toEqual(["webhooks:manage"]);
  });
});
