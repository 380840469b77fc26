/** Webhook endpoints (routes in ./routes.ts). */
import { z } from "zod";
import { serializeWebhookEndpoint } from "./serializer";
import { component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const SECRET = z.string().meta({
  description:
    "The signing secret (Standard Webhooks: `whsec_` and the base64 of 32 random bytes). Shown this once: store it where the receiver verifies signatures.",
  examples: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
});

const fields = {
  id: int(),
  url: z.string().meta({ examples: ["https://hooks.example.com/sylius"] }),
  eventTypes: z.array(z.string()).meta({ description: "The types and patterns (`order.*`, `*`) as sent.", examples: [["order.*", "payment.complete"]] }),
  enabled: z.boolean().meta({ description: "Whether events are sent to it." }),
  description: z.string().nullable(),
  previousSecretExpiresAt: timestamp()
    .nullable()
    .meta({ description: "After a secret rotation: until when the previous secret still signs, beside the new one (24 hours). Null otherwise." }),
  failingSince: timestamp().nullable().meta({ description: "The first failed delivery of the current run of failures; null after a success." }),
  disabledReason: z
    .string()
    .nullable()
    .meta({ description: "Why the service disabled it: `gone` (it answered 410), `failing` (failing for 3 days). Null when it did not; enabling it again clears it." }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  _links: SelfLinks,
};

export const WebhookEndpoint = component(
  "WebhookEndpoint",
  z.object(fields),
  "Where events are sent (docs/api/webhooks.md). Its signing secret is never shown but by the create and `rotate-secret`.",
);

export const WebhookEndpointCreated = component(
  "WebhookEndpointCreated",
  z.object({ ...fields, secret: SECRET }),
  "The new webhook endpoint, with its signing secret: the only answer that shows it.",
);

export const WebhookEndpointPage = pageOf("WebhookEndpointPage", WebhookEndpoint);

export const WebhookSecretRotation = component(
  "WebhookSecretRotation",
  z.object({
    secret: SECRET,
    previousSecretExpiresAt: timestamp().meta({ description: "Until when the previous secret still signs (beside this one): 24 hours from now." }),
  }),
  "A new signing secret. Both secrets sign every delivery until the previous one expires.",
);

type _WebhookEndpoint = Expect<Conforms<ReturnType<typeof serializeWebhookEndpoint>, typeof WebhookEndpoint>>;
type _WebhookEndpointCreated = Expect<Conforms<ReturnType<typeof serializeWebhookEndpoint> & { secret: string }, typeof WebhookEndpointCreated>>;
