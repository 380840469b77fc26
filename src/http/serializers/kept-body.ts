/**
 * A JSON body answered again and again while the rows it was written from
 * stay the same (a cart read, a variant list page: see their read caches),
 * with its gzip encoding made once.
 *
 * Cloudflare's front line gzips a JSON answer for every client that accepts
 * it, and `wrangler dev` does the same on the worker's own cores: a 20-item
 * cart's 23 KB were compressed anew on every read, the largest part of what
 * separated the cart read from `GET /health` in a CPU profile
 * (docs/performance/benchmarks.md). A kept body is compressed on its first
 * answer and answered as those bytes after that (`encodeBody: "manual"`) to
 * a client that accepts gzip; the front line passes them on.
 *
 * Which client that is, the worker reads from the client's own
 * `Accept-Encoding`: the front line hands the worker its own (`br, gzip`),
 * and keeps the client's in `request.cf.clientAcceptEncoding` when it
 * changed it (`""` when the client sent none; `wrangler dev` does the
 * same). The front line would pass gzip bytes on to a client that sent no
 * `Accept-Encoding` as they are, so such a client, and one whose header
 * refuses gzip (`identity`, `br`, `gzip;q=0`), gets the text: the front line
 * then encodes it as the client asked (brotli for `br`) or not at all. A
 * request without `cf` (a call from inside the worker, the tests) is read by
 * its own header.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { jsonText } from "./json-splice";

export class KeptBody {
  private gzipped: Promise<Uint8Array> | undefined;

  /** `onEncoded`: told the encoding's size once it is made, for the cache that keeps the body to count it. */
  constructor(
    readonly text: string,
    private readonly onEncoded: (bytes: number) => void = () => undefined,
  ) {}

  /** The text's gzip encoding, made on first use. */
  gzip(): Promise<Uint8Array> {
    this.gzipped ??= gzipOf(this.text).then((bytes) => {
      this.onEncoded(bytes.byteLength);
      return bytes;
    });
    return this.gzipped;
  }
}

async function gzipOf(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The answer with `body` as JSON: its gzip bytes when the client accepts
 * gzip, else its text. Either way with `Vary: Accept-Encoding`, as any
 * cache between the client and the worker needs.
 */
export async function keptJson(c: Context, body: KeptBody, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}): Promise<Response> {
  const varied = { ...headers, Vary: "Accept-Encoding" };
  if (!acceptsGzip(clientAcceptEncoding(c.req.raw))) return jsonText(c, body.text, status, varied);
  return new Response(await body.gzip(), { status, headers: { ...varied, "Content-Type": "application/json", "Content-Encoding": "gzip" }, encodeBody: "manual" });
}

/**
 * The client's own `Accept-Encoding`: the one the front line kept in
 * `cf.clientAcceptEncoding` when it replaced it, else the request's header.
 */
export function clientAcceptEncoding(request: Request): string | undefined {
  const kept: unknown = request.cf?.clientAcceptEncoding;
  return typeof kept === "string" ? kept : (request.headers.get("Accept-Encoding") ?? undefined);
}

/** Whether an `Accept-Encoding` header accepts gzip (RFC 9110 §12.5.3): named, or `*`, with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let any = false;
  for (const member of header.split(",")) {
    const [coding = "", ...parameters] = member.split(";").map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith("q="));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") any = accepted;
  }
  return any;
}
