/** The pure cart recalculation engine (contract §6). */
export { recalculate } from "./recalculate";
export { checkInvariants } from "./invariants";
export { prorate, splitEvenly, splitOverUnits } from "./prorate";
export { formatPercent, mulRound, parseDecimal, type Rational } from "./decimal";
export type {
  Adjustment,
  AdjustmentType,
  CartSnapshot,
  CategoryRequirement,
  ItemSnapshot,
  Money,
  PricedCart,
  PricedItem,
  PricedUnit,
  PricingChannel,
  PricingContext,
  Promotion,
  PromotionPart,
  ShippingCalculator,
  ShippingMethod,
  TaxCalculationStrategy,
  TaxRate,
} from "./types";
