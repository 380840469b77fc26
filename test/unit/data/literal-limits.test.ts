import { describe, expect, it } from "vitest";
import { withLiteralLimits } from "../../../src/data/literal-limits";

describe("LIMIT written as a literal", () => {
  it.each([
    // drizzle's select: the limit is its last parameter, before the offset
    ['select "id" from "t" where "t"."code" = ? limit ?', ["A", 1], 'select "id" from "t" where "t"."code" = ? limit 1', ["A"]],
    ['select "id" from "t" where "a" = ? order by "id" desc limit ? offset ?', [7, 11, 40], 'select "id" from "t" where "a" = ? order by "id" desc limit 11 offset ?', [7, 40]],
    // a subquery's limit, in the middle of the parameters
    ["select (select x from u where u.a = ? limit ? offset ?) from t where t.b = ? limit ?", ["a", 1, 9, "b", 5], "select (select x from u where u.a = ? limit 1 offset ?) from t where t.b = ? limit 5", ["a", 9, "b"]],
    // -1 is SQLite's "no limit"; upper case and line breaks as hand-written SQL has them
    ["SELECT x FROM t WHERE y = ?\n  LIMIT\n ?", [2, -1], "SELECT x FROM t WHERE y = ?\n  LIMIT\n -1", [2]],
    [`select x from t limit ?`, [10n], `select x from t limit 10`, []],
  ])("%s", (sql, params, expectedSql, expectedParams) => {
    expect(withLiteralLimits(sql, params)).toEqual({ sql: expectedSql, params: expectedParams });
  });

  it("counts parameters past quoted text, quoted names and comments", () => {
    const sql = `select '?', "a?", [b?], \`c?\` /* ? */ from t -- ?\n where x = 'it''s ?' and y = ? limit ?`;
    expect(withLiteralLimits(sql, ["y", 5])).toEqual({ sql: sql.replace(/limit \?$/, "limit 5"), params: ["y"] });
  });

  it("leaves a value that is not an integer bound", () => {
    expect(withLiteralLimits("select x from t limit ?", [2.5])).toBeNull();
    expect(withLiteralLimits("select x from t limit ?", ["10"])).toBeNull();
    expect(withLiteralLimits("select x from t limit ?", [null])).toBeNull();
    expect(withLiteralLimits("select x from t limit ?", [Number.MAX_SAFE_INTEGER + 2])).toBeNull();
    expect(withLiteralLimits("select (select y from u limit ?) from t limit ?", ["a", 3])).toEqual({ sql: "select (select y from u limit ?) from t limit 3", params: ["a"] });
  });

  it("changes nothing without a bound LIMIT, or when the text numbers its parameters", () => {
    expect(withLiteralLimits("select x from t where a = ? limit 1", [1])).toBeNull();
    expect(withLiteralLimits("select x from t limit 10 offset ?", [20])).toBeNull();
    expect(withLiteralLimits("select x from limits where limit_value = ?", [1])).toBeNull();
    expect(withLiteralLimits("select x from t where a = ?1 limit ?2", [1, 2])).toBeNull();
    expect(withLiteralLimits("select x from t where a = :a limit ?", [1, 2])).toBeNull();
  });
});
