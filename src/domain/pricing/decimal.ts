/**
 * Exact decimal fractions for pricing: tax rates ("0.23") and percentages
 * (0.1 given as a JS number) become reduced rationals, and an integer amount
 * times a rational is rounded to an integer without ever using a float for
 * the result.
 *
 * Rounding is "half up" in the commercial sense, i.e. half AWAY FROM ZERO:
 * 2.5 → 3 and -2.5 → -3 (symmetric, so a discount and the matching charge
 * round to the same magnitude). Amounts in this engine are never negative
 * where it matters, so this coincides with plain half up.
 *
 * Performance: the multiplication takes a plain-number path whenever the
 * intermediate product stays within 2^53 (exact integer arithmetic on
 * doubles), and falls back to BigInt only when it could overflow.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 400;

/** A reduced fraction, `den > 0`. `n`/`d` are the same values as numbers, exact when `small`. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
  readonly n: number;
  readonly d: number;
  /** Both `num` and `den` are safe integers (the fast path may be used). */
  readonly small: boolean;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

const BIG_MAX_SAFE = BigInt(MAX_SAFE);

/** Builds a reduced rational num/den (den must not be 0). */
export function rational(num: bigint, den: bigint): Rational {
  if (den === 0n) throw new RangeError("Rational with a zero denominator.");
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den);
  if (g > 1n) {
    num /= g;
    den /= g;
  }
  const absNum = num < 0n ? -num : num;
  return Object.freeze({
    num,
    den,
    n: Number(num),
    d: Number(den),
    small: absNum <= BIG_MAX_SAFE && den <= BIG_MAX_SAFE,
  });
}

/**
 * Parses a decimal written as a string ("0.23", "-1.5", ".5", "2e-3") or a
 * finite JS number (through its shortest round-trip decimal string, so 0.1 is
 * exactly 1/10) into an exact reduced rational. Throws a RangeError otherwise.
 */
export function parseDecimal(value: string | number): Rational {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite decimal: ${String(value)}.`);
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new RangeError(`Not a decimal: ${String(value)}.`);
  }
  const m = DECIMAL.exec(text);
  const intPart = m?.[2] ?? "";
  const fracPart = m?.[3] ?? "";
  if (!m || intPart.length + fracPart.length === 0) {
    throw new RangeError(`Not a decimal: "${text}".`);
  }
  const exponent = (m[4] === undefined ? 0 : Number(m[4])) - fracPart.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) {
    throw new RangeError(`Decimal exponent out of range: "${text}".`);
  }
  let num = BigInt(intPart + fracPart);
  if (m[1] === "-") num = -num;
  if (exponent >= 0) return rational(num * 10n ** BigInt(exponent), 1n);
  return rational(num, 10n ** BigInt(-exponent));
}

/** Like {@link parseDecimal} but returns null instead of throwing. */
export function tryParseDecimal(value: unknown): Rational | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  try {
    return parseDecimal(value);
  } catch {
    return null;
  }
}

export function addRationals(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function divideRationals(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError("Division by a zero rational.");
  return rational(a.num * b.den, a.den * b.num);
}

export const ONE: Rational = rational(1n, 1n);

/** floor(a / d) and the remainder, exactly, for a safe integer a ≥ 0 and 0 < d, a + d ≤ 2^53. */
export function floorDivide(a: number, d: number): [quotient: number, remainder: number] {
  let q = Math.floor(a / d);
  let r = a - q * d;
  // The float division may be off by one near integers: correct exactly.
  while (r < 0) {
    q -= 1;
    r += d;
  }
  while (r >= d) {
    q += 1;
    r -= d;
  }
  return [q, r];
}

/** round_half_away_from_zero(a / d) for a safe integer a ≥ 0 and 0 < d, a + d ≤ 2^53. */
function roundQuotientSmall(a: number, d: number): number {
  const [q, r] = floorDivide(a, d);
  return 2 * r >= d ? q + 1 : q;
}

/**
 * round(amount × r), half away from zero, exactly. `amount` must be a safe
 * integer; throws a RangeError when the result is not one.
 */
export function mulRound(amount: number, r: Rational): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an integer amount: ${amount}.`);
  if (amount === 0 || r.num === 0n) return 0;
  const negative = amount < 0 !== r.num < 0n;
  if (r.small) {
    const absAmount = Math.abs(amount);
    const absN = Math.abs(r.n);
    const product = absAmount * absN;
    // A double product ≥ the exact one when it overflows, so this test is safe.
    if (product <= MAX_SAFE - r.d) {
      const q = roundQuotientSmall(product, r.d);
      return negative && q !== 0 ? -q : q;
    }
  }
  const a = BigInt(amount < 0 ? -amount : amount) * (r.num < 0n ? -r.num : r.num);
  let q = a / r.den;
  const rem = a - q * r.den;
  if (2n * rem >= r.den) q += 1n;
  if (q > BIG_MAX_SAFE) throw new RangeError("Amount out of the safe integer range.");
  const result = Number(q);
  return negative && result !== 0 ? -result : result;
}

/**
 * The exact decimal writing of a rational whose denominator has only the
 * prime factors 2 and 5 (every parsed decimal), without trailing zeros:
 * 23/100 → "0.23", 17/2 → "8.5", 23 → "23". Other rationals are written
 * with at most 12 decimals, rounded half away from zero.
 */
export function formatRational(r: Rational): string {
  let den = r.den;
  let twos = 0;
  let fives = 0;
  while (den % 2n === 0n) {
    den /= 2n;
    twos += 1;
  }
  while (den % 5n === 0n) {
    den /= 5n;
    fives += 1;
  }
  const digits = den === 1n ? Math.max(twos, fives) : 12;
  const scale = 10n ** BigInt(digits);
  const negative = r.num < 0n;
  const absNum = negative ? -r.num : r.num;
  let scaled = (absNum * scale) / r.den;
  if (den !== 1n && 2n * ((absNum * scale) % r.den) >= r.den) scaled += 1n;
  let text = scaled.toString();
  if (digits > 0) {
    text = text.padStart(digits + 1, "0");
    const intPart = text.slice(0, text.length - digits);
    const fracPart = text.slice(text.length - digits).replace(/0+$/, "");
    text = fracPart.length > 0 ? `${intPart}.${fracPart}` : intPart;
  }
  return negative && text !== "0" ? `-${text}` : text;
}

/** A fraction as a percentage string: "0.23" → "23", "0.085" → "8.5". */
export function formatPercent(r: Rational): string {
  return formatRational(rational(r.num * 100n, r.den));
}
