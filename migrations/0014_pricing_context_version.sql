CREATE TABLE `pricing_context_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);

--> statement-breakpoint
-- Hand-written from here: the version's one row and the triggers that raise it.
-- Every insert, update or delete of a row a channel's pricing and checkout
-- context is made of raises the version in the same statement (whoever runs
-- it: the service, `wrangler d1 execute`, an import), so a cart object's copy
-- of the context is known stale on its next change with no application code.
-- Channel pricings are per variant and read with the variants: not part of it.
INSERT INTO `pricing_context_version` (`id`, `version`) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `pricing_context_channels_insert` AFTER INSERT ON `channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_channels_update` AFTER UPDATE ON `channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_channels_delete` AFTER DELETE ON `channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_zones_insert` AFTER INSERT ON `zones` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_zones_update` AFTER UPDATE ON `zones` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_zones_delete` AFTER DELETE ON `zones` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_zone_members_insert` AFTER INSERT ON `zone_members` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_zone_members_update` AFTER UPDATE ON `zone_members` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_zone_members_delete` AFTER DELETE ON `zone_members` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_tax_categories_insert` AFTER INSERT ON `tax_categories` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_tax_categories_update` AFTER UPDATE ON `tax_categories` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_tax_categories_delete` AFTER DELETE ON `tax_categories` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_tax_rates_insert` AFTER INSERT ON `tax_rates` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_tax_rates_update` AFTER UPDATE ON `tax_rates` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_tax_rates_delete` AFTER DELETE ON `tax_rates` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_categories_insert` AFTER INSERT ON `shipping_categories` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_categories_update` AFTER UPDATE ON `shipping_categories` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_categories_delete` AFTER DELETE ON `shipping_categories` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_methods_insert` AFTER INSERT ON `shipping_methods` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_methods_update` AFTER UPDATE ON `shipping_methods` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_methods_delete` AFTER DELETE ON `shipping_methods` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_method_channels_insert` AFTER INSERT ON `shipping_method_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_method_channels_update` AFTER UPDATE ON `shipping_method_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_method_channels_delete` AFTER DELETE ON `shipping_method_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_method_translations_insert` AFTER INSERT ON `shipping_method_translations` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_method_translations_update` AFTER UPDATE ON `shipping_method_translations` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_shipping_method_translations_delete` AFTER DELETE ON `shipping_method_translations` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotions_insert` AFTER INSERT ON `promotions` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotions_update` AFTER UPDATE ON `promotions` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotions_delete` AFTER DELETE ON `promotions` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_rules_insert` AFTER INSERT ON `promotion_rules` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_rules_update` AFTER UPDATE ON `promotion_rules` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_rules_delete` AFTER DELETE ON `promotion_rules` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_actions_insert` AFTER INSERT ON `promotion_actions` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_actions_update` AFTER UPDATE ON `promotion_actions` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_actions_delete` AFTER DELETE ON `promotion_actions` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_channels_insert` AFTER INSERT ON `promotion_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_channels_update` AFTER UPDATE ON `promotion_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_promotion_channels_delete` AFTER DELETE ON `promotion_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_methods_insert` AFTER INSERT ON `payment_methods` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_methods_update` AFTER UPDATE ON `payment_methods` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_methods_delete` AFTER DELETE ON `payment_methods` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_method_channels_insert` AFTER INSERT ON `payment_method_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_method_channels_update` AFTER UPDATE ON `payment_method_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_method_channels_delete` AFTER DELETE ON `payment_method_channels` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_method_translations_insert` AFTER INSERT ON `payment_method_translations` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_method_translations_update` AFTER UPDATE ON `payment_method_translations` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_payment_method_translations_delete` AFTER DELETE ON `payment_method_translations` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
