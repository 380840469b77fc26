/**
 * Stored timestamps are UTC ISO strings; the API shows them as
 * `2026-11-21T09:12:17+00:00` (Symfony's DateTime::ATOM, a numeric offset).
 */
export function atom(stored: string | null | undefined): string | undefined {
  if (!stored) return undefined;
  const date = new Date(stored.endsWith("Z") || /[+-]\d\d:\d\d$/.test(stored) ? stored : `${stored}Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** The current time in the stored format. */
export const nowIso = () => new Date().toISOString();
