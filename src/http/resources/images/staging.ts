/**
 * Uploads around a product or taxon write (mounted on their POST, PUT,
 * PATCH and DELETE routes):
 *
 * - a request that brings a file is authenticated before anything is
 *   stored (R2 is outside the first batch that checks the token);
 * - before the handler, each sent file (`images[i][file]`) is checked (an
 *   image by its first bytes, at most 10 MB) and, when good, written to R2
 *   under a new path; the body then carries a `StoredImage` (or a
 *   `RefusedImage` with its message) where the file was, for the form;
 * - after it, when the write was refused (any 4xx/5xx), the files it stored
 *   are removed again: a refused request leaves nothing behind;
 * - when it succeeded and could have dropped images (a delete, or `images`
 *   sent), the R2 objects of the rows it removed (queued in D1 by triggers,
 *   in the write's own batch) are removed: after the D1 batch committed,
 *   never before. A handler that takes the queue in its own write batch
 *   (`takeRemovals`, as the products' do: no extra round trip) removes
 *   them itself (`removeImageFiles`) and is mounted with `drain: false`;
 *   otherwise (taxons) one more statement takes the queue. When R2
 *   refuses, the paths go back on the queue, which the hourly sweep
 *   empties (docs/api/images.md).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";
import type { Database } from "../../../data/db";
import { requeueRemovals, takeRemovals } from "../../../data/queries/images";
import { namedBatch } from "../../../data/batch";
import { authenticate } from "../../first-batch";
import { isPlainObject } from "../../form";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, newImagePath, RefusedImage, sniffImage, StoredImage, UploadedFile } from "./files";

/** R2's limit of keys per delete call. */
const DELETE_CHUNK = 1000;

/** The entries of a sent `images` (a list or an object keyed by index). */
const entriesOf = (images: unknown): unknown[] => (Array.isArray(images) ? images : isPlainObject(images) ? Object.values(images) : []);

/** Whether the body holds an uploaded file. */
const bringsFiles = (body: unknown): boolean =>
  isPlainObject(body) && entriesOf(body.images).some((entry) => isPlainObject(entry) && entry.file instanceof UploadedFile);

/** Checks and stores the sent files, replacing each in the body by what became of it; the stored paths. */
async function stage(bucket: R2Bucket, body: unknown): Promise<string[]> {
  if (!isPlainObject(body)) return [];
  const stored: string[] = [];
  const uploads: Promise<unknown>[] = [];
  for (const entry of entriesOf(body.images)) {
    if (!isPlainObject(entry) || !(entry.file instanceof UploadedFile)) continue;
    const file = entry.file;
    if (file.bytes.byteLength > MAX_IMAGE_BYTES) {
      entry.file = new RefusedImage(IMAGE_MESSAGES.tooBig(file.bytes.byteLength));
      continue;
    }
    const format = sniffImage(file.bytes);
    if (!format) {
      entry.file = new RefusedImage(IMAGE_MESSAGES.notImage);
      continue;
    }
    const path = newImagePath(format.extension);
    stored.push(path);
    entry.file = new StoredImage(path, format.contentType);
    uploads.push(bucket.put(path, file.bytes, { httpMetadata: { contentType: format.contentType, cacheControl: IMMUTABLE } }));
  }
  try {
    await Promise.all(uploads);
  } catch (error) {
    await removeObjects(bucket, stored).catch(() => undefined);
    throw error;
  }
  return stored;
}

/** An image's path never names other bytes: cached for a year, never revalidated. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

async function removeObjects(bucket: R2Bucket, paths: readonly string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += DELETE_CHUNK) await bucket.delete(paths.slice(i, i + DELETE_CHUNK));
}

/**
 * Removes the R2 objects queued for removal (one D1 statement takes them off
 * the queue); when R2 fails they go back on it. The number removed.
 */
export async function drainImageRemovals(db: Database, bucket: R2Bucket): Promise<number> {
  const paths = (await namedBatch(db, { removed: takeRemovals(db) })).removed.map((row) => row.path);
  return removeImageFiles(db, bucket, paths);
}

/** Removes the R2 objects of `paths` (taken off the queue by a committed batch); when R2 fails they go back on the queue. The number removed. */
export async function removeImageFiles(db: Database, bucket: R2Bucket, paths: readonly string[]): Promise<number> {
  if (paths.length === 0) return 0;
  try {
    await removeObjects(bucket, paths);
  } catch (error) {
    await namedBatch(db, { requeued: requeueRemovals(db, paths) });
    console.error(JSON.stringify({ level: "error", where: "image-removals", requeued: paths.length, error: String(error) }));
    return 0;
  }
  return paths.length;
}

/** The middleware; `drain: false` when the handlers take the removal queue in their own write batches. */
export const stageImages = ({ drain }: { drain: boolean }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    if (method !== "POST" && method !== "PUT" && method !== "PATCH" && method !== "DELETE") return next();
    const bucket = c.var.images;
    const body = c.var.body;
    // R2 writes are not D1's: they cannot wait for the token check to ride the
    // handler's first batch, so a request that brings files is authenticated
    // first (one round trip of its own) and nothing is stored for a refused one.
    if (bringsFiles(body)) await authenticate(c);
    const stored = await stage(bucket, body);
    await next();
    if (c.error || c.res.status >= 400) {
      await removeObjects(bucket, stored);
      return;
    }
    if (drain && (method === "DELETE" || (isPlainObject(body) && body.images !== undefined))) await drainImageRemovals(c.var.db, bucket);
  });
