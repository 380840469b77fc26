/**
 * A priced catalogue configured only through the HTTP API: zone, channel
 * (with tax zone), tax category and 10% rate, shipping category and a 5.00
 * flat-rate method, a "One dollar off" promotion from 20.00, a product with
 * variants at 10.00 and 3.33, and a customer. Every code is unique.
 */
import { api, uniqueCode } from "./http";

export const ok = async (method: string, path: string, body: unknown) => {
  const res = await api(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export interface ApiCatalog {
  zone: string;
  channel: string;
  taxCategory: string;
  taxRate: string;
  shippingCategory: string;
  shippingMethod: string;
  promotion: string;
  product: string;
  variantA: string;
  variantB: string;
  customer: string;
  customerId: number;
}

export async function apiCatalog(): Promise<ApiCatalog> {
  await api("POST", "/api/v1/locales/", { code: "en_US" });
  await api("POST", "/api/v1/currencies/", { code: "USD" });
  const zone = uniqueCode("ZONE");
  const channel = uniqueCode("CH");
  const taxCategory = uniqueCode("TAX");
  const taxRate = uniqueCode("RATE");
  const shippingCategory = uniqueCode("SHIP");
  const shippingMethod = uniqueCode("SM");
  const promotion = uniqueCode("PROMO");
  const product = uniqueCode("PROD");
  const customer = `${uniqueCode("c").toLowerCase()}@example.com`;
  await ok("POST", "/api/v1/zones/country", { code: zone, name: "Test zone", scope: "all", members: [{ code: "US" }] });
  await ok("POST", "/api/v1/channels/", {
    code: channel,
    name: "Priced channel",
    enabled: true,
    baseCurrency: "USD",
    defaultLocale: "en_US",
    locales: ["en_US"],
    currencies: ["USD"],
    defaultTaxZone: zone,
    taxCalculationStrategy: "order_items_based",
  });
  await ok("POST", "/api/v1/tax-categories/", { code: taxCategory, name: "Standard" });
  await ok("POST", "/api/v1/tax-rates/", {
    code: taxRate,
    name: "Sales tax",
    amount: 0.1,
    includedInPrice: false,
    calculator: "default",
    category: taxCategory,
    zone,
  });
  await ok("POST", "/api/v1/shipping-categories/", { code: shippingCategory, name: "Regular" });
  await ok("POST", "/api/v1/shipping-methods/", {
    code: shippingMethod,
    position: 0,
    enabled: true,
    translations: { en_US: { name: "Courier" } },
    zone,
    channels: [channel],
    calculator: "flat_rate",
    configuration: { [channel]: { amount: 500 } },
    category: shippingCategory,
    categoryRequirement: "match_any",
    taxCategory,
  });
  await ok("POST", "/api/v1/promotions/", {
    code: promotion,
    name: "One dollar off",
    priority: 1,
    exclusive: false,
    channels: [channel],
    rules: [{ type: "item_total", configuration: { [channel]: { amount: 2000 } } }],
    actions: [{ type: "order_fixed_discount", configuration: { [channel]: { amount: 100 } } }],
  });
  await ok("POST", "/api/v1/products/", {
    code: product,
    translations: { en_US: { name: "Mug", slug: product.toLowerCase() } },
    channels: [channel],
    enabled: true,
  });
  const variantA = `${product}_A`;
  const variantB = `${product}_B`;
  for (const [code, price] of [
    [variantA, "10.00"],
    [variantB, "3.33"],
  ] as const) {
    await ok("POST", `/api/v1/products/${product}/variants/`, {
      code,
      translations: { en_US: { name: `Mug ${code.slice(-1)}` } },
      channelPricings: { [channel]: { price } },
      taxCategory,
      shippingCategory,
    });
  }
  const created = await ok("POST", "/api/v1/customers/", {
    email: customer,
    firstName: "Ada",
    lastName: "Lovelace",
    user: { plainPassword: "correct horse battery", enabled: true },
  });
  return {
    zone, channel, taxCategory, taxRate, shippingCategory, shippingMethod, promotion,
    product, variantA, variantB, customer, customerId: created.id,
  };
}
