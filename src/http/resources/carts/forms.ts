/** The forms of carts and cart items (contract §5), children in contract order. */
import { z } from "zod";
import { defineForm } from "../../form";
import { requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { MAX_QUANTITY } from "../../../data/carts/state";
import { documentForm } from "../../openapi/form-docs";

/** An item quantity: an integer (or integral numeric string) in 1..9999. */
export const quantityField = () =>
  z
    .union([z.number(), z.string().regex(/^\s*-?\d+\s*$/).transform(Number)], {
      error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? MSG.blank : MSG.invalid),
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

export const changeItemForm = defineForm({
  quantity: quantityField(),
});

documentForm(changeItemForm, { component: "CartItemChange", descriptions: { quantity: "1..9999." }, example: { quantity: 3 } });
