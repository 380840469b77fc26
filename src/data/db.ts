import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { MeteredD1 } from "./metered-d1";

/** The drizzle database; `$client` is the metered D1 it runs on (batches go through it, see batch.ts). */
export type Database = DrizzleD1Database & { $client: D1Database };

/**
 * A drizzle database over a metered D1 connection, made per request. Without
 * the schema: every query names its tables (no relational `db.query` API), and
 * drizzle would otherwise rebuild the schema's relational config (about 2 ms
 * of CPU under workerd) for every request.
 */
export function createDatabase(metered: MeteredD1): Database {
  return drizzle(metered.asD1());
}

/** The health probe: the cheapest statement D1 answers (throws when the database does not). */
export const pingDatabase = (d1: D1Database) => d1.prepare("SELECT 1").first();
