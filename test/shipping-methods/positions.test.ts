/**
 * Shipping methods take "last + 1" as their default position across all
 * methods: past 2^31-1 that is a 400, not a wrapped or imprecise number.
 * (Its own file: the maximal position it creates would affect other methods.)
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createChannel, createZone, ensureLocales } from "../fixtures/references";

const MAX_INT = 2_147_483_647;

describe("shipping method positions", () => {
  it("refuses an auto-assigned position past the bound and a position past it", async () => {
    await ensureLocales("en_US");
    const channel = await createChannel();
    const zone = await createZone();
    const body = (extra: Record<string, unknown> = {}) => ({
      code: uniqueCode("SM"),
      translations: { en_US: { name: "Courier" } },
      zone: zone.code,
      channels: [channel.code],
      calculator: "flat_rate",
      configuration: { [channel.code]: { amount: 15 } },
      ...extra,
    });
    const tooFar = await api("POST", "/api/v1/shipping-methods/", body({ position: MAX_INT + 1 }));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.errors.children.position).toEqual({ errors: ["This value is not valid."] });

    const last = await api("POST", "/api/v1/shipping-methods/", body({ position: MAX_INT }));
    expect(last.status).toBe(201);
    try {
      const next = await api("POST", "/api/v1/shipping-methods/", body());
      expect(next.status).toBe(400);
      expect(next.body.errors.children.position).toEqual({ errors: ["This value is not valid."] });
      const explicit = await api("POST", "/api/v1/shipping-methods/", body({ position: 3 }));
      expect(explicit.status).toBe(201);
      expect(explicit.body.position).toBe(3);
    } finally {
      await env.DB.prepare("DELETE FROM shipping_methods WHERE position = ?").bind(MAX_INT).run();
    }
  });
});
