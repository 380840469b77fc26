/**
 * Webhook signing secrets at rest: sealed with AES-256-GCM under a key
 * derived (HKDF-SHA-256) from the Worker secret WEBHOOK_SECRETS_KEY, so that a
 * copy of the database alone signs nothing. Sealed text: `v1.<iv>.<ciphertext>`,
 * both base64.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const encoder = new TextEncoder();

const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const unbase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function sealingKey(masterKey: string): Promise<CryptoKey> {
  if (masterKey.length < 16) throw new Error("WEBHOOK_SECRETS_KEY must be at least 16 characters");
  const material = await crypto.subtle.importKey("raw", encoder.encode(masterKey), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("webhook-secrets"), info: encoder.encode(VERSION) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** `secret`, sealed. */
export async function sealSecret(masterKey: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await sealingKey(masterKey);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(secret));
  return `${VERSION}.${base64(iv)}.${base64(new Uint8Array(sealed))}`;
}

/** The secret `sealed` holds; throws when it was sealed under another key. */
export async function openSecret(masterKey: string, sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || iv === undefined || data === undefined) throw new Error("Not a sealed webhook secret");
  const key = await sealingKey(masterKey);
  const opened = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unbase64(iv) }, key, unbase64(data));
  return new TextDecoder().decode(opened);
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (the Standard Webhooks form). */
export const newSigningSecret = (): string => `whsec_${base64(crypto.getRandomValues(new Uint8Array(32)))}`;
