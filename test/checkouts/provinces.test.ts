/**
 * Provinces in the checkout's addresses (Sylius 1.8's BuildAddressFormSubscriber and
 * ProvinceAddressConstraint) and province zones in its pricing (ZoneMatcher: a
 * province zone holds the addresses of its provinces; a zone of zones those of its zones).
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api } from "../fixtures/http";
import { cartWithItem } from "../fixtures/carts";
import { db, one, two } from "../fixtures/db";
import { address, checkoutFixture, orderRow, step } from "../fixtures/checkout";
import * as schema from "../../src/data/schema";

/** Country a1 gets two provinces; a province zone holds the first, a zone of zones holds that zone; each has a shipping method, the province zone a tax rate. */
async function provincesFixture() {
  const f = await checkoutFixture();
  const d = db();
  const country = one(await d.select({ id: schema.countries.id }).from(schema.countries).where(eq(schema.countries.code, f.countries.a1)));
  const north = `${f.countries.a1}-N`;
  const south = `${f.countries.a1}-S`;
  await d.insert(schema.provinces).values([
    { countryId: country.id, code: north, name: "North" },
    { countryId: country.id, code: south, name: "South" },
  ]);
  const [northZone, outer] = two(
    await d
      .insert(schema.zones)
      .values([
        { code: `PZ${north}`, name: "North zone", type: "province" },
        { code: `ZZ${north}`, name: "Outer zone", type: "zone" },
      ])
      .returning({ id: schema.zones.id, code: schema.zones.code }),
  );
  await d.insert(schema.zoneMembers).values([
    { zoneId: northZone.id, code: north },
    { zoneId: outer.id, code: northZone.code },
  ]);
  const category = one(await d.select({ id: schema.taxCategories.id }).from(schema.taxCategories).where(eq(schema.taxCategories.code, f.taxCategory)));
  await d.insert(schema.taxRates).values({ code: `TRN${north}`, name: "North tax 5%", amount: "0.05", categoryId: category.id, zoneId: northZone.id });
  const create = (code: string, zone: string, amount: number, position: number, name: string) =>
    api("POST", "/api/v1/shipping-methods/", {
      code,
      position,
      zone,
      channels: [f.channel],
      calculator: "flat_rate",
      configuration: { [f.channel]: { amount } },
      translations: { en_US: { name } },
    });
  expect((await create(`N${north}`.replace(/-/g, "_"), northZone.code, 3, 0, "North courier")).status).toBe(201);
  expect((await create(`O${north}`.replace(/-/g, "_"), outer.code, 2, 1, "Outer courier")).status).toBe(201);
  return { f, north, south, northZone: northZone.code, outerZone: outer.code };
}

const shippingMethodsOf = async (cartId: number) =>
  ((await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`)).body.shipments[0].methods as { name: string; price: number }[]).map((m) => [m.name, m.price]);

describe("provinces in the checkout", () => {
  it("a country with provinces needs one of its own: Sylius' messages, nothing stored", async () => {
    const { f, south } = await provincesFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    const url = `/api/v1/checkouts/addressing/${cartId}`;
    const fields = (province: Record<string, unknown> = {}) => ({
      firstName: {}, lastName: {}, phoneNumber: {}, company: {}, countryCode: {}, street: {}, city: {}, postcode: {}, provinceCode: province,
    });
    const missing = await api("PUT", url, { billingAddress: address(f.countries.a1) });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.children.billingAddress).toEqual({ errors: ["Please select proper province."], children: fields() });
    expect(missing.body.errors.children.shippingAddress).toEqual({ errors: ["Please select proper province."], children: fields() });

    const foreign = await api("PUT", url, { billingAddress: { ...address(f.countries.a1), provinceCode: `${f.countries.a2}-N` } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.children.billingAddress).toEqual({ children: fields({ errors: ["This value is not valid."] }) });

    const named = await api("PUT", url, { billingAddress: { ...address(f.countries.a1), provinceCode: south, provinceName: "South" } });
    expect(named.status).toBe(400);
    expect(named.body.errors.children.billingAddress.errors).toEqual(["This form should not contain extra fields."]);
    expect((await orderRow(cartId)).billingAddressId).toBeNull();

    // A country without provinces keeps provinceName; a provinceCode is an extra field there.
    const other = await api("PUT", url, { billingAddress: { ...address(f.countries.b), provinceCode: south } });
    expect(other.body.errors.children.billingAddress.errors).toEqual(["This form should not contain extra fields."]);
    expect(Object.keys(other.body.errors.children.billingAddress.children)).toContain("provinceName");
  });

  it("stores the province; a province zone and a zone of zones hold the address: their methods, the province's tax", async () => {
    const { f, north } = await provincesFixture();
    const cartId = await cartWithItem(f, f.variants[0].code); // 20.00
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: { ...address(f.countries.a1), provinceCode: north } });
    const order = await orderRow(cartId);
    const stored = one(await db().select().from(schema.addresses).where(eq(schema.addresses.id, order.billingAddressId!)));
    expect([stored.provinceCode, stored.provinceName]).toEqual([north, null]);
    // Zone A (the country's), the province zone, the zone holding it: every one's method, by position.
    expect(await shippingMethodsOf(cartId)).toEqual([["Courier A", 1000], ["North courier", 300], ["Outer courier", 200]]);
    // Taxes by the most specific zone (Sylius ZoneMatcher::match): the province's 5 %, not the country's 20 %.
    const cart = (await api("GET", `/api/v1/carts/${cartId}`)).body;
    expect(cart.items[0].units[0].adjustments.map((a: { label: string; amount: number }) => [a.label, a.amount])).toEqual([["North tax 5% (5%)", 100]]);
  });

  it("the other province: the country's zone only", async () => {
    const { f, south } = await provincesFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: { ...address(f.countries.a1), provinceCode: south } });
    expect(await shippingMethodsOf(cartId)).toEqual([["Courier A", 1000]]);
    const cart = (await api("GET", `/api/v1/carts/${cartId}`)).body;
    expect(cart.items[0].units[0].adjustments.map((a: { label: string; amount: number }) => [a.label, a.amount])).toEqual([["EU Regular Tax 20% (20%)", 400]]);
  });

  it("a cart change after the zone's members change prices by the new zones (the context's version moved)", async () => {
    const { f, north, south, northZone } = await provincesFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: { ...address(f.countries.a1), provinceCode: south } });
    const zone = one(await db().select({ id: schema.zones.id }).from(schema.zones).where(eq(schema.zones.code, northZone)));
    await db().insert(schema.zoneMembers).values({ zoneId: zone.id, code: south });
    const [item] = (await api("GET", `/api/v1/carts/${cartId}`)).body.items;
    expect((await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 2 })).status).toBe(204);
    const cart = (await api("GET", `/api/v1/carts/${cartId}`)).body;
    expect(cart.items[0].units[0].adjustments.map((a: { label: string }) => a.label)).toEqual(["North tax 5% (5%)"]);
    expect(north).not.toBe(south);
  });
});
