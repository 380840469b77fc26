/** The forms of carts and cart items, children in the order Sylius clients read them. */
import { z } from "zod";
import { defineForm } from "../../form";
import { requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { MAX_QUANTITY } from "../../../domain/cart/state";
import { documentForm } from "../../openapi/form-docs";

/**
 * An item quantity: an integer (or integral numeric string) in 1..9999. A
 * missing, null or empty quantity is "below 1", as in Sylius, whose item
 * quantity defaults to 0.
 */
export const quantityField = () =>
  z
    .union([z.number(), z.string().regex(/^\s*-?\d+\s*$/).transform(Number)], {
      error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? MSG.quantityTooLow : MSG.invalid),
    })
    .pipe(
      z
        .number()
        .int({ error: MSG.invalid })
        .min(1, { error: MSG.quantityTooLow })
        .max(MAX_QUANTITY, { error: MSG.quantityTooHigh }),
    );

export const cartCreateForm = defineForm({
  customer: requiredString(),
  localeCode: requiredString(),
  channel: requiredString(),
});

documentForm(cartCreateForm, {
  component: "CartCreate",
  descriptions: { customer: "Email of an existing customer.", localeCode: "One of the channel's locales.", channel: "Code of an enabled channel." },
  example: { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" },
});

export const addItemForm = defineForm({
  quantity: quantityField(),
  variant: requiredString(),
});

documentForm(addItemForm, {
  component: "CartItemAdd",
  descriptions: { quantity: "1..9999 (added to the item when the variant is already in the cart).", variant: "Variant code; needs a price in the cart's channel." },
  example: { variant: "MUG_TH_DOUBLE", quantity: 2 },
});

/**
 * `quantity` is optional here because Sylius binds a change body to the item
 * as it is: a body with only other fields fails on those (extra fields) and
 * leaves `quantity` passing; the handler requires it of a body without any
 * (see `requireQuantity`).
 */
export const changeItemForm = defineForm({
  quantity: quantityField().optional(),
});

documentForm(changeItemForm, {
  component: "CartItemChange",
  descriptions: { quantity: "1..9999." },
  example: { quantity: 3 },
  requiredByHandler: ["quantity"],
});

/** A change body that sends neither `quantity` nor any other field fails on `quantity`, as an add does. */
export function requireQuantity(form: { submitted: ReadonlySet<string>; fail(field: "quantity", message: string): void }, body: unknown): void {
  const sentNothing = typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
  if (!form.submitted.has("quantity") && sentNothing) form.fail("quantity", MSG.quantityTooLow);
}
