/** The pure cart recalculation engine. */
export { recalculate } from "./recalculate";
export { pricingContextFrom, promotionFrom, readStoredAction, readStoredRule } from "./stored-promotions";
export { checkInvariants } from "./invariants";
export { needsMore, NO_FACTS, promotionFactNeeds, type FactNeeds } from "./facts";
export {
  readShippingRule,
  shippingRuleHolds,
  shippingRulesHold,
  SHIPPING_RULE_TYPES,
  type ShippingRule,
  type ShippingSubject,
  type StoredShippingRule,
} from "./shipping-rules";
export { prorate, splitEvenly, splitOverUnits } from "./prorate";
export { formatPercent, mulRound, parseDecimal, type Rational } from "./decimal";
export type {
  Adjustment,
  AdjustmentType,
  CartSnapshot,
  CategoryRequirement,
  CheckoutPricing,
  ItemSnapshot,
  Money,
  PricedCart,
  PricedItem,
  PricedUnit,
  PricingChannel,
  PricingContext,
  PricingSetup,
  Promotion,
  PromotionAction,
  PromotionFacts,
  PromotionPart,
  PromotionRule,
  ShippingCalculator,
  ShippingMethod,
  StoredPromotion,
  TaxCalculationStrategy,
  TaxRate,
} from "./types";
