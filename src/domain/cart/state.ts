/**
 * A cart as its Durable Object holds it in memory: exactly the rows it owns
 * in D1 (order, items, units, adjustments), as of the order's `version`. The
 * object writes these rows, and its writes apply only at the version it
 * read, so after a committed change this copy is the truth and the next
 * change need not re-read it unless the version moved (change-reads.ts).
 */

export interface StoredAdjustment {
  id: number;
  type: string;
  label: string;
  amount: number;
  neutral: boolean;
  originCode: string | null;
}

export interface StoredUnit {
  id: number;
  adjustmentsTotal: number;
  adjustments: StoredAdjustment[];
}

export interface StoredItem {
  id: number;
  variantId: number;
  quantity: number;
  unitPrice: number;
  unitsTotal: number;
  adjustmentsTotal: number;
  total: number;
  units: StoredUnit[];
  adjustments: StoredAdjustment[];
}

export interface CartState {
  id: number;
  channelId: number;
  channelCode: string;
  currencyCode: string;
  localeCode: string;
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
  items: StoredItem[];
  /** Order-level adjustments. */
  adjustments: StoredAdjustment[];
}

/** What a change needs to know of a variant (current catalogue data). */
export interface VariantInfo {
  id: number;
  code: string;
  productCode: string;
  tracked: boolean;
  onHand: number;
  onHold: number;
  taxCategoryCode: string | null;
  shippingCategoryCode: string | null;
  /** Name in the cart's locale (else any), for the stock message. */
  name: string | null;
  productName: string | null;
  /** Price in the cart's channel, or null when it has none. */
  price: number | null;
  enabled: boolean;
  productEnabled: boolean;
  shippingRequired: boolean;
  /** A unit's weight, or null (shipping rules on the total weight). */
  weight: number | null;
}

/** Item limits of a cart: the quantity of one item, and how many distinct items it holds. */
export const MAX_QUANTITY = 9999;
export const MAX_DISTINCT_ITEMS = 500;
