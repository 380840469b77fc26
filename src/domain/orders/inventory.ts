/**
 * Sylius' OrderInventoryOperator (Component/Core/Inventory/Operator), as
 * explicit deltas: tracked variants only, one entry per variant, each with
 * the condition the variant's row must meet BEFORE the change (the guard of
 * the D1 statement that applies it). Never an absolute, recomputed stock:
 * two orders' plans on the same variant then compose in any order.
 */
import type { OrderItemLine } from "./snapshot";

export type InventoryOperation = "hold" | "sell" | "release" | "give_back";

/** Minimums the row must meet before the delta applies; an absent key is no condition. */
export interface StockGuard {
  /** onHand − onHold ≥ this (enough free units to hold). */
  readonly minAvailable?: number;
  readonly minOnHand?: number;
  readonly minOnHold?: number;
}

export interface StockDelta {
  readonly variantId: number;
  /** Added to `onHand` (negative: units leave the shelf). */
  readonly onHand: number;
  /** Added to `onHold` (negative: units no longer reserved). */
  readonly onHold: number;
  readonly requires: StockGuard;
}

interface Step {
  readonly onHand: number;
  readonly onHold: number;
  /** Conditions on the row as it is just before this step. */
  readonly minAvailable?: number;
  readonly minOnHand?: number;
  readonly minOnHold?: number;
}

/** One item, one operation. Sylius asserts the same minimums (sell, release) or checks them at completion (hold). */
function step(operation: InventoryOperation, quantity: number): Step {
  switch (operation) {
    case "hold":
      return { onHand: 0, onHold: quantity, minAvailable: quantity };
    case "sell":
      return { onHand: -quantity, onHold: -quantity, minOnHand: quantity, minOnHold: quantity };
    case "release":
      return { onHand: 0, onHold: -quantity, minOnHold: quantity };
    case "give_back":
      return { onHand: quantity, onHold: 0 };
  }
}

interface Running {
  onHand: number;
  onHold: number;
  minAvailable: number | null;
  minOnHand: number | null;
  minOnHold: number | null;
}

const tighter = (current: number | null, next: number | undefined): number | null =>
  next === undefined ? current : current === null ? next : Math.max(current, next);

/**
 * Runs `operations` in order over the order's tracked items and folds them
 * into one delta per variant (first-seen order). A condition on the row in
 * the middle of the sequence is moved back to the row before it, by
 * subtracting what the earlier steps already changed: hold then sell of q
 * needs onHand − onHold ≥ q and onHand ≥ q beforehand, and leaves onHold as it was.
 */
export function stockDeltas(items: readonly OrderItemLine[], operations: readonly InventoryOperation[]): StockDelta[] {
  const byVariant = new Map<number, Running>();
  for (const operation of operations) {
    for (const item of items) {
      if (!item.tracked) continue;
      const running = byVariant.get(item.variantId) ?? {
        onHand: 0,
        onHold: 0,
        minAvailable: null,
        minOnHand: null,
        minOnHold: null,
      };
      const change = step(operation, item.quantity);
      const moved = (min: number | undefined, already: number) => (min === undefined ? undefined : min - already);
      running.minAvailable = tighter(running.minAvailable, moved(change.minAvailable, running.onHand - running.onHold));
      running.minOnHand = tighter(running.minOnHand, moved(change.minOnHand, running.onHand));
      running.minOnHold = tighter(running.minOnHold, moved(change.minOnHold, running.onHold));
      running.onHand += change.onHand;
      running.onHold += change.onHold;
      byVariant.set(item.variantId, running);
    }
  }
  return [...byVariant].map(([variantId, running]) => ({
    variantId,
    onHand: running.onHand,
    onHold: running.onHold,
    requires: guardOf(running),
  }));
}

/** Stock counts are never negative, so a minimum of 0 or less on onHand/onHold says nothing and is dropped. */
function guardOf(running: Running): StockGuard {
  const guard: { minAvailable?: number; minOnHand?: number; minOnHold?: number } = {};
  if (running.minAvailable !== null) guard.minAvailable = running.minAvailable;
  if (running.minOnHand !== null && running.minOnHand > 0) guard.minOnHand = running.minOnHand;
  if (running.minOnHold !== null && running.minOnHold > 0) guard.minOnHold = running.minOnHold;
  return guard;
}

/** Quantities per tracked variant (a variant may, in principle, sit on two items). */
export function trackedQuantities(items: readonly OrderItemLine[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const item of items) {
    if (item.tracked) quantities.set(item.variantId, (quantities.get(item.variantId) ?? 0) + item.quantity);
  }
  return quantities;
}
