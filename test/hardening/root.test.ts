/** `GET /` points a newcomer at the documentation. */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";

describe("GET /", () => {
  it("answers 200 without a token, with links to the docs and the OpenAPI document that work", async () => {
    const res = await api("GET", "/", undefined, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ documentation: "/api/v1/docs", openapi: "/api/v1/openapi.json" });
    expect(typeof res.body.name).toBe("string");
    for (const path of [res.body.documentation, res.body.openapi]) {
      expect((await api("GET", path, undefined, { token: null })).status).toBe(200);
    }
  });

  it("other methods on / are 405 with Allow", async () => {
    const res = await api("DELETE", "/", undefined, { token: null });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toContain("GET");
  });
});

describe("the OpenAPI text stands alone", () => {
  it("refers to no file outside the repository and to no numbered section of another document", async () => {
    const res = await api("GET", "/api/v1/openapi.json", undefined, { token: null });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/\.\.\/shared|\bseed\b|contract\s*§|CONTRACT\.md/i);
  });
});
