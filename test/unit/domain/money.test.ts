/** Sent money and percentages as stored (src/domain/money.ts): major units to minor units, percent to fractions. */
import { describe, expect, it } from "vitest";
import { percentToFraction, toMinorUnits } from "../../../src/domain/money";

describe("money as sent", () => {
  it("takes major units as minor units, half up on the third decimal, within a signed 32-bit integer", () => {
    expect([12, "12", "12.43", 12.43, "0.005", "0.004", "15.005", 0, "21474836.47"].map(toMinorUnits)).toEqual([1200, 1200, 1243, 1243, 1, 0, 1501, 0, 2147483647]);
    expect([-1, "-1", "1e3", "12,5", "", " ", Number.NaN, Infinity, 21474836.48, "21474836.475"].map(toMinorUnits)).toEqual(Array(10).fill(null));
  });

  it("takes percent as the fraction's nearest number, within 0..100", () => {
    expect([15, "15", 20, 12.5, "12.5", 14.3, 0.5, 0, 100, "100.0"].map(percentToFraction)).toEqual([0.15, 0.15, 0.2, 0.125, 0.125, 0.143, 0.005, 0, 1, 1]);
    expect([-1, 100.01, 150, "1e1", "15 %", "", Number.NaN].map(percentToFraction)).toEqual(Array(7).fill(null));
  });
});
