/**
 * The document's top-level `webhooks` (OpenAPI 3.1): what the service POSTs
 * to a webhook endpoint (docs/api/webhooks.md), one entry per event type of
 * EVENT_TYPES, built from that list: the event object (`Event`, the
 * same object the event feed serves) with its `type` fixed, and the three
 * Standard Webhooks headers that sign it.
 */
import { EVENT_RESOURCES, EVENT_TYPES, LIFECYCLE_EVENT_TYPES, type EventType } from "../../domain/events/types";
// The event object sent is the feed's `Event` component (one schema for both), registered by its module.
import "../resources/events/schemas";
import type { Json } from "./describe";
import { json, parameterRef, ref } from "./refs";

export const WEBHOOKS_TAG = {
  name: "Webhooks",
  description:
    "What the service sends to webhook endpoints: one signed `POST` per event (Standard Webhooks headers), at least once, in `sequence` order per resource. See docs/api/webhooks.md.",
};


/** `components.parameters`: the Standard Webhooks request headers. */
export const WEBHOOK_HEADER_PARAMETERS: Record<string, Json> = {
  WebhookId: {
    name: "webhook-id",
    in: "header",
    required: true,
    description: "The event's `id`: the same on every attempt of this event to this endpoint. A receiver that already processed it answers 2xx and does nothing.",
    schema: { type: "string", pattern: "^\\d{20}$" },
    example: "00000000000000001234",
  },
  WebhookTimestamp: {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "When this attempt was signed, in Unix seconds. Refuse a delivery whose timestamp is more than 5 minutes from now (a replayed request).",
    schema: { type: "string", pattern: "^\\d+$" },
    example: "1795339200",
  },
  WebhookSignature: {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "`v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the endpoint's secret after `whsec_`. During a secret rotation two signatures, separated by a space (the new secret's, the previous one's): accept the delivery when one matches.",
    schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$" },
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
};

/** `order.placed` → `orderPlacedEvent`; `product_association_type.created` → `productAssociationTypeCreatedEvent`. */
const operationIdOf = (type: EventType) => `${type.replace(/[._]([a-z])/g, (_m, letter: string) => letter.toUpperCase())}Event`;

const CHANGES: Record<string, string> = { created: "created", updated: "changed", deleted: "deleted" };

/** What a family of lifecycle events is about (the types themselves: docs/api/events.md). */
const LIFECYCLE_FAMILIES: Record<string, string> = {
  cart: "A cart's life: created, changed (items, addresses, shipping, payment, coupon), deleted, expired.",
  order: "An order's life: placed (a checkout completed), cancelled, fulfilled.",
  payment: "A payment of a placed order: completed, cancelled.",
  shipment: "A shipment of a placed order: shipped, cancelled.",
  inventory: "A variant's stock changed (on hand, on hold): a sale, a cancellation, a checkout, an edit.",
};

function summaryOf(type: EventType): { summary: string; description: string } {
  const [family = "", change = ""] = type.split(".");
  if (EVENT_RESOURCES.some((resource) => resource === family) && CHANGES[change] !== undefined) {
    const noun = family.replaceAll("_", " ");
    return { summary: `A ${noun} was ${CHANGES[change]}`, description: `Sent after a ${noun} was ${CHANGES[change]} (through the API or by the service).` };
  }
  return { summary: `\`${type}\``, description: `${LIFECYCLE_FAMILIES[family] ?? ""} This one: \`${type}\`.`.trim() };
}

/** The `webhooks` of the document: one `POST` per event type, in EVENT_TYPES' order. */
export function webhookItems(): Record<string, Json> {
  // Every lifecycle type has a family description: a new family fails here, not silently in the document.
  for (const type of LIFECYCLE_EVENT_TYPES) if (LIFECYCLE_FAMILIES[type.split(".")[0] ?? ""] === undefined) throw new Error(`${type}: no description of its family`);
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const { summary, description } = summaryOf(type);
      const operation: Json = {
        tags: [WEBHOOKS_TAG.name],
        operationId: operationIdOf(type),
        summary,
        description: `${description} Subscribed by \`eventTypes\` naming \`${type}\`, \`${type.split(".")[0] ?? ""}.*\` or \`*\`.`,
        parameters: Object.keys(WEBHOOK_HEADER_PARAMETERS).map(parameterRef),
        requestBody: {
          required: true,
          description: "The event, as JSON (`Content-Type: application/json`). Verify the signature over these exact bytes before parsing them.",
          content: json({ allOf: [ref("Event"), { type: "object", properties: { type: { const: type } }, required: ["type"] }] }),
        },
        responses: {
          "2XX": { description: "Received. Any 2xx acknowledges the delivery (its body is ignored); answer quickly and process later." },
          "410": { description: "Gone: the service disables the endpoint (`disabledReason` `gone`) and sends it nothing more." },
          default: {
            description:
              "Anything else (a 3xx included: redirects are not followed; no answer within 15 seconds) is a failure: the delivery is retried with exponential backoff for at least 24 hours.",
          },
        },
        security: [],
      };
      return [type, { post: operation }];
    }),
  );
}
