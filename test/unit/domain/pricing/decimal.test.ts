import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPercent,
  formatRational,
  mulRound,
  parseDecimal,
  rational,
  tryParseDecimal,
} from "../../../../src/domain/pricing/decimal";

describe("parseDecimal", () => {
  it.each([
    ["0.23", 23n, 100n],
    ["0.2300", 23n, 100n],
    ["23", 23n, 1n],
    [".5", 1n, 2n],
    ["1.", 1n, 1n],
    ["-1.25", -5n, 4n],
    ["+0.085", 17n, 200n],
    ["2e-3", 1n, 500n],
    ["1.5E2", 150n, 1n],
    [" 0.1 ", 1n, 10n],
    ["0", 0n, 1n],
    [0.1, 1n, 10n],
    [0.07, 7n, 100n],
    [1e-7, 1n, 10_000_000n],
    [1e21, 10n ** 21n, 1n],
    [0.333, 333n, 1000n],
    [-0.5, -1n, 2n],
  ] as const)("%j → %s/%s exactly", (input, num, den) => {
    const r = parseDecimal(input);
    expect([r.num, r.den]).toEqual([num, den]);
  });

  it.each(["", ".", "abc", "1,5", "0x10", "1e", "--1", "1e999", "NaN"])("rejects %j", (input) => {
    expect(() => parseDecimal(input)).toThrow(RangeError);
    expect(tryParseDecimal(input)).toBeNull();
  });

  it("rejects non-finite numbers and non-decimal values", () => {
    expect(() => parseDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => parseDecimal(Number.NaN)).toThrow(RangeError);
    expect(tryParseDecimal(null)).toBeNull();
    expect(tryParseDecimal({})).toBeNull();
  });
});

describe("mulRound (half away from zero)", () => {
  it.each([
    [1000, "0.23", 230],
    [999, "0.23", 230], // 229.77
    [2997, "0.23", 689], // 689.31
    [50, "0.01", 1], // 0.5 → 1
    [149, "0.01", 1], // 1.49
    [150, "0.01", 2], // 1.5 → 2
    [-50, "0.01", -1], // -0.5 → -1 (away from zero)
    [-149, "0.01", -1],
    [50, "-0.01", -1],
    [2, "0.25", 1], // 0.5 → 1
    [3201, "0.1", 320],
    [0, "0.23", 0],
    [123, "0", 0],
    [1, "0.5", 1],
    [3, "0.5", 2],
    [1001, "0.5", 501],
  ] as const)("%d × %s = %d", (amount, r, expected) => {
    expect(mulRound(amount, parseDecimal(r))).toBe(expected);
  });

  it("rounds included tax through the exact rate/(1+rate)", () => {
    // 3003 × 23/123 = 561.56… → 562 ; 1001 × 23/123 = 187.17… → 187
    expect(mulRound(3003, rational(23n, 123n))).toBe(562);
    expect(mulRound(1001, rational(23n, 123n))).toBe(187);
  });

  it("falls back to BigInt when the product could overflow 2^53, exactly", () => {
    const big = 9_007_199_254_740_991; // 2^53 - 1
    expect(mulRound(big, parseDecimal("0.5"))).toBe(4_503_599_627_370_496); // …495.5 → …496
    expect(mulRound(big, parseDecimal("0.1"))).toBe(900_719_925_474_099); // …099.1
    expect(mulRound(4_000_000_000_000_000, parseDecimal("0.123456789"))).toBe(493_827_156_000_000);
  });

  it("refuses non-integer amounts and unsafe results", () => {
    expect(() => mulRound(1.5, parseDecimal("1"))).toThrow(RangeError);
    expect(() => mulRound(Number.MAX_SAFE_INTEGER, parseDecimal("3"))).toThrow(RangeError);
  });

  it("agrees with a BigInt reference on random inputs", () => {
    const reference = (amount: bigint, num: bigint, den: bigint): bigint => {
      const p = amount * num;
      const neg = p < 0n;
      const a = neg ? -p : p;
      let q = a / den;
      if (2n * (a % den) >= den) q += 1n;
      return neg ? -q : q;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (amount, num, den) => {
          const r = rational(BigInt(num), BigInt(den));
          const expected = reference(BigInt(amount), r.num, r.den);
          if (expected > BigInt(Number.MAX_SAFE_INTEGER) || expected < -BigInt(Number.MAX_SAFE_INTEGER)) {
            return;
          }
          expect(mulRound(amount, r)).toBe(Number(expected));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("formatPercent / formatRational", () => {
  it.each([
    ["0.23", "23"],
    ["0.2300", "23"],
    ["0.085", "8.5"],
    ["0.0825", "8.25"],
    ["0.2", "20"],
    ["1", "100"],
    ["0", "0"],
    ["0.00001", "0.001"],
    ["1.5", "150"],
  ])("%s → %s%%", (amount, expected) => {
    expect(formatPercent(parseDecimal(amount))).toBe(expected);
  });

  it("writes non-decimal rationals with 12 decimals at most", () => {
    expect(formatRational(rational(1n, 3n))).toBe("0.333333333333");
    expect(formatRational(rational(-2n, 3n))).toBe("-0.666666666667");
    expect(formatRational(rational(-1n, 4n))).toBe("-0.25");
  });
});
