/**
 * `DELETE /api/v1/carts/{id}` as an operation of the runner: it reads the
 * cart to delete (its addresses), and deletes it with them. A retry of a
 * deletion replays its 204 although the cart is gone: the 404 is the
 * decision's, after the replay.
 */
import { cartToDeleteQuery, deleteCartStatements } from "../data/carts/cart-delete";
import { refuse } from "./refusal";
import type { CartOperation } from "./runner";

/** The ids of a cart's addresses (set by the checkout's addressing). */
export const addressIdsOf = (cart: { shippingAddressId: number | null; billingAddressId: number | null } | undefined): number[] =>
  cart ? [cart.shippingAddressId, cart.billingAddressId].filter((id): id is number => id !== null) : [];

type DeleteReads = { cart: ReturnType<typeof cartToDeleteQuery> };

/** Deletes cart `cartId`; `retire`: what the object drops once the deletion committed. */
export function deleteCartOperation(cartId: number, retire: () => Promise<void>): CartOperation<DeleteReads, null, number[], ReturnType<typeof deleteCartStatements>> {
  return {
    reads: (db) => ({ cart: cartToDeleteQuery(db, cartId) }),
    subject: () => null,
    decide: (_, rows) => {
      if (!rows.cart.length) throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
      return addressIdsOf(rows.cart[0]);
    },
    kept: () => ({ status: 204, resource: null }),
    statements: (db, addressIds) => deleteCartStatements(db, cartId, addressIds),
    events: () => [],
    committed: retire,
    answer: () => ({ status: 204, body: null }),
  };
}
