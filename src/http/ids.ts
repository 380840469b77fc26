/**
 * Numeric ids in paths, validated with @hono/zod-validator. A malformed id
 * (or one past the integer columns' range) names no resource, so it answers
 * 404 (never a 400 or 500); the hook maps zod's issues onto that shape.
 */
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import { notFound } from "./errors";
import { MAX_INT } from "./fields";

const numericId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_INT);

/** `zValidator("param")` for the named numeric ids; `c.req.valid("param")` gives numbers. */
export function idParams<K extends string>(what: Record<K, string>) {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The keys of `what` are its K keys (Object.keys types them string).
  const names = Object.keys(what) as K[];
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- one numericId per name of K
  const shape = Object.fromEntries(names.map((name) => [name, numericId])) as Record<K, typeof numericId>; // one numericId per name of K
  return zValidator("param", z.object(shape), (result, c) => {
    if (result.success) return;
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the failing issue's path starts at one of the K params
    const name = (result.error.issues[0]?.path[0] as K | undefined) ?? names[0]; // the failing issue's path starts at one of the K params
    if (name === undefined) throw notFound();
    throw notFound(`${what[name]} with id "${c.req.param(name) ?? ""}" does not exist.`);
  });
}

/** A path id read by hand: digits only (at most 15; `007` is 7), else null: it names no resource. */
export const parseId = (raw: string): number | null => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);
