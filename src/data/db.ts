import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { MeteredD1 } from "./metered-d1";
import * as schema from "./schema";

export type Database = DrizzleD1Database<typeof schema>;

/** A drizzle database over a metered D1 connection. */
export function createDatabase(metered: MeteredD1): Database {
  return drizzle(metered.asD1(), { schema });
}
