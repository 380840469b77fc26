/**
 * The checkout's part of every cart recalculation (docs/api/checkout-and-orders.md, "Cart processing and inventory"), shared by item
 * changes and checkout steps: which zones and methods the pricing uses, and
 * the cart's one shipment and one payment after it (Sylius'
 * OrderShipmentProcessor and OrderPaymentProcessor), as rows to write in the
 * change's own batch.
 */
import type { CheckoutPricing, PricingSetup } from "../pricing";
import { mostSpecificZone, zonesOfAddress, type MatchedZone } from "../pricing/zones";
import type { CartState } from "./state";

/** What the cart's processing wants: its shipment's method (null: no shipment) and its payment (null: none). */
export interface CartLines {
  shippingMethodCode: string | null;
  payment: { methodId: number; amount: number } | null;
}

/** What the processing reads of the cart's checkout row (its addresses' codes, its shipment's method, its payment's, its coupon). */
export interface CheckoutPricingRow {
  shippingCountry: string | null;
  billingCountry: string | null;
  shippingProvince: string | null;
  billingProvince: string | null;
  shipmentMethodCode: string | null;
  paymentMethodId: number | null;
  couponPromotionId: number | null;
  couponUsageLimit: number | null;
  couponUsed: number | null;
  couponExpiresAt: string | null;
}

/** A coupon is under its usage limit (none: always), the one way its `used` count bears on pricing. */
export const underUsageLimit = (coupon: { usageLimit: number | null; used: number }): boolean => coupon.usageLimit === null || coupon.used < coupon.usageLimit;

/** A coupon can still be used (Sylius PromotionCouponEligibilityChecker: usage limit, expiry). */
export function couponUsable(coupon: { usageLimit: number | null; used: number; expiresAt: string | null }, nowIso: string): boolean {
  if (!underUsageLimit(coupon)) return false;
  if (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) < Date.parse(nowIso)) return false;
  return true;
}

/** A zone row of `countryZonesQuery`: a zone reached from an address's country or province code. */
export type CountryZone = MatchedZone;

/** What a step changes of the checkout before pricing; absent fields keep the stored ones. */
export interface CheckoutOverrides {
  shippingCountry?: string;
  billingCountry?: string;
  shippingProvince?: string | null;
  billingProvince?: string | null;
  shippingMethodCode?: string | null;
  couponPromotionId?: number | null;
}

/** The zones containing an address (its country, its province: Sylius' ZoneMatcher), in zone id order. */
export const zonesOf = (zones: readonly CountryZone[], country: string | null, province: string | null = null): string[] =>
  zonesOfAddress(zones, country === null ? null : { countryCode: country, provinceCode: province });

/**
 * The pricing setup of a checkout: shipping methods limited to the shipping
 * address's zones once addressed, taxes by the billing address's zone (the
 * channel's default tax zone when it holds the address or no zone does, else
 * the most specific one: province, country, then zone of zones),
 * the shipment's method kept, the coupon's promotion allowed.
 */
export function checkoutSetup(setup: PricingSetup, row: CheckoutPricingRow | undefined, zones: readonly CountryZone[], nowIso: string, overrides: CheckoutOverrides = {}): PricingSetup {
  const shippingCountry = overrides.shippingCountry ?? row?.shippingCountry ?? null;
  const billingCountry = overrides.billingCountry ?? row?.billingCountry ?? null;
  const shippingProvince = overrides.shippingProvince !== undefined ? overrides.shippingProvince : (row?.shippingProvince ?? null);
  const billingProvince = overrides.billingProvince !== undefined ? overrides.billingProvince : (row?.billingProvince ?? null);
  const couponPromotionId =
    overrides.couponPromotionId !== undefined
      ? overrides.couponPromotionId
      : row?.couponPromotionId != null && couponUsable({ usageLimit: row.couponUsageLimit, used: row.couponUsed ?? 0, expiresAt: row.couponExpiresAt }, nowIso)
        ? row.couponPromotionId
        : null;
  const checkout: CheckoutPricing = {
    shippingZoneCodes: shippingCountry === null ? null : zonesOf(zones, shippingCountry, shippingProvince),
    shippingMethodCode: overrides.shippingMethodCode !== undefined ? overrides.shippingMethodCode : (row?.shipmentMethodCode ?? null),
    couponPromotionId,
    shippingCountryCode: shippingCountry,
  };
  const billingZones = zonesOf(zones, billingCountry, billingProvince);
  const defaultZone = setup.channel.taxZoneCode;
  const billingAddress = billingCountry === null ? null : { countryCode: billingCountry, provinceCode: billingProvince };
  const taxZoneCode =
    billingCountry === null || (defaultZone !== null && billingZones.includes(defaultZone))
      ? defaultZone
      : (mostSpecificZone(zones, billingAddress) ?? defaultZone);
  return { ...setup, channel: { ...setup.channel, taxZoneCode }, checkout };
}

/**
 * The shipment and payment the priced cart needs: a shipment with the method
 * the pricing chose (none when nothing ships or no method can), a payment of
 * the total when it is above zero, with the method it had, or the one chosen
 * now, else the channel's first enabled method (none: no payment, as Sylius'
 * OrderPaymentProvider when no default method resolves).
 */
export function cartLinesOf(after: CartState, row: CheckoutPricingRow | undefined, methods: readonly { id: number }[], chosenPaymentMethodId?: number): CartLines {
  const shipping = after.adjustments.find((a) => a.type === "shipping");
  const methodId = chosenPaymentMethodId ?? row?.paymentMethodId ?? methods[0]?.id ?? null;
  return {
    shippingMethodCode: shipping?.originCode ?? null,
    payment: after.total > 0 && methodId !== null ? { methodId, amount: after.total } : null,
  };
}
