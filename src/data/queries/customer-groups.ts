/** Customer groups (Sylius' CustomerGroup: code and name). */
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { customerGroups } from "../schema";

export const customerGroupColumns = { id: customerGroups.id, code: customerGroups.code, name: customerGroups.name };

export type CustomerGroupRow = { id: number; code: string; name: string };

export const customerGroupByCode = (db: Database, code: string) =>
  db.select(customerGroupColumns).from(customerGroups).where(eq(customerGroups.code, code)).limit(1);
