import { createMiddleware } from "hono/factory";
import { apiError, INVALID_JSON } from "../errors";
import type { AppEnv } from "../context";
import { isMultipart, readMultipart } from "../resources/images/multipart";
import { readBodyBytes } from "../body-bytes";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => apiError(413, "Request body is larger than 1 MiB.");

/**
 * How deeply a JSON body may nest arrays and objects. The deepest form
 * (a promotion's action configuration by channel,
 * `{"actions":[{"configuration":{"WEB":{"amount":1}}}]}`) nests five levels.
 * Walks over a body (validation, the `__proto__` key escaping) recurse, so a
 * body is refused past this bound before any of them runs.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP = `Request body is nested deeper than ${MAX_JSON_DEPTH} levels.`;

/**
 * Whether `text` nests arrays and objects deeper than `limit`: one pass over
 * the text, no recursion, brackets inside strings skipped. It does not check
 * the syntax (JSON.parse does, after); an unbalanced text only ends the scan.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* backslash: skip the escaped character */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Reads the body of a write as JSON whatever `Content-Type` says but
 * `multipart/form-data` (./resources/images/multipart.ts) (an empty
 * body is `{}`), refusing bodies over 1 MiB without buffering them whole, and
 * bodies nested deeper than MAX_JSON_DEPTH (400) before parsing them.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "DELETE" || method === "OPTIONS") {
    c.set("body", {});
    return next();
  }
  // Uploads (product and taxon images): form fields and files, read into the same nested shape (25 MiB at most).
  if (isMultipart(c.req.header("Content-Type"))) {
    c.set("body", await readMultipart(c.req.raw));
    return next();
  }
  const text = await readBodyText(c.req.raw);
  if (text.trim() === "") {
    c.set("body", {});
    return next();
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw apiError(400, TOO_DEEP);
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
  const bytes = await readBodyBytes(request, limit, async (reader) => {
    await discardRest(reader, DRAIN_BYTES);
    throw tooLarge();
  });
  return new TextDecoder().decode(bytes);
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
