/**
 * How long events are kept: the `EVENTS_RETENTION_DAYS` var, in days (the
 * feed and the audit trail show what is younger; the scheduled prune removes
 * the rest, docs/api/events.md). Read by the Worker entry.
 */

/** Ninety days. */
export const DEFAULT_EVENTS_RETENTION_DAYS = 90;

/**
 * `EVENTS_RETENTION_DAYS` as days: a positive whole number, given as text (a
 * plain var) or as a number. Anything else falls back to the default rather
 * than failing: a broken setting must neither stop the cron nor delete the
 * audit trail early.
 */
export function eventsRetentionDays(value: string | number | undefined): number {
  const days = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value ?? "") ? Number(value) : Number.NaN;
  return Number.isSafeInteger(days) && days > 0 ? days : DEFAULT_EVENTS_RETENTION_DAYS;
}
