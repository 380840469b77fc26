/**
 * Payment methods as Sylius 1.8's PaymentMethodApiTest drives them
 * (tests/Responses/payment_method/show_response.json): show only, with
 * translations keyed by locale and the channels in Sylius' channel shape.
 * The fixture's method `cod` (resources/payment_methods.yml) takes a fresh
 * code; its channel is one this test creates.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createChannel, ensureLocales } from "../fixtures/references";
import { TIMESTAMP } from "../fixtures/sylius";

const ACCESS_DENIED = { error: "access_denied", error_description: "OAuth2 authentication required" };

describe("payment methods (Sylius 1.8 PaymentMethodApiTest)", () => {
  it("it_denies_getting_payment_method_for_non_authenticated_user: access_denied_response", async () => {
    const res = await api("GET", "/api/v1/payment-methods/none", undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(ACCESS_DENIED);
  });

  it("it_returns_not_found_response_when_requesting_details_of_a_payment_method_which_does_not_exist: not_found_response", async () => {
    const res = await api("GET", "/api/v1/payment-methods/none");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: expect.any(String) });
  });

  it("it_allows_showing_payment_method: show_response", async () => {
    await ensureLocales("en_US");
    const channel = await createChannel();
    const code = uniqueCode("cod");
    const created = await api("POST", "/api/v1/payment-methods/", {
      code,
      enabled: true,
      channels: [channel.code],
      translations: { en_US: { name: "Cash on delivery", description: "Lorem ipsum dolor." } },
    });
    expect(created.status).toBe(201);
    const res = await api("GET", `/api/v1/payment-methods/${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      code,
      position: expect.any(Number),
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      enabled: true,
      translations: { en_US: { locale: "en_US", id: expect.any(Number), name: "Cash on delivery", description: expect.any(String) } },
      channels: [{ id: channel.id, code: channel.code, _links: { self: { href: `/api/v1/channels/${channel.code}` } } }],
      _links: { self: { href: `/api/v1/payment-methods/${code}` } },
    });
    expect(Object.keys(res.body)).toEqual(["id", "code", "position", "createdAt", "updatedAt", "enabled", "translations", "channels", "_links"]);
    expect(Object.keys(res.body.translations.en_US)).toEqual(["locale", "id", "name", "description"]);
    expect(Object.keys(res.body.channels[0])).toEqual(
      expect.arrayContaining(["id", "code", "name", "createdAt", "updatedAt", "enabled", "taxCalculationStrategy", "_links"]),
    );
  });
});
