/**
 * `/api/v1/webhook-endpoints/`: where events are sent (docs/api/webhooks.md),
 * keyed by id. An extension (Sylius has no webhooks). Every operation needs
 * the scope `webhooks:manage`.
 *
 * - create: 201 with the endpoint and its signing `secret`, the only answer
 *   that shows it (an `Idempotency-Key` replay answers the endpoint as a GET
 *   does: without it). The secret is stored sealed under the Worker secret
 *   WEBHOOK_SECRETS_KEY; without that key the create answers a 500 (logged)
 *   and stores nothing, never a plain secret.
 * - `POST /{id}/rotate-secret`: a new secret, answered once; the previous
 *   one keeps signing, beside it, for 24 hours.
 * - The URL's policy (no server-side request forgery): url-policy.ts.
 *
 * List: `id asc`; total counted (at most MAX_WEBHOOK_ENDPOINTS rows).
 * Cost: GET one/list 1 D1 round trip; create/update 2 (the token check and
 * the reads, then the write); rotate/delete 2 (the token check, the write).
 * The deliveries, ping and replay routes of an endpoint are in their own file.
 */
import { logRequestError } from "../../middleware/app-errors";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { apiError, notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { idParams } from "../../ids";
import { listPage, type ListSpec } from "../../list-page";
import { validateForm } from "../../form";
import { namedBatch } from "../../../data/batch";
import { lastInsertedId } from "../../../data/idempotency";
import { webhookEndpoints } from "../../../data/schema";
import {
  deleteWebhookEndpoint,
  insertedWebhookEndpoint,
  insertWebhookEndpoint,
  rotateWebhookSecret,
  selectWebhookEndpoints,
  updateWebhookEndpoint,
  webhookEndpointById,
  webhookEndpointCount,
} from "../../../data/queries/webhook-endpoints";
import { newSigningSecret, sealSecret } from "../../../domain/webhooks/secret-box";
import { crudDocs, describeRoute, listSpecOf, type OperationMeta } from "../../openapi/describe";
import { nowIso } from "../../serializers/timestamps";
import { checkUrl, createForm, MAX_WEBHOOK_ENDPOINTS, updateForm, WEBHOOK_ENDPOINT_MESSAGES } from "./form";
import { epochTime, serializeWebhookEndpoint } from "./serializer";
import { WebhookEndpoint, WebhookEndpointCreated, WebhookEndpointPage, WebhookSecretRotation } from "./schemas";
import { URL_MESSAGES } from "../../../domain/webhooks/url-policy";

/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_SECONDS = 24 * 60 * 60;

/** The shortest WEBHOOK_SECRETS_KEY secret-box.ts accepts. */
const MIN_KEY_LENGTH = 16;

export const SECRETS_KEY_MISSING = "Webhook signing secrets cannot be stored: the service's WEBHOOK_SECRETS_KEY is not configured.";

const missing = (id: number | string) => `Webhook endpoint with id "${id}" does not exist.`;
const endpointId = idParams({ id: "Webhook endpoint" });
const nowSeconds = () => Math.floor(Date.now() / 1000);

const LIST: ListSpec<"id", never> = { sortable: { id: webhookEndpoints.id }, defaultSorting: { field: "id", direction: "asc" } };

/**
 * The key that seals signing secrets. A deployment without it (or with one
 * too short) cannot store a secret: a logged 500 that names the setting,
 * before anything is written.
 */
export function secretsKey(c: Context<AppEnv>): string {
  const key = c.get("webhookSecretsKey");
  if (typeof key === "string" && key.length >= MIN_KEY_LENGTH) return key;
  logRequestError(
    c,
    `WEBHOOK_SECRETS_KEY is ${typeof key !== "string" ? "not set" : `shorter than ${MIN_KEY_LENGTH} characters`}: webhook signing secrets cannot be sealed. Set it with \`wrangler secret put WEBHOOK_SECRETS_KEY\`.`,
  );
  throw apiError(500, SECRETS_KEY_MISSING);
}

const docs = crudDocs({
  tag: "Webhook endpoints",
  area: "webhooks:manage",
  noun: "webhook endpoint",
  plural: "webhook endpoints",
  idPrefix: "WebhookEndpoint",
  item: WebhookEndpoint,
  page: WebhookEndpointPage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(LIST),
  deleteConflict: false,
  putNote: "A PUT is the form submitted whole: `url` and `eventTypes` are required; `enabled` not sent is `true`, `description` not sent is none.",
  patchNote: "Fields not sent keep their values.",
});

const URL_RULES = `A refused URL is a 400 on \`url\` (${[URL_MESSAGES.scheme, URL_MESSAGES.credentials, URL_MESSAGES.address, URL_MESSAGES.localName].map((m) => `\`${m}\``).join(", ")}).`;

const createDocs: OperationMeta = {
  ...docs.create,
  description: `Answers the endpoint and its signing \`secret\`, shown this once (a replay of the request with its \`Idempotency-Key\` answers the endpoint without it: rotate the secret to get a new one). ${URL_RULES} At most ${MAX_WEBHOOK_ENDPOINTS} endpoints. A 500 when the service's WEBHOOK_SECRETS_KEY is not configured (nothing is stored).`,
  success: { status: 201, description: "The new webhook endpoint and its signing secret.", schema: WebhookEndpointCreated },
};

const rotateDocs: OperationMeta = {
  tag: "Webhook endpoints",
  scope: "webhooks:manage",
  operationId: "rotateWebhookEndpointSecret",
  summary: "Rotate a webhook endpoint's signing secret",
  description: `Answers a new signing secret, shown this once. The previous secret keeps signing, beside the new one (two \`v1,\` signatures in \`webhook-signature\`), for 24 hours, so that receivers can switch without losing a delivery; a second rotation within those hours ends the oldest secret at once. A 500 when the service's WEBHOOK_SECRETS_KEY is not configured (nothing is changed).`,
  success: { status: 200, description: "The new signing secret.", schema: WebhookSecretRotation },
  errors: [404],
};

const updateDocs = (meta: OperationMeta): OperationMeta => ({ ...meta, description: `${meta.description ?? ""} ${URL_RULES}`.trim() });

export const webhookEndpointRoutes = new Hono<AppEnv>({ strict: false });

webhookEndpointRoutes.get("/", describeRoute(docs.list), async (c) => {
  const db = c.get("db");
  const page = listPage(db, webhookEndpoints, c.req.url, LIST);
  const read = await firstBatch(c, { counted: page.count, rows: page.rows(selectWebhookEndpoints(db)) });
  const now = nowSeconds();
  return c.json(page.envelope("/api/v1/webhook-endpoints/", read.counted, read.rows.map((row) => serializeWebhookEndpoint(row, now))));
});

webhookEndpointRoutes.post("/", describeRoute(createDocs), async (c) => {
  const db = c.get("db");
  const result = validateForm(createForm, c.get("body"));
  const url = checkUrl(result, c.get("webhooksAllowLocalHttp"));
  const {
    counted: [counted],
  } = await firstBatch(c, { counted: webhookEndpointCount(db) });
  if ((counted?.count ?? 0) >= MAX_WEBHOOK_ENDPOINTS) result.failForm(WEBHOOK_ENDPOINT_MESSAGES.tooMany);
  result.assertValid();
  if (url === undefined) throw new Error("A valid webhook endpoint form has a URL.");
  const secret = newSigningSecret();
  const sealed = await sealSecret(secretsKey(c), secret);
  // An Idempotency-Key's replay re-reads the endpoint (the row this batch inserts): never the secret.
  c.get("idempotency")?.locate(lastInsertedId());
  const [, { row }] = await namedBatch(
    db,
    { row: insertedWebhookEndpoint(db) },
    insertWebhookEndpoint(db, {
      url,
      eventTypes: result.required("eventTypes"),
      enabled: result.values.enabled ?? true,
      description: result.values.description ?? null,
      sealedSecret: sealed,
    }),
  );
  const created = row[0];
  if (!created) throw new Error("The webhook endpoint was not read back after its insert.");
  return c.json({ ...serializeWebhookEndpoint(created, nowSeconds()), secret }, 201);
});

webhookEndpointRoutes.get("/:id", describeRoute(docs.get), endpointId, async (c) => {
  const { id } = c.req.valid("param");
  const {
    found: [row],
  } = await firstBatch(c, { found: webhookEndpointById(c.get("db"), id) });
  if (!row) throw notFound(missing(id));
  return c.json(serializeWebhookEndpoint(row, nowSeconds()));
});

webhookEndpointRoutes.on(["PUT", "PATCH"], "/:id", describeRoute(updateDocs(docs.put), updateDocs(docs.patch)), endpointId, async (c) => {
  const db = c.get("db");
  const { id } = c.req.valid("param");
  const merge = c.req.method === "PATCH";
  const result = validateForm(updateForm, c.get("body"));
  if (!merge) {
    // The form submitted whole: what a PUT leaves out is cleared, and the URL and types are required.
    result.clearMissing();
    if (result.values.url === undefined && result.isValid("url")) result.fail("url", URL_MESSAGES.blank);
    if (result.values.eventTypes === undefined && result.isValid("eventTypes")) result.fail("eventTypes", WEBHOOK_ENDPOINT_MESSAGES.eventTypesBlank);
  }
  const url = checkUrl(result, c.get("webhooksAllowLocalHttp"));
  const {
    found: [row],
  } = await firstBatch(c, { found: webhookEndpointById(db, id) });
  if (!row) throw notFound(missing(id));
  result.assertValid();
  const { values } = result;
  await namedBatch(db, {
    updated: updateWebhookEndpoint(
      db,
      id,
      {
        url: url ?? row.url,
        eventTypes: values.eventTypes ?? null,
        enabled: values.enabled ?? row.enabled,
        description: values.description === undefined ? row.description : values.description,
        restart: values.enabled === true && !row.enabled,
      },
      nowIso(),
    ),
  });
  return c.body(null, 204);
});

webhookEndpointRoutes.delete("/:id", describeRoute(docs.delete), endpointId, async (c) => {
  const { id } = c.req.valid("param");
  const { deleted } = await namedBatch(c.get("db"), { deleted: deleteWebhookEndpoint(c.get("db"), id) });
  if (deleted.length === 0) throw notFound(missing(id));
  return c.body(null, 204);
});

webhookEndpointRoutes.post("/:id/rotate-secret", describeRoute(rotateDocs), endpointId, async (c) => {
  const db = c.get("db");
  const { id } = c.req.valid("param");
  const secret = newSigningSecret();
  const sealed = await sealSecret(secretsKey(c), secret);
  const until = nowSeconds() + PREVIOUS_SECRET_SECONDS;
  const { rotated } = await namedBatch(db, { rotated: rotateWebhookSecret(db, id, sealed, until, nowIso()) });
  if (rotated.length === 0) throw notFound(missing(id));
  return c.json({ secret, previousSecretExpiresAt: epochTime(until) ?? "" }, 200);
});
