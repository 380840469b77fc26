/**
 * The checkout's request bodies, as forms for the documentation. The bodies
 * are checked by the cart's object (checkout-step.ts), which needs data for
 * most checks (countries, methods); these shapes describe what it accepts.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { documentForm } from "../../openapi/form-docs";

const address = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    street: z.string(),
    countryCode: z.string(),
    city: z.string(),
    postcode: z.string(),
    phoneNumber: z.string().optional(),
    company: z.string().optional(),
    provinceCode: z.string().optional().meta({
      description: "For a country with provinces (and only then): the code of one of its provinces, required.",
    }),
    provinceName: z.string().optional().meta({ description: "For a country without provinces (and only then): free text." }),
  })
  .optional();

export const addressingForm = defineForm({
  shippingAddress: address,
  billingAddress: address,
  differentShippingAddress: z.boolean().optional(),
  differentBillingAddress: z.boolean().optional(),
});

documentForm(addressingForm, {
  component: "CheckoutAddressing",
  descriptions: {
    shippingAddress: "Used for both addresses unless a flag says they differ and no billing address is sent.",
    billingAddress: "Copied to the shipping address when neither flag is true.",
    differentShippingAddress: "The two addresses differ (same meaning as `differentBillingAddress`).",
    differentBillingAddress: "The two addresses differ: both are taken as sent and both must be valid.",
  },
  example: {
    billingAddress: { firstName: "Anna", lastName: "Nowak", street: "Main 1", countryCode: "PL", city: "Warsaw", postcode: "00-001" },
  },
});

/** A method selection (`shipments` or `payments`): one `{method}` per line, in order. */
function selectionForm(key: "shipments" | "payments", component: string, description: string, method: string) {
  // Its lines are a collection (a list); the cart object renders their errors.
  const form = defineForm({ [key]: z.array(z.object({ method: z.string() })).optional() }, { lists: [key] });
  documentForm(form, { component, descriptions: { [key]: description }, example: { [key]: [{ method }] } });
  return form;
}

export const selectShippingForm = selectionForm(
  "shipments",
  "CheckoutSelectShipping",
  "One entry per shipment, in order: the code of a shipping method it may take.",
  "ups",
);

export const selectPaymentForm = selectionForm(
  "payments",
  "CheckoutSelectPayment",
  "One entry per payment, in order: the code of an enabled payment method of the channel.",
  "cash_on_delivery",
);

export const completeForm = defineForm({
  notes: z.string().optional(),
});

documentForm(completeForm, {
  component: "CheckoutComplete",
  descriptions: { notes: "Stored with the order." },
  example: { notes: "Please ring twice." },
});

export const cartCouponForm = defineForm({
  promotionCoupon: z.string().nullable().optional(),
});

documentForm(cartCouponForm, {
  component: "CartCoupon",
  descriptions: { promotionCoupon: "Code of a coupon of a coupon-based promotion of the cart's channel; `null` or `\"\"` removes the cart's coupon." },
  example: { promotionCoupon: "HOLIDAY-10" },
});
