/**
 * The webhook endpoint form: `{url, eventTypes, enabled, description}`.
 * The URL's policy (src/domain/webhooks/url-policy.ts) depends on the
 * deployment's WEBHOOKS_ALLOW_LOCAL_HTTP, so the routes apply it
 * (`checkUrl`) after the form; the form checks the URL is a text.
 */
import { z } from "zod";
import { defineForm, type FormResult } from "../../form";
import { optionalBoolean } from "../../fields";
import { MSG } from "../../../domain/messages";
import { selectTypes } from "../../../domain/events/types";
import { checkWebhookUrl, URL_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from "../../../domain/webhooks/url-policy";
import { documentForm, type InputShape } from "../../openapi/form-docs";

/** At most this many entries in `eventTypes` (there are fewer types than that). */
export const MAX_EVENT_PATTERNS = 100;

/** At most this many endpoints: each event is sent to every endpoint it matches, so their number bounds a delivery's fan-out. */
export const MAX_WEBHOOK_ENDPOINTS = 250;

export const WEBHOOK_ENDPOINT_MESSAGES = {
  eventTypesBlank: "Please choose at least one event type (`*` for all).",
  eventTypesTooMany: `Choose at most ${MAX_EVENT_PATTERNS} event types or patterns.`,
  unknownEventType: (pattern: string) => `"${pattern}" is no event type, nor a pattern (\`order.*\`, \`*\`) of any.`,
  descriptionTooLong: "The description must not be longer than 255 characters.",
  tooMany: `There are already ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
} as const;

const missing = (issue: { input?: unknown }) => issue.input === undefined || issue.input === null;

const url = () =>
  z
    .string({ error: (issue) => (missing(issue) || issue.input === "" ? URL_MESSAGES.blank : MSG.invalid) })
    .refine((text) => text.trim() !== "", { error: URL_MESSAGES.blank, abort: true });

/** The types and patterns as sent (duplicates dropped), each selecting at least one known type. */
const eventTypes = () =>
  z
    .array(z.string({ error: MSG.invalid }), { error: (issue) => (missing(issue) ? WEBHOOK_ENDPOINT_MESSAGES.eventTypesBlank : MSG.invalid) })
    .max(MAX_EVENT_PATTERNS, { error: WEBHOOK_ENDPOINT_MESSAGES.eventTypesTooMany })
    .transform((patterns, ctx): string[] => {
      if (patterns.length === 0) {
        ctx.addIssue({ code: "custom", message: WEBHOOK_ENDPOINT_MESSAGES.eventTypesBlank });
        return z.NEVER;
      }
      const selected = selectTypes(patterns);
      if ("unknown" in selected) {
        ctx.addIssue({ code: "custom", message: WEBHOOK_ENDPOINT_MESSAGES.unknownEventType(selected.unknown) });
        return z.NEVER;
      }
      return [...new Set(patterns)];
    });

const description = () => z.string({ error: MSG.invalid }).max(255, { error: WEBHOOK_ENDPOINT_MESSAGES.descriptionTooLong }).nullable().optional();

export const createForm = defineForm({
  url: url(),
  eventTypes: eventTypes(),
  enabled: optionalBoolean(),
  description: description(),
});

/** A PUT is the form submitted whole: `enabled` and `description` not sent take a create's defaults; `url` and `eventTypes` are required. */
export const updateForm = defineForm(
  {
    url: url().optional(),
    eventTypes: eventTypes().optional(),
    enabled: optionalBoolean(),
    description: description(),
  },
  { cleared: { enabled: true, description: null } },
);

const SHAPES = {
  url: {
    schema: z.string().meta({
      description: `An \`https\` URL of a public host (at most ${WEBHOOK_URL_MAX_LENGTH} characters, no user name or password): no IP address of a private, loopback, link-local, shared, multicast, reserved or metadata range in any spelling, no \`localhost\`, \`*.localhost\`, \`*.local\`, \`*.internal\` or name without a dot. Stored as it will be called (normalized). Where WEBHOOKS_ALLOW_LOCAL_HTTP is \`true\` (local development), \`http(s)://localhost\` and \`http(s)://127.0.0.1\` are accepted too.`,
    }),
    examples: ["https://hooks.example.com/sylius"],
  },
  eventTypes: {
    schema: z.array(z.string()).meta({
      description: `The event types to send (docs/api/events.md), or patterns of them: \`order.*\` (every type of a prefix), \`*\` (all). At least one, at most ${MAX_EVENT_PATTERNS}; each must select a known type (a typo is a 400). Types added later are sent when a pattern selects them.`,
    }),
    examples: [["order.*", "payment.complete"], ["*"]],
  },
} satisfies Record<string, InputShape>;

documentForm(createForm, {
  component: "WebhookEndpointCreate",
  shapes: SHAPES,
  descriptions: { enabled: "Whether events are sent to it (default `true`).", description: "Free text for people, at most 255 characters." },
  example: { url: "https://hooks.example.com/sylius", eventTypes: ["order.*", "payment.complete"], description: "ERP sync" },
});

documentForm(updateForm, {
  component: "WebhookEndpointUpdate",
  shapes: SHAPES,
  descriptions: {
    enabled: "`true` (again) also clears why the service disabled it (`disabledReason`) and its run of failures. A PUT without it: `true`.",
    description: "At most 255 characters; `null` removes it. A PUT without it: none.",
  },
  example: { eventTypes: ["*"], enabled: true },
});

/** Applies the URL policy to a form's valid `url` (stored normalized); fails the field otherwise. */
export function checkUrl(result: FormResult<typeof createForm.shape> | FormResult<typeof updateForm.shape>, allowLocalHttp: boolean): string | undefined {
  const sent = result.values.url;
  if (typeof sent !== "string" || !result.isValid("url")) return undefined;
  const verdict = checkWebhookUrl(sent, { allowLocalHttp });
  if (verdict.ok) return verdict.url;
  result.fail("url", verdict.message);
  return undefined;
}
