/**
 * The domain of a cart change, free of I/O: what the items become after an
 * add / change / remove (with the rules on quantity, stock and
 * item count), and the new cart state after repricing it with the pure
 * engine, with stable ids for everything that survives.
 */
import { pricingContextFrom, recalculate, type Adjustment, type CartSnapshot, type ItemSnapshot, type PricedCart, type PricingSetup } from "../pricing";
import { MSG } from "../messages";
import { MAX_DISTINCT_ITEMS, MAX_QUANTITY, type CartState, type StoredAdjustment, type StoredItem, type VariantInfo } from "./state";

/** An item as the change wants it: quantity and the ids of its units (oldest first). */
export interface ItemPlan {
  id: number;
  variantId: number;
  quantity: number;
  unitIds: number[];
}

/** A source of fresh row ids (reserved in D1 ahead of time). */
export interface IdSource {
  take(): number;
}

export class IdsExhausted extends Error {}

/** Errors of the add-item / change-item forms, by field. */
export interface ChangeErrors {
  quantity?: string[];
  variant?: string[];
  form?: string[];
}

export type PlanResult = { plans: ItemPlan[]; itemId: number } | { errors: ChangeErrors } | { notFound: true };

export const plansOf = (cart: CartState): ItemPlan[] =>
  cart.items.map((i) => ({ id: i.id, variantId: i.variantId, quantity: i.quantity, unitIds: i.units.map((u) => u.id) }));

function withQuantity(plan: ItemPlan, quantity: number, ids: IdSource): ItemPlan {
  const unitIds = plan.unitIds.slice(0, quantity);
  while (unitIds.length < quantity) unitIds.push(ids.take());
  return { ...plan, quantity, unitIds };
}

/** The stock message names the product (in the cart's locale, else its code), as Sylius does. */
function stockError(variant: VariantInfo, quantity: number): string | null {
  if (!variant.tracked || quantity <= variant.onHand - variant.onHold) return null;
  return MSG.insufficientStock(variant.productName ?? variant.productCode);
}

/** A variant can be sold in a cart: it and its product are enabled and it has a price in the cart's channel. */
const sellable = (variant: VariantInfo | undefined): variant is VariantInfo =>
  variant !== undefined && variant.price !== null && variant.enabled && variant.productEnabled;

/** What an add or a change needs to know besides the cart and the variant. */
export interface ChangeContext {
  channelEnabled: boolean;
  /** Current data of the cart's variants, by id. */
  variants: ReadonlyMap<number, VariantInfo>;
}

/**
 * A cart whose channel is disabled, or that holds an item that can no longer
 * be sold (no price in the channel, variant or product disabled), takes no
 * add and no change: its totals could not be priced honestly. Removing items
 * and deleting the cart stay allowed, so a client can repair it.
 */
export function cartBlocked(cart: CartState, context: ChangeContext): boolean {
  return !context.channelEnabled || cart.items.some((item) => !sellable(context.variants.get(item.variantId)));
}

/** Adds `quantity` of a variant: one item per variant, so an existing item grows. */
export function planAdd(cart: CartState, variant: VariantInfo | undefined, quantity: number, context: ChangeContext, ids: IdSource): PlanResult {
  const errors: ChangeErrors = {};
  if (!sellable(variant)) errors.variant = [MSG.invalid];
  if (cartBlocked(cart, context)) errors.form = [MSG.invalid];
  if (!sellable(variant) || errors.form) return { errors };
  const plans = plansOf(cart);
  const existing = plans.find((p) => p.variantId === variant.id);
  const resulting = (existing?.quantity ?? 0) + quantity;
  if (resulting > MAX_QUANTITY) return { errors: { quantity: [MSG.quantityTooHigh] } };
  const stock = stockError(variant, resulting);
  if (stock) return { errors: { form: [stock] } };
  if (existing) {
    return { plans: plans.map((p) => (p === existing ? withQuantity(p, resulting, ids) : p)), itemId: existing.id };
  }
  if (plans.length >= MAX_DISTINCT_ITEMS) return { errors: { form: [MSG.cartFull] } };
  const item = withQuantity({ id: ids.take(), variantId: variant.id, quantity: 0, unitIds: [] }, quantity, ids);
  return { plans: [...plans, item], itemId: item.id };
}

export function planChange(cart: CartState, itemId: number, quantity: number, context: ChangeContext, ids: IdSource): PlanResult {
  const plans = plansOf(cart);
  const target = plans.find((p) => p.id === itemId);
  if (!target) return { notFound: true };
  const variant = context.variants.get(target.variantId);
  const errors: ChangeErrors = {};
  // Its price is gone from the channel: no quantity of it can be priced.
  if (variant?.price === null || variant === undefined) errors.quantity = [MSG.invalid];
  if (cartBlocked(cart, context)) errors.form = [MSG.invalid];
  if (errors.quantity || errors.form || variant === undefined) return { errors };
  const stock = quantity > target.quantity ? stockError(variant, quantity) : null;
  if (stock) return { errors: { form: [stock] } };
  return { plans: plans.map((p) => (p === target ? withQuantity(p, quantity, ids) : p)), itemId };
}

export function planRemove(cart: CartState, itemId: number): PlanResult {
  const plans = plansOf(cart);
  if (!plans.some((p) => p.id === itemId)) return { notFound: true };
  return { plans: plans.filter((p) => p.id !== itemId), itemId };
}

/** An item (planned or held) as the pricing engine sees it, with its variant's current data. */
export const itemSnapshotOf = (plan: ItemPlan, variant: VariantInfo): ItemSnapshot => ({
  itemId: plan.id,
  variantCode: variant.code,
  productCode: variant.productCode,
  quantity: plan.quantity,
  unitIds: plan.unitIds,
  taxCategoryCode: variant.taxCategoryCode,
  shippingCategoryCode: variant.shippingCategoryCode,
  shippingRequired: variant.shippingRequired,
  weight: variant.weight,
});

/** The cart's items as the pricing engine sees them (items whose variant is not in `variants` left out). */
export const itemSnapshots = (cart: CartState, variants: ReadonlyMap<number, VariantInfo>): ItemSnapshot[] =>
  plansOf(cart).flatMap((plan) => {
    const variant = variants.get(plan.variantId);
    return variant ? [itemSnapshotOf(plan, variant)] : [];
  });

/**
 * Reprices the planned items and returns the new state. Adjustments keep
 * their ids when the same source adjusts the same row again, so an unchanged
 * adjustment is not rewritten.
 */
export function repriceCart(
  cart: CartState,
  plans: ItemPlan[],
  variants: Map<number, VariantInfo>,
  setup: PricingSetup,
  now: string,
  ids: IdSource,
): CartState {
  const oldItems = new Map(cart.items.map((i) => [i.id, i]));
  const prices: Record<string, number> = {};
  const snapshot: CartSnapshot = {
    channelCode: cart.channelCode,
    currencyCode: cart.currencyCode,
    items: plans.map((plan) => {
      const variant = variants.get(plan.variantId);
      if (!variant) throw new Error(`Variant ${plan.variantId} of cart ${cart.id} is missing`);
      // Only a removal reprices a cart holding an item without a price (adds and changes are refused
      // then): that item keeps the price the cart last had until it is removed too.
      prices[variant.code] = variant.price ?? oldItems.get(plan.id)?.unitPrice ?? 0;
      return itemSnapshotOf(plan, variant);
    }),
  };
  const priced = recalculate(snapshot, pricingContextFrom(setup, now, prices));
  return toState(cart, plans, priced, ids);
}

function plannedVariant(plans: ReadonlyMap<number, ItemPlan>, itemId: number): number {
  const plan = plans.get(itemId);
  if (!plan) throw new Error(`Planned item ${itemId} was not found.`);
  return plan.variantId;
}

function toState(cart: CartState, plans: ItemPlan[], priced: PricedCart, ids: IdSource): CartState {
  const keep = new AdjustmentIds(cart, ids);
  const planById = new Map(plans.map((p) => [p.id, p]));
  const items: StoredItem[] = priced.items.map((item) => ({
    id: item.itemId,
    variantId: plannedVariant(planById, item.itemId),
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    unitsTotal: item.unitsTotal,
    adjustmentsTotal: item.adjustmentsTotal,
    total: item.total,
    adjustments: item.adjustments.map((a) => keep.assign(`i${item.itemId}`, a)),
    units: item.units.map((unit) => ({
      id: unit.unitId,
      adjustmentsTotal: unit.adjustmentsTotal,
      adjustments: unit.adjustments.map((a) => keep.assign(`u${unit.unitId}`, a)),
    })),
  }));
  return {
    ...cart,
    items,
    adjustments: priced.adjustments.map((a) => keep.assign("o", a)),
    itemsTotal: priced.itemsTotal,
    adjustmentsTotal: priced.adjustmentsTotal,
    total: priced.total,
  };
}

/** Matches new adjustments to old ones by owner, type and origin. */
class AdjustmentIds {
  private readonly free = new Map<string, number[]>();

  constructor(cart: CartState, private readonly ids: IdSource) {
    const add = (owner: string, list: StoredAdjustment[]) => {
      for (const a of list) {
        const key = `${owner}|${a.type}|${a.originCode ?? ""}`;
        const bucket = this.free.get(key) ?? [];
        bucket.push(a.id);
        this.free.set(key, bucket);
      }
    };
    add("o", cart.adjustments);
    for (const item of cart.items) {
      add(`i${item.id}`, item.adjustments);
      for (const unit of item.units) add(`u${unit.id}`, unit.adjustments);
    }
  }

  assign(owner: string, a: Adjustment): StoredAdjustment {
    const id = this.free.get(`${owner}|${a.type}|${a.originCode}`)?.shift() ?? this.ids.take();
    return { id, type: a.type, label: a.label, amount: a.amount, neutral: a.neutral, originCode: a.originCode };
  }
}
