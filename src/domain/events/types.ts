/**
 * Every event type the service records, in one list: the feed's `types`
 * filter, the webhook endpoints' `eventTypes` and the docs' table are all
 * checked against it.
 *
 * Resource events are `<resource>.created|updated|deleted`, the resource
 * named after its URL segment in the singular with underscores. Lifecycle
 * events name what happened to a cart, an order, a payment, a shipment or
 * a variant's stock.
 */

/** The resources the API writes, as event names (the URL segment, singular, with underscores). */
export const EVENT_RESOURCES = [
  "admin_user",
  "channel",
  "country",
  "currency",
  "customer",
  "customer_group",
  "exchange_rate",
  "locale",
  "payment_method",
  "product",
  "product_association_type",
  "product_attribute",
  "product_image",
  "product_option",
  "product_review",
  "product_variant",
  "promotion",
  "promotion_coupon",
  "province",
  "shipping_category",
  "shipping_method",
  "tax_category",
  "tax_rate",
  "taxon",
  "taxon_image",
  "zone",
] as const;
export type EventResource = (typeof EVENT_RESOURCES)[number];

export const RESOURCE_CHANGES = ["created", "updated", "deleted"] as const;
export type ResourceChange = (typeof RESOURCE_CHANGES)[number];

/** What happens to carts, orders, payments, shipments and stock. */
export const LIFECYCLE_EVENT_TYPES = [
  "cart.created",
  "cart.updated",
  "cart.deleted",
  "cart.expired",
  "order.placed",
  "order.cancelled",
  "order.fulfilled",
  "payment.complete",
  "payment.cancel",
  "shipment.ship",
  "shipment.cancel",
  "inventory.changed",
] as const;
export type LifecycleEventType = (typeof LIFECYCLE_EVENT_TYPES)[number];

export type ResourceEventType = `${EventResource}.${ResourceChange}`;
export type EventType = ResourceEventType | LifecycleEventType;

/** Every type, resource events first (alphabetical by resource), then the lifecycle. */
export const EVENT_TYPES: readonly EventType[] = [
  ...EVENT_RESOURCES.flatMap((resource) => RESOURCE_CHANGES.map((change): EventType => `${resource}.${change}`)),
  ...LIFECYCLE_EVENT_TYPES,
];

const KNOWN = new Set<string>(EVENT_TYPES);

export const isEventType = (value: string): value is EventType => KNOWN.has(value);

/**
 * A type or a pattern: `order.placed`, `order.*` (every type of a prefix),
 * `*` (all). A pattern that matches no known type is not valid: a typo must
 * be refused, not silently match nothing.
 */
export function typesMatching(pattern: string): EventType[] {
  if (pattern === "*") return [...EVENT_TYPES];
  if (pattern.endsWith(".*")) {
    const prefix = pattern.slice(0, -1);
    return EVENT_TYPES.filter((type) => type.startsWith(prefix));
  }
  return isEventType(pattern) ? [pattern] : [];
}

/** The types a list of patterns selects (deduplicated, in EVENT_TYPES' order), or the first pattern that selects none. */
export function selectTypes(patterns: readonly string[]): { types: EventType[] } | { unknown: string } {
  const selected = new Set<EventType>();
  for (const pattern of patterns) {
    const types = typesMatching(pattern);
    if (types.length === 0) return { unknown: pattern };
    for (const type of types) selected.add(type);
  }
  return { types: EVENT_TYPES.filter((type) => selected.has(type)) };
}

/**
 * The event `POST /api/v1/webhook-endpoints/{id}/ping` sends at once to the
 * endpoint pinged: not recorded in the outbox (no feed entry, no retry), and
 * not in EVENT_TYPES, so no endpoint subscribes to it and no `*` selects it.
 */
export const PING_EVENT_TYPE = "webhook.ping";

/** Whether `type` is selected by any of `patterns` (webhook endpoints' subscriptions). */
export const typeSelected = (type: EventType, patterns: readonly string[]): boolean => patterns.some((pattern) => typesMatching(pattern).includes(type));
