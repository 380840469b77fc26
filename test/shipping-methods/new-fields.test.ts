import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createChannel, createZone, ensureLocales } from "../fixtures/references";

describe("shipping-method translation description", () => {
  it("is taken per locale, shown when set, replaced by PUT and merged by PATCH", async () => {
    await ensureLocales("en_US");
    await ensureLocales("fr_FR");
    const channel = await createChannel();
    const zone = await createZone();
    const code = uniqueCode("SM");
    const created = await api("POST", "/api/v1/shipping-methods/", {
      code,
      translations: { en_US: { name: "Courier", description: "Two to three days" }, fr_FR: { name: "Coursier" } },
      zone: zone.code,
      channels: [channel.code],
      calculator: "flat_rate",
      configuration: { [channel.code]: { amount: 5 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({
      en_US: { id: expect.any(Number), locale: "en_US", name: "Courier", description: "Two to three days" },
      fr_FR: { id: expect.any(Number), locale: "fr_FR", name: "Coursier" },
    });
    expect((await api("PATCH", `/api/v1/shipping-methods/${code}`, { translations: { fr_FR: { name: "Coursier", description: "Deux jours" } } })).status).toBe(204);
    let read = await api("GET", `/api/v1/shipping-methods/${code}`);
    expect(read.body.translations.en_US.description).toBe("Two to three days");
    expect(read.body.translations.fr_FR.description).toBe("Deux jours");
    expect((await api("PUT", `/api/v1/shipping-methods/${code}`, { translations: { en_US: { name: "Courier" } } })).status).toBe(204);
    read = await api("GET", `/api/v1/shipping-methods/${code}`);
    expect(read.body.translations).toEqual({ en_US: { id: expect.any(Number), locale: "en_US", name: "Courier" } });
    const bad = await api("PATCH", `/api/v1/shipping-methods/${code}`, { translations: { en_US: { name: "Courier", description: 5 } } });
    expect(bad.status).toBe(400);
    // Inside the locale's sub-form (ShippingMethodTranslationType), as Symfony reports it.
    expect(bad.body.errors.children.translations.children.en_US).toEqual({ children: { name: {}, description: { errors: ["This value is not valid."] } } });
  });
});
