CREATE TABLE `product_attribute_translations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`attribute_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`attribute_id`) REFERENCES `product_attributes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_attribute_translations_attribute_locale` ON `product_attribute_translations` (`attribute_id`,`locale`);--> statement-breakpoint
CREATE TABLE `product_attribute_values` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`attribute_id` integer NOT NULL,
	`locale_code` text NOT NULL,
	`value` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attribute_id`) REFERENCES `product_attributes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_attribute_values_product_attribute_locale` ON `product_attribute_values` (`product_id`,`attribute_id`,`locale_code`);--> statement-breakpoint
CREATE INDEX `product_attribute_values_attribute` ON `product_attribute_values` (`attribute_id`);--> statement-breakpoint
CREATE TABLE `product_attributes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`type` text NOT NULL,
	`configuration` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_attributes_code_unique` ON `product_attributes` (`code`);--> statement-breakpoint
CREATE INDEX `product_attributes_position` ON `product_attributes` (`position`);--> statement-breakpoint
CREATE INDEX `product_attributes_created` ON `product_attributes` (`created_at`);--> statement-breakpoint
CREATE INDEX `product_attributes_updated` ON `product_attributes` (`updated_at`);
--> statement-breakpoint
-- Hand-written from here: the list counters of product attributes (in
-- `list_counts`)
-- and the sortable positions' gap, closed by SQLite when an attribute is
-- deleted (Gedmo Sortable's behaviour in Sylius).
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'product_attributes', 0, count(*) FROM `product_attributes`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_attributes_insert` AFTER INSERT ON `product_attributes` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'product_attributes' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_attributes_delete` AFTER DELETE ON `product_attributes` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_attributes' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `product_attributes_close_gap` AFTER DELETE ON `product_attributes` BEGIN UPDATE `product_attributes` SET `position` = `position` - 1 WHERE `position` > OLD.`position`; END;
