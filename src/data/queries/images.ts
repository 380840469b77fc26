/**
 * Images of products and taxons: their rows (the bytes are in R2 under
 * `path`), read beside their owners in the owners' batches, written in the
 * owners' write batches, and the queue of R2 paths to remove
 * (`image_removals`, filled by triggers whenever a row goes or a file is
 * replaced: migration 0017).
 */
import { asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { imageRemovals, productImages, taxonImages } from "../schema";
import { chunks, type Statement } from "../batch";

/** An image as its owner shows it, with what serving it needs. */
export interface ImageRow {
  id: number;
  ownerId: number;
  type: string | null;
  path: string;
  position: number;
}

/** A new image of an owner: the file is already in R2 under `path`. */
export interface NewImage {
  type: string | null;
  path: string;
  contentType: string;
  position: number;
}

/** A change to an existing image: its type, place and (when a new file replaced it) path. */
export interface ImageChange {
  id: number;
  type: string | null;
  position: number;
  file?: { path: string; contentType: string };
}

/** What a write does to an owner's images. */
export interface ImagePlan {
  inserts: NewImage[];
  updates: ImageChange[];
  deletes: number[];
}

export type ImageOwner = "product" | "taxon";

const tables = {
  product: { table: productImages, owner: productImages.productId },
  taxon: { table: taxonImages, owner: taxonImages.taxonId },
} as const;

/** The images of the owners `ids` (a subquery or a list), by position. */
export function imagesOf(db: Database, kind: ImageOwner, ids: SQLWrapper | readonly number[]) {
  const { table, owner } = tables[kind];
  return db
    .select({ id: table.id, ownerId: owner, type: table.type, path: table.path, position: table.position })
    .from(table)
    .where(inArray(owner, ids))
    .orderBy(asc(owner), asc(table.position), asc(table.id));
}

/** The statements of `plan` for the owner whose id is `ownerId` or what it selects (deletes first, then changes, then inserts). */
export function imageWrites(db: Database, kind: ImageOwner, ownerId: SQL | number, plan: ImagePlan): Statement[] {
  const { table } = tables[kind];
  const statements: Statement[] = chunks(plan.deletes, 1).map((ids) => db.delete(table).where(inArray(table.id, ids)));
  for (const change of plan.updates) {
    statements.push(
      db
        .update(table)
        .set({ type: change.type, position: change.position, ...(change.file ? { path: change.file.path, contentType: change.file.contentType } : {}) })
        .where(eq(table.id, change.id)),
    );
  }
  if (plan.inserts.length > 0) {
    // Every column in schema order (id, owner, type, path, content_type, position), one statement for any number of images.
    const rows = JSON.stringify(plan.inserts);
    statements.push(
      db
        .insert(table)
        .select(
          sql`SELECT NULL, (${ownerId}), value ->> 'type', value ->> 'path', value ->> 'contentType', value ->> 'position' FROM json_each(${rows}) ORDER BY value ->> 'position'`,
        ),
    );
  }
  return statements;
}

/** Takes every queued R2 path off the queue (one statement): the caller removes their objects. */
export const takeRemovals = (db: Database) => db.delete(imageRemovals).returning({ path: imageRemovals.path });

/** Puts paths back on the queue (their objects could not be removed now). */
export const requeueRemovals = (db: Database, paths: readonly string[]): Statement[] =>
  chunks(paths, 1).map((part) => db.insert(imageRemovals).values(part.map((path) => ({ path }))).onConflictDoNothing());
