/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/): the
 * headers `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`, `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`
 * keyed by the bytes the secret's base64 (after `whsec_`) holds; one
 * signature per secret, space-separated (after a rotation, both secrets sign
 * for a day). The `standardwebhooks` package verifies them.
 */
const SECRET_PREFIX = "whsec_";
const encoder = new TextEncoder();

const unbase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The key bytes of a `whsec_` secret (a secret without the prefix is taken as the base64 itself). */
export const secretBytes = (secret: string): Uint8Array => unbase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);

/** One signature: `v1,<base64>`. */
export async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${base64(new Uint8Array(mac))}`;
}

/** The three headers of a delivery signed by each of `secrets` (the current one first). */
export async function webhookHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((secret) => sign(secret, id, timestamp, body)));
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signatures.join(" ") };
}
