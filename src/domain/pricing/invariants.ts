/**
 * Consistency checks of a priced cart (what step 6 of the recalculation guarantees): every amount is
 * a safe integer, and totals add up from units to items to the cart, counting
 * non-neutral adjustments only. Returns one message per violation; an empty
 * list means the cart is consistent. Used by the tests (here and in the cart
 * object's) — not on the hot path.
 */
import type { Adjustment, PricedCart } from "./types";

function checkAdjustments(where: string, adjustments: readonly Adjustment[], errors: string[]): number {
  let total = 0;
  adjustments.forEach((a, i) => {
    if (!Number.isSafeInteger(a.amount)) {
      errors.push(`${where} adjustment #${i} amount ${a.amount} is not an integer`);
    }
    if (typeof a.neutral !== "boolean") errors.push(`${where} adjustment #${i} neutral is not a boolean`);
    if (!a.neutral) total += a.amount;
  });
  return total;
}

function checkInteger(where: string, value: number, errors: string[]): void {
  if (!Number.isSafeInteger(value)) errors.push(`${where} ${value} is not an integer`);
}

export function checkInvariants(priced: PricedCart): string[] {
  const errors: string[] = [];
  let itemsTotal = 0;
  for (const item of priced.items) {
    const where = `item ${item.itemId}`;
    checkInteger(`${where} unitPrice`, item.unitPrice, errors);
    if (item.units.length !== item.quantity) {
      errors.push(`${where} has ${item.units.length} units for quantity ${item.quantity}`);
    }
    let unitsTotal = 0;
    for (const unit of item.units) {
      const uwhere = `${where} unit ${unit.unitId}`;
      const adjustmentsTotal = checkAdjustments(uwhere, unit.adjustments, errors);
      if (unit.adjustmentsTotal !== adjustmentsTotal) {
        errors.push(`${uwhere} adjustmentsTotal ${unit.adjustmentsTotal} ≠ ${adjustmentsTotal}`);
      }
      if (unit.total !== item.unitPrice + unit.adjustmentsTotal) {
        errors.push(
          `${uwhere} total ${unit.total} ≠ unitPrice ${item.unitPrice} + ${unit.adjustmentsTotal}`,
        );
      }
      checkInteger(`${uwhere} total`, unit.total, errors);
      unitsTotal += unit.total;
    }
    if (item.unitsTotal !== unitsTotal) {
      errors.push(`${where} unitsTotal ${item.unitsTotal} ≠ Σ unit totals ${unitsTotal}`);
    }
    const adjustmentsTotal = checkAdjustments(where, item.adjustments, errors);
    if (item.adjustmentsTotal !== adjustmentsTotal) {
      errors.push(`${where} adjustmentsTotal ${item.adjustmentsTotal} ≠ ${adjustmentsTotal}`);
    }
    if (item.total !== item.unitsTotal + item.adjustmentsTotal) {
      errors.push(`${where} total ${item.total} ≠ ${item.unitsTotal} + ${item.adjustmentsTotal}`);
    }
    itemsTotal += item.total;
  }
  if (priced.itemsTotal !== itemsTotal) {
    errors.push(`cart itemsTotal ${priced.itemsTotal} ≠ Σ item totals ${itemsTotal}`);
  }
  const adjustmentsTotal = checkAdjustments("cart", priced.adjustments, errors);
  if (priced.adjustmentsTotal !== adjustmentsTotal) {
    errors.push(`cart adjustmentsTotal ${priced.adjustmentsTotal} ≠ ${adjustmentsTotal}`);
  }
  const expected = Math.max(0, priced.itemsTotal + priced.adjustmentsTotal);
  if (priced.total !== expected) {
    errors.push(`cart total ${priced.total} ≠ max(0, ${priced.itemsTotal} + ${priced.adjustmentsTotal})`);
  }
  checkInteger("cart total", priced.total, errors);
  return errors;
}
