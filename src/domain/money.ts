/**
 * Money and percentages as clients send them, and as they are stored.
 *
 * A price or an amount is sent in major units, as a number or a decimal
 * string (`12`, `12.43`, `"12.43"`), and stored as integer minor units
 * (`1200`, `1243`), as Sylius' MoneyType takes it: round(value × 100),
 * computed on the decimal text so "12.43" is 1243 exactly (no binary
 * floating-point error), half up on the third decimal.
 *
 * A percentage is sent in percent (`15`, `"12.5"`), as Sylius' PercentType
 * takes it, and stored as the fraction (`0.15`, `0.125`), as Sylius stores
 * and shows it.
 */

/** The largest value of Sylius' integer columns (a signed 32-bit INT). */
export const MAX_INT = 2_147_483_647;

const DECIMAL = /^\s*(\d{1,13})(?:\.(\d+))?\s*$/;

/** The plain decimal text of a finite, non-negative number ("-" for a negative one, which no pattern accepts). */
function numberToPlainString(n: number): string {
  if (n < 0) return "-";
  return n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

function decimalText(value: number | string): string {
  return typeof value === "number" ? (Number.isFinite(value) ? numberToPlainString(value) : "") : value;
}

/** Major units (number or decimal string, ≥ 0) as integer minor units in 0..MAX_INT, or null. */
export function toMinorUnits(value: number | string): number | null {
  const match = DECIMAL.exec(decimalText(value));
  if (!match) return null;
  const whole = BigInt(match[1] ?? "0");
  const fraction = (match[2] ?? "").padEnd(3, "0");
  const cents = BigInt(fraction.slice(0, 2));
  const rest = fraction.slice(2);
  // Round half up on the first dropped digit.
  const roundUp = (rest[0] ?? "0") >= "5" ? 1n : 0n;
  const minor = whole * 100n + cents + roundUp;
  return minor <= BigInt(MAX_INT) ? Number(minor) : null;
}

/**
 * A percentage in percent (number or decimal string) within 0..100 as its
 * fraction (`15` → 0.15), or null. The decimal point is moved in the text,
 * so the fraction is the number nearest the decimal (`14.3` → 0.143, never
 * 0.14300000000000002).
 */
export function percentToFraction(value: number | string): number | null {
  const match = DECIMAL.exec(decimalText(value));
  if (!match) return null;
  const whole = (match[1] ?? "0").padStart(3, "0");
  const text = `${whole.slice(0, -2)}.${whole.slice(-2)}${match[2] ?? ""}`;
  const fraction = Number(text);
  return Number.isFinite(fraction) && fraction <= 1 ? fraction : null;
}
