import { createMiddleware } from "hono/factory";
import { apiError, INVALID_JSON } from "./errors";
import type { AppEnv } from "./context";

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
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimited(c.req.raw, MAX_BODY_BYTES);
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
      await reader.cancel();
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
