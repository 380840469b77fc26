import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { MeteredD1 } from "./metered-d1";
import * as schema from "./schema";

/** The drizzle database; `$client` is the metered D1 it runs on (batches go through it, see batch.ts). */
export type Database = DrizzleD1Database<typeof schema> & { $client: D1Database };

/** A drizzle database over a metered D1 connection. */
export function createDatabase(metered: MeteredD1): Database {
  return drizzle(metered.asD1(), { schema });
}
