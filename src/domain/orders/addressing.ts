/**
 * `PUT /checkouts/addressing/{id}`: which submitted address becomes which
 * (Sylius CoreBundle Checkout\AddressType, PRE_SUBMIT), then both checked.
 * With neither flag set, a sent billing address is copied to the shipping
 * one, else a sent shipping address to the billing one; with either flag,
 * both are taken as sent and both must be valid. The two flags mean the same.
 */
import { checkAddress, type Address, type AddressErrors, type CountryCatalog, type ProvinceCatalog } from "./address-form";

export interface AddressingBody {
  readonly shippingAddress?: unknown;
  readonly billingAddress?: unknown;
  readonly differentShippingAddress?: unknown;
  readonly differentBillingAddress?: unknown;
}

export type AddressingCheck =
  | { readonly ok: true; readonly shippingAddress: Address; readonly billingAddress: Address }
  | { readonly ok: false; readonly errors: { readonly shippingAddress: AddressErrors; readonly billingAddress: AddressErrors } };

/** PHP truthiness (`?? false` then `!`): how Sylius reads the two flags. */
function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "" || value === "0") return false;
  return !(Array.isArray(value) && value.length === 0);
}

/** PHP `isset`: present and not null. */
const isSet = (value: unknown): boolean => value !== undefined && value !== null;

export function pickAddresses(body: AddressingBody): { shippingAddress: unknown; billingAddress: unknown } {
  let { shippingAddress, billingAddress } = body;
  const different = truthy(body.differentBillingAddress) || truthy(body.differentShippingAddress);
  if (!different && isSet(billingAddress)) shippingAddress = billingAddress;
  if (!different && isSet(shippingAddress)) billingAddress = shippingAddress;
  return { shippingAddress, billingAddress };
}

export function checkAddressing(body: AddressingBody, countries: CountryCatalog, provinces?: ProvinceCatalog): AddressingCheck {
  const picked = pickAddresses(body);
  const shipping = checkAddress(picked.shippingAddress, countries, provinces);
  const billing = checkAddress(picked.billingAddress, countries, provinces);
  if (shipping.ok && billing.ok) return { ok: true, shippingAddress: shipping.address, billingAddress: billing.address };
  const none: AddressErrors = { form: [], fields: {} };
  return {
    ok: false,
    errors: { shippingAddress: shipping.ok ? none : shipping.errors, billingAddress: billing.ok ? none : billing.errors },
  };
}
