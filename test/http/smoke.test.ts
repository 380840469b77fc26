import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";

describe("smoke", () => {
  it("answers health", async () => {
    const res = await api("GET", "/health", undefined, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
  it("lists locales with one round trip", async () => {
    const created = await api("POST", "/api/v1/locales/", { code: "fr_FR" });
    expect(created.status).toBe(201);
    const res = await api("GET", "/api/v1/locales/");
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(d1RoundTrips(res.headers)).toBe(1);
  });
});
