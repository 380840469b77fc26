/**
 * Webhook endpoints (docs/api/webhooks.md): where events are sent. Reads
 * never select the sealed secrets but for the one statement that says
 * whether a rotation is still running; the writes take secrets already
 * sealed (src/domain/webhooks/secret-box.ts).
 */
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { webhookEndpoints } from "../schema";

/** What a read shows of an endpoint: never a secret. */
export const webhookEndpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  description: webhookEndpoints.description,
  previousSecretUntil: webhookEndpoints.previousSecretUntil,
  failingSince: webhookEndpoints.failingSince,
  disabledReason: webhookEndpoints.disabledReason,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

export interface WebhookEndpointRow {
  id: number;
  url: string;
  /** JSON: the list of types and patterns as sent. */
  eventTypes: string;
  enabled: boolean;
  description: string | null;
  /** Epoch seconds until which the previous secret still signs (null: no rotation running). */
  previousSecretUntil: number | null;
  failingSince: number | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The endpoints, for a list page to order and limit. */
export const selectWebhookEndpoints = (db: Database) => db.select(webhookEndpointColumns).from(webhookEndpoints).$dynamic();

/** The endpoint with `id`. */
export const webhookEndpointById = (db: Database, id: number) => db.select(webhookEndpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);

/** The endpoint the batch's insert just wrote (its read-back, after the insert in the same batch). */
export const insertedWebhookEndpoint = (db: Database) =>
  db.select(webhookEndpointColumns).from(webhookEndpoints).where(sql`${webhookEndpoints.id} = last_insert_rowid()`).limit(1);

/** How many endpoints there are (the table holds at most MAX_WEBHOOK_ENDPOINTS: a bounded count). */
export const webhookEndpointCount = (db: Database) => db.select({ count: count() }).from(webhookEndpoints);

export interface NewWebhookEndpoint {
  url: string;
  eventTypes: readonly string[];
  enabled: boolean;
  description: string | null;
  sealedSecret: string;
}

export const insertWebhookEndpoint = (db: Database, endpoint: NewWebhookEndpoint) =>
  db.insert(webhookEndpoints).values({
    url: endpoint.url,
    eventTypes: JSON.stringify(endpoint.eventTypes),
    enabled: endpoint.enabled,
    description: endpoint.description,
    secret: endpoint.sealedSecret,
  });

export interface WebhookEndpointChanges {
  url: string;
  /** Null: kept. */
  eventTypes: readonly string[] | null;
  enabled: boolean;
  description: string | null;
  /** Enabled again after being disabled: forget why, and the failures that led there. */
  restart: boolean;
}

/**
 * The update of an endpoint. Enabling it again (`restart`) forgets why the
 * service disabled it and the failures that led there: its deliveries start afresh.
 */
export const updateWebhookEndpoint = (db: Database, id: number, changes: WebhookEndpointChanges, nowIso: string) =>
  db
    .update(webhookEndpoints)
    .set({
      url: changes.url,
      ...(changes.eventTypes === null ? {} : { eventTypes: JSON.stringify(changes.eventTypes) }),
      enabled: changes.enabled,
      description: changes.description,
      ...(changes.restart ? { disabledReason: null, failingSince: null } : {}),
      updatedAt: nowIso,
    })
    .where(eq(webhookEndpoints.id, id));

/**
 * A rotation: the current secret becomes the previous one (signing until
 * `previousUntil`, epoch seconds), `sealedSecret` the current one. Returns
 * the row's new window (no row: the endpoint is gone).
 */
export const rotateWebhookSecret = (db: Database, id: number, sealedSecret: string, previousUntil: number, nowIso: string) =>
  db
    .update(webhookEndpoints)
    .set({ previousSecret: sql`${webhookEndpoints.secret}`, previousSecretUntil: previousUntil, secret: sealedSecret, updatedAt: nowIso })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id, previousSecretUntil: webhookEndpoints.previousSecretUntil });

/** The delete of an endpoint; returns its id (none: there was no such endpoint). */
export const deleteWebhookEndpoint = (db: Database, id: number) => db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
