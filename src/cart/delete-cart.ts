/**
 * `DELETE /api/v1/carts/{id}` as an operation of the runner: it reads the
 * cart to delete (its addresses), and deletes it with them. A retry of a
 * deletion replays its 204 although the cart is gone: the 404 is the
 * decision's, after the replay.
 */
import { cartGone, cartToDeleteQuery, deleteCartStatements } from "../data/carts/cart-delete";
import { eventInsertWhere } from "../data/carts/cart-events";
import { cartDeleted, type OrderFacts } from "../domain/events/lifecycle";
import { refuse } from "./refusal";
import type { CartOperation } from "./runner";

/** The ids of a cart's addresses (set by the checkout's addressing). */
export const addressIdsOf = (cart: { shippingAddressId: number | null; billingAddressId: number | null } | undefined): number[] =>
  cart ? [cart.shippingAddressId, cart.billingAddressId].filter((id): id is number => id !== null) : [];

type DeleteReads = { cart: ReturnType<typeof cartToDeleteQuery> };

/** The deletion's plan: the cart's addresses, and what its `cart.deleted` says of the cart (as read). */
interface DeletePlan {
  addressIds: number[];
  facts: OrderFacts;
  version: number;
}

/** Deletes cart `cartId`; `retire`: what the object drops once the deletion committed. */
export function deleteCartOperation(cartId: number, retire: () => Promise<void>): CartOperation<DeleteReads, null, DeletePlan, ReturnType<typeof deleteCartStatements>> {
  return {
    reads: (db) => ({ cart: cartToDeleteQuery(db, cartId) }),
    subject: () => null,
    decide: (_, rows) => {
      const cart = rows.cart[0];
      if (!cart) throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
      return { addressIds: addressIdsOf(cart), facts: cart, version: cart.version };
    },
    kept: () => ({ status: 204, resource: null }),
    statements: (db, plan) => deleteCartStatements(db, cartId, plan.addressIds),
    // Written only once the cart's row is gone (its delete is guarded by the cart still being one).
    events: (db, plan, actor) => eventInsertWhere(db, [cartDeleted(plan.facts, plan.version, actor())], cartGone(cartId)),
    committed: retire,
    answer: () => ({ status: 204, body: null }),
  };
}
