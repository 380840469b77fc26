// The four checkout requests the benches and the profile send to place an
// order in US_WEB (address, shipping, payment, completion), in one place.

/** An address in the demo's US zone (its UPS shipping method and its tax rate), named after whoever places the order. */
const usAddress = (who) => ({ firstName: who, lastName: "Shopper", street: "1 Main St", countryCode: "US", city: "Springfield", postcode: "12345" });

/**
 * The checkout's steps, in order, each `{ label, method, path(cartId), body }`:
 * `payment` is a payment method of the channel; `who` names the address and,
 * in lower case, the completion's notes.
 */
export function checkoutSteps({ payment, who }) {
  return [
    { label: "address", method: "PUT", path: (id) => `/api/v1/checkouts/addressing/${id}`, body: { billingAddress: usAddress(who) } },
    { label: "select shipping", method: "PUT", path: (id) => `/api/v1/checkouts/select-shipping/${id}`, body: { shipments: [{ method: "UPS" }] } },
    { label: "select payment", method: "PUT", path: (id) => `/api/v1/checkouts/select-payment/${id}`, body: { payments: [{ method: payment }] } },
    { label: "complete", method: "PUT", path: (id) => `/api/v1/checkouts/complete/${id}`, body: { notes: who.toLowerCase() } },
  ];
}
