import { describe, expect, it } from "vitest";
import { formatOrderNumber } from "../../../../src/domain/orders";

describe("formatOrderNumber (SequentialOrderNumberGenerator: 9 digits, zero-padded, never cut)", () => {
  it.each([
    [1, "000000001"],
    [42, "000000042"],
    [999_999_999, "999999999"],
    [1_000_000_000, "1000000000"],
  ])("%d → %s", (sequence, expected) => {
    expect(formatOrderNumber(sequence)).toBe(expected);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])("refuses %d", (sequence) => {
    expect(() => formatOrderNumber(sequence)).toThrow(RangeError);
  });
});
