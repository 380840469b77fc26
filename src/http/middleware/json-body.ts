import { createMiddleware } from "hono/factory";
import { apiError, INVALID_JSON } from "../errors";
import type { AppEnv } from "../context";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => apiError(413, "Request body is larger than 1 MiB.");

/**
 * Reads the body of a write as JSON whatever `Content-Type` says (an empty
 * body is `{}`), refusing bodies over 1 MiB without buffering them whole.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "DELETE" || method === "OPTIONS") {
    c.set("body", {});
    return next();
  }
  const text = await readBodyText(c.req.raw);
  if (text.trim() === "") {
    c.set("body", {});
    return next();
  }
  try {
    c.set("body", JSON.parse(text));
  } catch {
    throw apiError(400, INVALID_JSON);
  }
  return next();
});

/**
 * The request body as text, refusing (413) a body over 1 MiB, whether its
 * Content-Length says so or it turns out longer while being read.
 */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  return readLimited(request, MAX_BODY_BYTES);
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRest(reader, DRAIN_BYTES);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

/**
 * How much of an over-limit body is still read (and dropped) before the 413:
 * a client that is still uploading then gets the answer instead of a broken
 * pipe (as an HTTP server's lingering close does); past it the body is cut off.
 */
const DRAIN_BYTES = 4 * MAX_BODY_BYTES;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  let left = budget;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    left -= value.byteLength;
    if (left < 0) {
      await reader.cancel();
      return;
    }
  }
}
