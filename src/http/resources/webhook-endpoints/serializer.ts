/**
 * A webhook endpoint as every read shows it (list, GET, a create's answer
 * besides its `secret`): never a secret. Epoch seconds are shown as ISO
 * 8601 timestamps.
 */
import type { WebhookEndpointRow } from "../../../data/queries/webhook-endpoints";
import { href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export const webhookEndpointPath = (id: number) => `/webhook-endpoints/${id}`;

/** Epoch seconds as the API writes a time (null: none). */
export const epochTime = (seconds: number | null): string | null => (seconds === null ? null : (atom(new Date(seconds * 1000).toISOString()) ?? null));

/** The stored list of types and patterns (JSON written by the form: a list of texts). */
function storedPatterns(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
}

export function serializeWebhookEndpoint(row: WebhookEndpointRow, nowSeconds: number) {
  return {
    id: row.id,
    url: row.url,
    eventTypes: storedPatterns(row.eventTypes),
    enabled: row.enabled,
    description: row.description,
    // Only while the previous secret still signs.
    previousSecretExpiresAt: row.previousSecretUntil !== null && row.previousSecretUntil > nowSeconds ? epochTime(row.previousSecretUntil) : null,
    failingSince: epochTime(row.failingSince),
    disabledReason: row.disabledReason,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(webhookEndpointPath(row.id)) },
  };
}
