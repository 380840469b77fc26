/**
 * The event object (src/domain/events/event.ts) and the feed's page, as
 * documented: one schema for the feed's items and, in part 2, the bodies
 * webhooks send.
 */
import { z } from "zod";
import { component, int, Link, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";
import type { EventBody } from "../../../domain/events/event";
import { EVENT_DATA_MAX_BYTES } from "../../../data/events";
import { EVENT_TYPES } from "../../../domain/events/types";

const href = () => z.string().meta({ description: "Where the resource is read (relative to the API's origin).", examples: ["/api/v1/orders/42"] });

export const Event = component(
  "Event",
  z.object({
    id: z.string().meta({
      description: "The event's id: 20 digits, zero-padded, so that ids sort as strings in the order of commits. The feed's `cursor`.",
      examples: ["00000000000000001234"],
    }),
    type: z.enum(EVENT_TYPES).meta({ description: "What happened (the table of types: docs/api/events.md)." }),
    timestamp: timestamp(),
    sequence: int().meta({
      description:
        "Grows with each event of the resource and never repeats (the resource's `version` where it has one): order a resource's events by it, and drop an event whose sequence is not above the last one applied.",
    }),
    resource: z.union([z.object({ href: href(), id: int() }), z.object({ href: href(), code: z.string() })]),
    actor: z.union([
      z.object({ client: z.string().meta({ description: "The OAuth client's public id." }), user: z.string().nullable().meta({ description: "The admin user's username; null for a client_credentials token." }) }),
      z.object({ system: z.enum(["expiry", "cron"]) }),
    ]),
    data: z.record(z.string(), z.unknown()).meta({
      description: `A thin payload from what the change held (its id and code, the fields it set by their API names, a lifecycle's states and totals); at most ${EVENT_DATA_MAX_BYTES} bytes, else \`{"truncated": true, "id", "code"}\`. Read \`resource.href\` for the whole resource.`,
    }),
  }),
  "One committed change (docs/api/events.md).",
);

export const EventPage = component(
  "EventPage",
  z.object({
    limit: int().meta({ description: "Page size (default 10, at most 100)." }),
    _links: z.object({
      self: Link,
      next: Link.optional().meta({ description: "The next page (its `cursor`); absent at the end of the feed." }),
    }),
    _embedded: z.object({ items: z.array(Event) }),
  }),
  "A page of the event feed, oldest first. No `page`, `pages` or `total`: the feed is walked by `cursor`.",
);

/** The feed's page as served. */
export interface EventPageBody {
  limit: number;
  _links: { self: { href: string }; next?: { href: string } };
  _embedded: { items: EventBody[] };
}

type _Event = Expect<Conforms<EventBody, typeof Event>>;
type _EventPage = Expect<Conforms<EventPageBody, typeof EventPage>>;
