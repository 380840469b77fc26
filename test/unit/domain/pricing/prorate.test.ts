import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prorate, splitEvenly, splitOverUnits } from "../../../../src/domain/pricing/prorate";

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe("prorate (largest remainder, ties → earlier index)", () => {
  it.each([
    // weights, amount, expected
    [[1], 10, [10]],
    [[1, 1], 10, [5, 5]],
    [[1, 1], 11, [6, 5]],
    [[1, 1, 1], 10, [4, 3, 3]],
    [[1, 1, 1], 11, [4, 4, 3]],
    [[1, 2, 3], 10, [2, 3, 5]], // 1.67, 3.33, 5 → floors 1,3,5; +1 to the .67
    [[2000, 999, 202], 1003, [627, 313, 63]],
    [[2000, 999, 202], 1000, [625, 312, 63]],
    [[3, 3, 4], 1, [0, 0, 1]], // remainders 3,3,4: the largest wins
    [[1, 1, 1, 1], 2, [1, 1, 0, 0]], // equal remainders: earliest first
    [[5, 0, 5], 7, [4, 0, 3]], // zero weight gets nothing
    [[0, 0, 0], 5, [2, 2, 1]], // all zero → split evenly
    [[100, 200, 300], 0, [0, 0, 0]],
    [[1, 1, 1], -10, [-4, -3, -3]], // symmetric for negative amounts
    [[1, 2, 3], -10, [-2, -3, -5]],
    [[10, 20, 30], 60, [10, 20, 30]], // exact
    [[1000, 1], 1001, [1000, 1]], // never above the weight when amount ≤ total
    [[], 0, []],
  ])("prorate(%j, %d) = %j", (weights, amount, expected) => {
    const parts = prorate(weights, amount);
    expect(parts).toEqual(expected);
    expect(sum(parts)).toBe(amount);
  });

  it("handles amounts × weights beyond 2^53 exactly (BigInt path)", () => {
    const weights = [3_000_000_000_000, 3_000_000_000_000, 3_000_000_000_001];
    const amount = 9_000_000_000_000;
    const parts = prorate(weights, amount);
    expect(sum(parts)).toBe(amount);
    // floors 2_999_999_999_999, 2_999_999_999_999, 3_000_000_000_000; remainders
    // 6e12+1, 6e12+1, 6e12 → the two extra units go to the first two.
    expect(parts).toEqual([3_000_000_000_000, 3_000_000_000_000, 3_000_000_000_000]);
  });

  it("rejects bad input", () => {
    expect(() => prorate([1, -1], 5)).toThrow(RangeError);
    expect(() => prorate([1.5], 5)).toThrow(RangeError);
    expect(() => prorate([1], 0.5)).toThrow(RangeError);
    expect(() => prorate([], 5)).toThrow(RangeError);
    expect(() => prorate([Number.MAX_SAFE_INTEGER, 2], 5)).toThrow(RangeError);
  });

  it("matches an exact BigInt largest-remainder reference and never exceeds weights", () => {
    const reference = (weights: number[], amount: number): number[] => {
      const total = weights.reduce((s, w) => s + BigInt(w), 0n);
      const a = BigInt(amount);
      const rows = weights.map((w, i) => ({ i, q: (a * BigInt(w)) / total, r: (a * BigInt(w)) % total }));
      let left = a - rows.reduce((s, x) => s + x.q, 0n);
      const ranked = [...rows].sort((x, y) => (x.r > y.r ? -1 : x.r < y.r ? 1 : x.i - y.i));
      for (const row of ranked) {
        if (left === 0n) break;
        row.q += 1n;
        left -= 1n;
      }
      return rows.map((x) => Number(x.q));
    };
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 2 ** 40 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const total = sum(weights);
          fc.pre(total > 0);
          const amount = Math.floor(total * fraction);
          const parts = prorate(weights, amount);
          expect(parts).toEqual(reference(weights, amount));
          expect(sum(parts)).toBe(amount);
          parts.forEach((p, i) => expect(p).toBeLessThanOrEqual(weights[i] as number));
          expect(prorate(weights, -amount)).toEqual(parts.map((p) => -p || 0));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("splitEvenly (first parts take the extra unit)", () => {
  it.each([
    [10, 3, [4, 3, 3]],
    [11, 3, [4, 4, 3]],
    [9, 3, [3, 3, 3]],
    [2, 5, [1, 1, 0, 0, 0]],
    [0, 2, [0, 0]],
    [-10, 3, [-4, -3, -3]],
    [0, 0, []],
  ])("splitEvenly(%d, %d) = %j", (amount, count, expected) => {
    expect(splitEvenly(amount, count)).toEqual(expected);
    expect(sum(splitEvenly(amount, count))).toBe(amount);
  });

  it("rejects a non-zero amount over no parts", () => {
    expect(() => splitEvenly(1, 0)).toThrow(RangeError);
  });

  it("splits over 9999 parts", () => {
    const parts = splitEvenly(100_000, 9999);
    expect(sum(parts)).toBe(100_000);
    expect(parts.slice(0, 10)).toEqual(Array(10).fill(11)); // 100000 = 9999×10 + 10
    expect(parts[9]).toBe(11);
    expect(parts[10]).toBe(10);
    expect(parts[9998]).toBe(10);
  });
});

describe("splitOverUnits (extra units to the largest current totals)", () => {
  it.each([
    [7, [5, 5, 5], [3, 2, 2]], // all equal: same as splitEvenly
    [1, [0, 1], [0, 1]], // the larger unit takes the extra
    [3, [4, 5, 5], [1, 1, 1]],
    [4, [4, 5, 5], [1, 2, 1]], // one extra: first of the largest
    [5, [4, 5, 5], [1, 2, 2]],
    [-1, [0, 1], [0, -1]],
    [0, [1, 2], [0, 0]],
  ])("splitOverUnits(%d, %j) = %j", (amount, totals, expected) => {
    const parts = splitOverUnits(amount, totals);
    expect(parts).toEqual(expected);
    expect(sum(parts)).toBe(amount);
  });

  it("never takes a unit below 0 when units differ by at most one and amount ≤ their sum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (base, plusOne, fraction) => {
          const totals = plusOne.map((p) => base + (p ? 1 : 0));
          const amount = Math.floor(sum(totals) * fraction);
          const parts = splitOverUnits(amount, totals);
          expect(sum(parts)).toBe(amount);
          const after = totals.map((t, i) => t - (parts[i] as number));
          after.forEach((t) => expect(t).toBeGreaterThanOrEqual(0));
          expect(Math.max(...after) - Math.min(...after)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
