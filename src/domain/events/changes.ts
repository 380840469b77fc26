/**
 * The `data` of a resource event: the resource's id and code, and the fields
 * the request set, by their API names, as its validated form holds them (no
 * read). Secrets are never copied (a password, a token, a gateway's keys):
 * an event says that such a field was set, not its value.
 */
import type { EventResource, EventType, ResourceChange } from "./types";

/** Keys whose values are secrets: named in the event's `redacted` list instead. */
const SECRET = /password|secret|token|salt|api_?key|private/i;

/** A form value as JSON: files (an image's upload) are named by their file name, secrets left out. */
function plain(value: unknown, redacted: string[], path: string): unknown {
  if (value === null || typeof value !== "object") return value;
  if (typeof Blob !== "undefined" && value instanceof Blob) return { file: "name" in value && typeof value.name === "string" ? value.name : null, size: value.size };
  if (Array.isArray(value)) return value.map((item, index) => plain(item, redacted, `${path}[${index}]`));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    const at = path === "" ? key : `${path}.${key}`;
    if (SECRET.test(key)) redacted.push(at);
    else out[key] = plain(inner, redacted, at);
  }
  return out;
}

/**
 * What a change set: `values` (a validated form's, by API name) without the
 * fields it left unset, secrets named in `redacted` rather than copied; the
 * resource's `id` and `code` first.
 */
export function changedFields(identity: { id?: number; code?: string }, values: object = {}): Record<string, unknown> {
  const redacted: string[] = [];
  const fields = plain(values, redacted, "");
  return {
    ...(identity.id !== undefined ? { id: identity.id } : {}),
    ...(identity.code !== undefined ? { code: identity.code } : {}),
    ...(typeof fields === "object" && fields !== null ? fields : {}),
    ...(redacted.length > 0 ? { redacted } : {}),
  };
}

/** `product.created`, `taxon.deleted`: a resource event's type. */
export const resourceEventType = (resource: EventResource, change: ResourceChange): EventType => `${resource}.${change}`;
