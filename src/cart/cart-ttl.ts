/**
 * How long a cart may stay unchanged before it expires: the `CART_TTL` var, in
 * seconds. Read by the Worker entry (the scheduled sweep) and the cart object,
 * the two places that see `env`, so both apply the same period.
 */

/** Two days: Sylius' own default for expiring carts (`sylius_order.expiration.cart`). */
export const DEFAULT_CART_TTL_SECONDS = 172_800;

/**
 * `CART_TTL` as seconds: a positive whole number, given as text (a plain var,
 * as the dashboard and `--var` set it) or as a number. Anything else falls
 * back to the default rather than failing: a broken setting must neither stop
 * carts from working nor expire them early.
 */
export function cartTtlSeconds(value: string | number | undefined): number {
  const seconds = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value ?? "") ? Number(value) : Number.NaN;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : DEFAULT_CART_TTL_SECONDS;
}

/** At `nowMs`, a cart last changed at or before this time (ISO text, as stored) has expired. */
export function expiryCutoff(nowMs: number, ttlSeconds: number): string {
  return new Date(nowMs - ttlSeconds * 1000).toISOString();
}
