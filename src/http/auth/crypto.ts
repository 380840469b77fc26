/**
 * Credential hashing with WebCrypto only.
 * - Tokens: 256 random bits, stored as SHA-256 (they are high-entropy, so a
 *   fast hash is enough and lookups stay indexed).
 * - Passwords and client secrets: PBKDF2-SHA256 with a random salt, in the
 *   format `pbkdf2_sha256$<iterations>$<salt b64>$<hash b64>` (also written by
 *   the accounts script with Node's crypto).
 */

const encoder = new TextEncoder();

export const PBKDF2_ITERATIONS = 100_000;

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64Url(bytes);
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function hashSecret(secret: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(secret, salt, iterations);
  return `pbkdf2_sha256$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Constant-time check of `secret` against a stored PBKDF2 hash. */
export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? "").split("$");
  const [scheme, iterationsText, saltText, hashText] = parts;
  const iterations = Number(iterationsText);
  if (parts.length !== 4 || scheme !== "pbkdf2_sha256" || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    // Still spend the work, so an unknown account is not faster to reject.
    await pbkdf2(secret, new Uint8Array(16), PBKDF2_ITERATIONS);
    return false;
  }
  const expected = fromBase64(hashText ?? "");
  const actual = await pbkdf2(secret, fromBase64(saltText ?? ""), iterations);
  return timingSafeEqual(actual, expected);
}

/** Spends the same work as a failed verification (for unknown accounts). */
export async function burnVerification(secret: string): Promise<void> {
  await verifySecret(secret, null);
}

async function pbkdf2(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64(text: string): Uint8Array {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return new Uint8Array(0);
  }
}
