import { notFound } from "./errors";

/** A numeric id from the path; anything else is an unknown resource (404), never a 500. */
export function pathId(raw: string | undefined, what: string): number {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) throw notFound(`${what} with id "${raw ?? ""}" does not exist.`);
  return Number(raw);
}
