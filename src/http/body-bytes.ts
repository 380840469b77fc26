/**
 * Reading a request's body under a size limit, for the JSON and the multipart
 * body readers: each decides what becomes of a body past its limit.
 */

/** A request's body as bytes; past `limit` bytes, `over` (which throws) is handed the rest. */
export async function readBodyBytes(
  request: Request,
  limit: number,
  over: (rest: ReadableStreamDefaultReader<Uint8Array>) => Promise<never>,
): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The platform types a request body as a stream of `any`; its chunks are bytes (Uint8Array).
  const reader = request.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) return over(reader);
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}
