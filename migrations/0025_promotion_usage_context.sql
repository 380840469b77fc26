-- An order placed (or cancelled) with a promotion moves the promotion's
-- `used`, and every update of a promotion raised the pricing context's
-- version (migration 0014): each order placed with a running promotion made
-- every cart object's copy of the context stale, so the next change of every
-- cart in the shop failed its guarded write and read the whole context again.
-- Pricing reads `used` only through `used < usage_limit` (the promotion's
-- eligibility), so an update of `used` alone raises the version only when it
-- flips that; an update naming any other column raises it as before.
DROP TRIGGER `pricing_context_promotions_update`;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotions_update`
  AFTER UPDATE OF `id`, `code`, `name`, `description`, `priority`, `exclusive`, `usage_limit`, `coupon_based`, `starts_at`, `ends_at`, `created_at`, `updated_at` ON `promotions`
BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotions_usage` AFTER UPDATE OF `used` ON `promotions`
  WHEN (OLD.`used` < OLD.`usage_limit`) IS NOT (NEW.`used` < NEW.`usage_limit`)
BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
