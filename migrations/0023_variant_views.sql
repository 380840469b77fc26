CREATE TABLE `variant_views` (
	`variant_id` integer PRIMARY KEY NOT NULL,
	`view_version` integer NOT NULL,
	`children` text NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `product_variants` ADD `view_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `product_variants_tax_category` ON `product_variants` (`tax_category_id`);--> statement-breakpoint
CREATE INDEX `product_variants_shipping_category` ON `product_variants` (`shipping_category_id`);--> statement-breakpoint
CREATE INDEX `product_variant_option_values_value` ON `product_variant_option_values` (`option_value_id`);
--> statement-breakpoint
-- Hand-written from here: the triggers that raise a variant's `view_version`.
-- A variant's stored view (`variant_views`) holds what its representation
-- shows from OTHER rows: its translations, channel pricings and option values
-- (each value's code and translations, its option's id, position and name),
-- its tax and shipping categories. Every insert, update or delete of one of
-- those rows raises the version of each variant showing it, in the same
-- statement (whoever runs it: the service, `wrangler d1 execute`, an import),
-- so a stored view of an older version is never read as current. The
-- variant's own columns are not part of the stored view (they are read from
-- `product_variants` on every read), except the two category ids, which pick
-- the categories it shows. No backfill: views are stored on first read.
CREATE TRIGGER `variant_view_translations_insert` AFTER INSERT ON `product_variant_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = NEW.`variant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_translations_update` AFTER UPDATE ON `product_variant_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (OLD.`variant_id`, NEW.`variant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_translations_delete` AFTER DELETE ON `product_variant_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = OLD.`variant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_channel_pricings_insert` AFTER INSERT ON `channel_pricings` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = NEW.`variant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_channel_pricings_update` AFTER UPDATE ON `channel_pricings` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (OLD.`variant_id`, NEW.`variant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_channel_pricings_delete` AFTER DELETE ON `channel_pricings` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = OLD.`variant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_value_links_insert` AFTER INSERT ON `product_variant_option_values` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = NEW.`variant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_value_links_update` AFTER UPDATE ON `product_variant_option_values` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (OLD.`variant_id`, NEW.`variant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_value_links_delete` AFTER DELETE ON `product_variant_option_values` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = OLD.`variant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_values_update` AFTER UPDATE ON `product_option_values` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT `variant_id` FROM `product_variant_option_values` WHERE `option_value_id` IN (OLD.`id`, NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_value_translations_insert` AFTER INSERT ON `product_option_value_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT `variant_id` FROM `product_variant_option_values` WHERE `option_value_id` IN (NEW.`value_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_value_translations_update` AFTER UPDATE ON `product_option_value_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT `variant_id` FROM `product_variant_option_values` WHERE `option_value_id` IN (OLD.`value_id`, NEW.`value_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_value_translations_delete` AFTER DELETE ON `product_option_value_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT `variant_id` FROM `product_variant_option_values` WHERE `option_value_id` IN (OLD.`value_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_options_update` AFTER UPDATE OF `id`, `position` ON `product_options` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT l.`variant_id` FROM `product_variant_option_values` l JOIN `product_option_values` v ON v.`id` = l.`option_value_id` WHERE v.`option_id` IN (OLD.`id`, NEW.`id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_translations_insert` AFTER INSERT ON `product_option_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT l.`variant_id` FROM `product_variant_option_values` l JOIN `product_option_values` v ON v.`id` = l.`option_value_id` WHERE v.`option_id` IN (NEW.`option_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_translations_update` AFTER UPDATE ON `product_option_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT l.`variant_id` FROM `product_variant_option_values` l JOIN `product_option_values` v ON v.`id` = l.`option_value_id` WHERE v.`option_id` IN (OLD.`option_id`, NEW.`option_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_option_translations_delete` AFTER DELETE ON `product_option_translations` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` IN (SELECT l.`variant_id` FROM `product_variant_option_values` l JOIN `product_option_values` v ON v.`id` = l.`option_value_id` WHERE v.`option_id` IN (OLD.`option_id`)); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_tax_categories_update` AFTER UPDATE ON `tax_categories` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `tax_category_id` IN (OLD.`id`, NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_shipping_categories_update` AFTER UPDATE ON `shipping_categories` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `shipping_category_id` IN (OLD.`id`, NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `variant_view_categories` AFTER UPDATE OF `tax_category_id`, `shipping_category_id` ON `product_variants` WHEN OLD.`tax_category_id` IS NOT NEW.`tax_category_id` OR OLD.`shipping_category_id` IS NOT NEW.`shipping_category_id` BEGIN UPDATE `product_variants` SET `view_version` = `view_version` + 1 WHERE `id` = NEW.`id`; END;
