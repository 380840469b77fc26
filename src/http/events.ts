/**
 * A write's events, declared by its handler: they ride with the request's
 * next write batch (`MeteredD1.rideWithNextWrite`), written last in it, so
 * they commit with the change or not at all, at no extra round trip. A
 * request refused before its write (a 400, a 404, a 409, a replay) never
 * reaches it: no events. The actor is the request's principal.
 */
import type { Context } from "hono";
import type { AppEnv } from "./context";
import type { NewEvent } from "../domain/events/event";
import { eventRiders, type RiderOptions } from "../data/events";

/** An event as a handler declares it (the actor is the request's). */
export type DeclaredEvent = Omit<NewEvent, "actor">;

/** `/api/v1/<path>` (the path below it, without a leading slash). */
export const apiHref = (path: string): string => `/api/v1/${path}`;

/** Declares `list` for the request's next write (see the top of this file). */
export function recordEvents(c: Context<AppEnv>, list: readonly DeclaredEvent[], options?: RiderOptions): void {
  if (list.length === 0) return;
  const auth = c.get("auth");
  if (!auth) throw new Error("A change's events are declared after the token check.");
  const actor = { clientId: auth.clientId, userId: auth.userId };
  c.get("d1").rideWithNextWrite(eventRiders(c.get("db"), list.map((event) => ({ ...event, actor })), options));
}
