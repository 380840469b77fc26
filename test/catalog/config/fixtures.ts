/** References the configuration tests need, created through the HTTP API. */
import { expect } from "vitest";
import { api, uniqueCode } from "../../helpers/http";

/** Locales and currencies are shared, fixed codes: create them unless they exist. */
export async function ensureLocale(code: string): Promise<void> {
  const res = await api("POST", "/api/v1/locales/", { code });
  if (res.status !== 201) expect(res.body.errors.children.code.errors).toEqual(["Locale code must be unique."]);
}

export async function ensureCurrency(code: string): Promise<void> {
  const res = await api("POST", "/api/v1/currencies/", { code });
  if (res.status !== 201) expect(res.body.errors.children.code.errors).toEqual(["Currency code must be unique."]);
}

async function created(path: string, body: Record<string, unknown>): Promise<any> {
  const res = await api("POST", path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function createZone(extra: Record<string, unknown> = {}): Promise<any> {
  const code = uniqueCode("Z");
  return created("/api/v1/zones/country", { code, name: `Zone ${code}`, scope: "all", members: [{ code: "US" }], ...extra });
}

export async function createChannel(extra: Record<string, unknown> = {}): Promise<any> {
  await ensureLocale("en_US");
  await ensureCurrency("USD");
  const code = uniqueCode("CH");
  return created("/api/v1/channels/", { code, name: `Channel ${code}`, baseCurrency: "USD", defaultLocale: "en_US", taxCalculationStrategy: "order_items_based", ...extra });
}

export async function createTaxCategory(extra: Record<string, unknown> = {}): Promise<any> {
  const code = uniqueCode("TC");
  return created("/api/v1/tax-categories/", { code, name: `Tax ${code}`, ...extra });
}

export async function createShippingCategory(extra: Record<string, unknown> = {}): Promise<any> {
  const code = uniqueCode("SC");
  return created("/api/v1/shipping-categories/", { code, name: `Shipping ${code}`, ...extra });
}

export async function createCustomer(extra: Record<string, unknown> = {}): Promise<any> {
  return created("/api/v1/customers/", { email: `${uniqueCode("c").toLowerCase()}@example.com`, ...extra });
}
