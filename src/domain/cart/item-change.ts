/**
 * An item change (add, change quantity, remove) as a decision: which item
 * plans the cart has after it, or why it changes nothing. Pure: the cart
 * object's item-change operation (src/cart/item-change.ts) reads or holds
 * the inputs, reprices the plans and writes them.
 */
import { MSG } from "../messages";
import { cartBlocked, planAdd, planChange, planRemove, type ChangeContext, type ChangeErrors, type IdSource, type PlanResult } from "./cart-change";
import type { CartState, VariantInfo } from "./state";

/** An item change as the gateway asks it (null: a field the worker's form already refused). */
export type ItemChange =
  | { kind: "add"; variantCode: string | null; quantity: number | null }
  | { kind: "change"; itemId: number; quantity: number | null }
  | { kind: "remove"; itemId: number };

/**
 * The plans of `cart` after `change`, or its refusal. A field the worker's
 * form refused (null) makes no plan: the refusal then reports what only data
 * can tell (the variant, a blocked cart), all at once, for the worker to
 * merge with its own errors.
 */
export function planItemChange(cart: CartState, change: ItemChange, variants: readonly VariantInfo[], context: ChangeContext, ids: IdSource): PlanResult {
  switch (change.kind) {
    case "add": {
      const variant = change.variantCode === null ? undefined : variants.find((v) => v.code === change.variantCode);
      if (change.variantCode === null || change.quantity === null) {
        const errors: ChangeErrors = {};
        if (change.variantCode !== null && (!variant || variant.price === null || !variant.enabled || !variant.productEnabled)) {
          errors.variant = [MSG.invalid];
        }
        if (cartBlocked(cart, context)) errors.form = [MSG.invalid];
        return { errors };
      }
      return planAdd(cart, variant, change.quantity, context, ids);
    }
    case "change":
      if (change.quantity === null) {
        if (!cart.items.some((i) => i.id === change.itemId)) return { notFound: true };
        return { errors: cartBlocked(cart, context) ? { form: [MSG.invalid] } : {} };
      }
      return planChange(cart, change.itemId, change.quantity, context, ids);
    case "remove":
      return planRemove(cart, change.itemId);
  }
}

/** The variants of `cart` that `change` leaves in it, from `byId` (null when one is not there). */
export function variantsAfter(cart: CartState, change: ItemChange, byId: ReadonlyMap<number, VariantInfo>): VariantInfo[] | null {
  const variants = cart.items.filter((item) => change.kind !== "remove" || item.id !== change.itemId).map((item) => byId.get(item.variantId));
  return variants.every((v): v is VariantInfo => v !== undefined) ? variants : null;
}

/** The stock a change checks: the item's variant and the quantity it must have available, when the quantity grows (planChange). */
export function stockNeededBy(cart: CartState, change: ItemChange): { variantId: number; quantity: number } | null {
  if (change.kind !== "change" || change.quantity === null) return null;
  const item = cart.items.find((i) => i.id === change.itemId);
  return item && change.quantity > item.quantity ? { variantId: item.variantId, quantity: change.quantity } : null;
}
