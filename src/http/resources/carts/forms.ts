/** The forms of carts and cart items (contract §5), children in contract order. */
import { z } from "zod";
import { defineForm } from "../../form";
import { requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { MAX_QUANTITY } from "../../../data/carts/state";

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

export const addItemForm = defineForm({
  quantity: quantityField(),
  variant: requiredString(),
});

export const changeItemForm = defineForm({
  quantity: quantityField(),
});
