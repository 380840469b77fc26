/**
 * Every text the checkout and order lifecycle answers with, worded exactly as
 * Sylius 1.8 (its validators.en.yml and state machines) words them: clients
 * may match on them, so keep the texts exactly and keep them here only.
 */
import { MSG } from "../messages";

/** The machines a refused transition can name (the words of the 409 message). */
export type MachineLabel = "checkout" | "order" | "order payment" | "order shipping" | "payment" | "shipment";

export const ORDER_MSG = {
  /** 409: `Transition "complete" cannot be applied on checkout state "shipping_selected".` */
  transitionRefused: (transition: string, machine: MachineLabel, state: string) =>
    `Transition "${transition}" cannot be applied on ${machine} state "${state}".`,

  // Complete (form-level errors, in Sylius' order: shipping method, payment method, products, stock).
  shippingMethodIneligible: (methodName: string) =>
    `Product does not fit requirements for ${methodName} shipping method. Please reselect your shipping method.`,
  paymentMethodDisabled: (methodName: string) =>
    `This payment method ${methodName} has been disabled. Please reselect your payment method.`,
  productDisabled: (name: string) => `This product ${name} has been disabled.`,
  /** The same text as the cart's add-to-cart check (the cart item rules). */
  insufficientStock: MSG.insufficientStock,

  // Shipping and payment selection.
  shippingMethodMissing: "Please select shipping method.",
  methodInvalid: MSG.invalid,
  shippingMethodsUnresolvable: "The shipment methods cannot be resolved in the current state of cart!",
  paymentMethodsUnresolvable: "The payment methods cannot be resolved in the current state of cart!",

  // Addressing (Sylius AddressingBundle validators.en.yml).
  firstNameBlank: "Please enter first name.",
  lastNameBlank: "Please enter last name.",
  countryBlank: "Please select country.",
  streetBlank: "Please enter street.",
  cityBlank: "Please enter city.",
  postcodeBlank: "Please enter postcode.",
  countryInvalid: MSG.invalid,
  /** AddressingBundle's ProvinceAddressConstraint (sylius.address.province.valid). */
  provinceInvalid: "Please select proper province.",
  /** Symfony's plural pick: `1` takes the first variant, which Sylius writes without the final dot. */
  tooShort: (label: AddressTextLabel, limit: number) =>
    `${label} must be at least ${limit} characters long${limit === 1 ? "" : "."}`,
  tooLong: (label: AddressTextLabel, limit: number) =>
    `${label} must not be longer than ${limit} characters${limit === 1 ? "" : "."}`,
} as const;

/** How Sylius names an address field in its length messages. */
export type AddressTextLabel = "First name" | "Last name" | "Street" | "City" | "Postcode";
