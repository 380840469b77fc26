/**
 * `multipart/form-data` bodies, as Sylius' API takes uploads: every field is
 * a form field in PHP's bracket notation (`code`, `translations[en_US][name]`,
 * `images[0][type]`, `images[0][file]`, `channels[]`), read into the same
 * nested object a JSON body gives: text fields as strings, file parts as
 * `UploadedFile`s, and an object whose keys are exactly `0..n-1` as a list.
 */
import { apiError } from "../../errors";
import { readBodyBytes } from "../../body-bytes";
import { MAX_MULTIPART_BYTES, UploadedFile } from "./files";

export const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\s*(;|$)/i.test(contentType ?? "");

const TOO_LARGE = `Request body is larger than ${MAX_MULTIPART_BYTES / 1024 / 1024} MiB.`;
const MALFORMED = "Malformed multipart/form-data body.";
/** At most this many bracket levels a field name (the deepest form field, `images[0][file]`, has three). */
const MAX_SEGMENTS = 8;

type Nested = { [key: string]: Nested | string | UploadedFile };

/** `a[b][c][]` → ["a", "b", "c", ""]; null when the name is not one (or nests too deep, or names a prototype key). */
export function fieldPath(name: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[1]) return null;
  const rest = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  const path = [match[1], ...rest];
  if (path.length > MAX_SEGMENTS || path.some((key) => key === "__proto__" || key === "constructor" || key === "prototype")) return null;
  return path;
}

/** Puts `value` at `path` into `target` (`[]` appends, a later value of a field replaces an earlier one, as PHP does). */
function place(target: Nested, path: readonly string[], value: string | UploadedFile): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] === "" ? String(Object.keys(node).length) : (path[i] ?? "");
    const next = node[key];
    if (next === undefined || typeof next === "string" || next instanceof UploadedFile) {
      const child: Nested = {};
      node[key] = child;
      node = child;
    } else node = next;
  }
  const last = path[path.length - 1] ?? "";
  node[last === "" ? String(Object.keys(node).length) : last] = value;
}

/** An object keyed exactly 0..n-1 becomes a list, deeply. */
function lists(value: Nested | string | UploadedFile): unknown {
  if (typeof value === "string" || value instanceof UploadedFile) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, lists(value[key] ?? "")] as const);
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** Reads a multipart body into its nested fields, refusing (413) more than 25 MiB and (400) a body that is not multipart. */
export async function readMultipart(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_MULTIPART_BYTES) throw apiError(413, TOO_LARGE);
  const bytes = await readBytes(request, MAX_MULTIPART_BYTES);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw apiError(400, MALFORMED);
  }
  const fields: Nested = {};
  for (const [name, value] of form.entries()) {
    const path = fieldPath(name);
    if (!path) continue;
    place(fields, path, typeof value === "string" ? value : new UploadedFile(value.name, new Uint8Array(await value.arrayBuffer())));
  }
  return lists(fields);
}

function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  return readBodyBytes(request, limit, async (rest) => {
    await rest.cancel();
    throw apiError(413, TOO_LARGE);
  });
}
