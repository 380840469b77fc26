/**
 * The cart's state as the data layer reads and writes it: the domain's types
 * (src/domain/cart/state.ts), re-exported for the data layer's modules.
 */
export type { CartState, StoredAdjustment, StoredItem, StoredUnit, VariantInfo } from "../../domain/cart/state";
