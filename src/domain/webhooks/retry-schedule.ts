/**
 * When a failed webhook delivery is attempted again (docs/operations/webhook-delivery.md).
 *
 * Attempt 1 is made as soon as the consumer gets the event; after attempt n
 * fails, attempt n + 1 comes `30 s × 2^(n-1)` later (at most 12 hours, the
 * queue's largest delay), plus up to 25 % of jitter so that the retries of
 * many deliveries failing together spread out. 13 attempts in all: the
 * delays before the last add up to 29 h 3 min 30 s without jitter, so a
 * receiver down for a whole day still gets every event.
 */

/** Attempts of one delivery, the first included. */
export const MAX_ATTEMPTS = 13;

/**
 * The queue consumer's `max_retries` (wrangler.toml): the first attempt is
 * made by the fan-out, the others by one retry message delivered up to
 * `1 + max_retries` times; its last failure moves it to the dead-letter queue.
 */
export const QUEUE_MAX_RETRIES = MAX_ATTEMPTS - 2;

export const FIRST_DELAY_SECONDS = 30;
/** The queue's largest `delaySeconds`. */
export const MAX_DELAY_SECONDS = 12 * 60 * 60;
/** The jitter's share of a delay (added, never taken off: the day stays covered). */
export const JITTER = 0.25;

/** The delay after attempt `attempt` (1-based) fails, without jitter. */
export const baseDelay = (attempt: number): number => Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (attempt - 1));

/** The delay after attempt `attempt` fails, with jitter (`random` in [0, 1)). */
export const retryDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.min(MAX_DELAY_SECONDS, Math.round(baseDelay(attempt) * (1 + JITTER * random())));

/** The smallest time from the first attempt to the last (the delays before it, without jitter). */
export const RETRY_SPAN_SECONDS = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => baseDelay(i + 1)).reduce((a, b) => a + b, 0);

/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const FAILING_DISABLES_AFTER_SECONDS = 3 * 24 * 60 * 60;
