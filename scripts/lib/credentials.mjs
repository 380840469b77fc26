// Node twin of src/auth/crypto.ts: the same hash formats, so accounts made
// here verify in the worker.
import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";

export const PBKDF2_ITERATIONS = 100_000;

export function hashSecret(secret) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(secret, salt, PBKDF2_ITERATIONS, 32, "sha256");
  return `pbkdf2_sha256$${PBKDF2_ITERATIONS}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export const sha256Hex = (value) => createHash("sha256").update(value).digest("hex");

export const randomToken = () => randomBytes(32).toString("base64url");
