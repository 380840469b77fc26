/**
 * Integer distributions that always add up exactly to their source amount
 * (in the spirit of Vendure's prorate.ts, but in exact integer arithmetic).
 *
 * - {@link prorate}: proportional to weights, largest remainder method;
 *   ties between equal remainders go to the EARLIER index.
 * - {@link splitEvenly}: equal parts, the FIRST parts take the extra unit.
 * - {@link splitOverUnits}: equal parts, the extra units go to the parts whose
 *   current total is the LARGEST (ties: earlier first). When all current
 *   totals are equal (the usual case) this is exactly {@link splitEvenly}.
 *
 * Negative amounts are distributed as the negation of the distribution of
 * their absolute value (symmetric), so a discount and a charge split alike.
 */
import { floorDivide } from "./decimal";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an integer amount: ${amount}.`);
}

function negateAll(parts: number[]): number[] {
  for (const [i, part] of parts.entries()) parts[i] = -part || 0;
  return parts;
}

/**
 * Splits `amount` into `count` integers that differ by at most 1 and add up to
 * `amount`; the first `|amount| mod count` parts carry the extra unit.
 */
export function splitEvenly(amount: number, count: number): number[] {
  assertAmount(amount);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Bad part count: ${count}.`);
  if (count === 0) {
    if (amount !== 0) throw new RangeError("Cannot split a non-zero amount into zero parts.");
    return [];
  }
  const abs = Math.abs(amount);
  const base = Math.floor(abs / count);
  const extra = abs - base * count;
  const parts = new Array<number>(count).fill(base);
  for (let i = 0; i < extra; i += 1) parts[i] = base + 1;
  return amount < 0 ? negateAll(parts) : parts;
}

/**
 * Splits `amount` evenly over parts whose current totals are `currentTotals`;
 * the `|amount| mod n` extra units go to the parts with the largest current
 * total first (ties: earlier first). Used for a discount over an item's
 * units: units of an item differ by at most one minor unit, and giving the
 * extra discount to the larger ones keeps them so, and never takes a unit
 * below 0 when the amount does not exceed the sum of the totals.
 */
export function splitOverUnits(amount: number, currentTotals: readonly number[]): number[] {
  const count = currentTotals.length;
  const parts = splitEvenly(amount, count);
  const abs = Math.abs(amount);
  const extra = count === 0 ? 0 : abs % count;
  if (extra === 0) return parts;
  const first = currentTotals[0];
  let allEqual = true;
  for (let i = 1; i < count; i += 1) {
    if (currentTotals[i] !== first) {
      allEqual = false;
      break;
    }
  }
  if (allEqual) return parts;
  const base = Math.floor(abs / count);
  const order = rankByRemainder(currentTotals, (a, b) => b - a);
  const sign = amount < 0 ? -1 : 1;
  for (let i = 0; i < count; i += 1) parts[i] = sign * base || 0;
  for (const i of order.slice(0, extra)) parts[i] = sign * (base + 1);
  return parts;
}

/**
 * Distributes `amount` over `weights` (non-negative safe integers) in
 * proportion, with integers adding up exactly to `amount`: each part gets
 * floor(amount × w / W), and the remaining units go one each to the parts with
 * the largest remainders (ties: earlier index first). When every weight is 0
 * the amount is split as if the weights were equal ({@link splitEvenly}).
 *
 * Works in plain integers when amount × W fits in 2^53, in BigInt otherwise.
 * A part never exceeds its weight when |amount| ≤ W.
 */
export function prorate(weights: readonly number[], amount: number): number[] {
  assertAmount(amount);
  const n = weights.length;
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`Bad weight: ${w}.`);
    total += w;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError("Total weight out of the safe range.");
  if (n === 0) {
    if (amount !== 0) throw new RangeError("Cannot prorate a non-zero amount over no weights.");
    return [];
  }
  if (amount === 0) return new Array<number>(n).fill(0);
  if (total === 0) return splitEvenly(amount, n);
  const abs = Math.abs(amount);
  const parts = new Array<number>(n);
  let distributed = 0;
  let order: number[];
  if (abs * total <= MAX_SAFE - total) {
    const remainders = new Array<number>(n);
    for (const [i, weight] of weights.entries()) {
      const [q, r] = floorDivide(abs * weight, total);
      parts[i] = q;
      remainders[i] = r;
      distributed += q;
    }
    order = rankByRemainder(remainders, (a, b) => b - a);
  } else {
    const bigAbs = BigInt(abs);
    const bigTotal = BigInt(total);
    const remainders = new Array<bigint>(n);
    for (const [i, weight] of weights.entries()) {
      const p = bigAbs * BigInt(weight);
      const q = p / bigTotal;
      parts[i] = Number(q);
      remainders[i] = p - q * bigTotal;
      distributed += Number(q);
    }
    order = rankByRemainder(remainders, (a, b) => (a > b ? -1 : a < b ? 1 : 0));
  }
  const leftover = abs - distributed;
  for (const i of order.slice(0, leftover)) parts[i] = (parts[i] ?? 0) + 1;
  return amount < 0 ? negateAll(parts) : parts;
}

/** Indices sorted by remainder, largest first, ties by index (stable sort). */
function rankByRemainder<T>(remainders: readonly T[], desc: (a: T, b: T) => number): number[] {
  return remainders
    .map((remainder, i) => ({ remainder, i }))
    .sort((a, b) => desc(a.remainder, b.remainder) || a.i - b.i)
    .map(({ i }) => i);
}
