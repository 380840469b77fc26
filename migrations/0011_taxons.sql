CREATE TABLE `product_taxons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`taxon_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`taxon_id`) REFERENCES `taxons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_taxons_product_taxon` ON `product_taxons` (`product_id`,`taxon_id`);--> statement-breakpoint
CREATE INDEX `product_taxons_taxon_position` ON `product_taxons` (`taxon_id`,`position`);--> statement-breakpoint
CREATE TABLE `taxon_translations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`taxon_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	FOREIGN KEY (`taxon_id`) REFERENCES `taxons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `taxon_translations_taxon_locale` ON `taxon_translations` (`taxon_id`,`locale`);--> statement-breakpoint
CREATE UNIQUE INDEX `taxon_translations_locale_slug` ON `taxon_translations` (`locale`,`slug`);--> statement-breakpoint
CREATE TABLE `taxons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`parent_id` integer,
	`root_id` integer,
	`tree_left` integer NOT NULL,
	`tree_right` integer NOT NULL,
	`tree_level` integer NOT NULL,
	`position` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `taxons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`root_id`) REFERENCES `taxons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `taxons_code_unique` ON `taxons` (`code`);--> statement-breakpoint
CREATE INDEX `taxons_root_left` ON `taxons` (`root_id`,`tree_left`);--> statement-breakpoint
CREATE INDEX `taxons_root_right` ON `taxons` (`root_id`,`tree_right`);--> statement-breakpoint
CREATE INDEX `taxons_parent_position` ON `taxons` (`parent_id`,`position`);--> statement-breakpoint
ALTER TABLE `products` ADD `main_taxon_id` integer REFERENCES taxons(id);--> statement-breakpoint
CREATE INDEX `products_main_taxon` ON `products` (`main_taxon_id`);
--> statement-breakpoint
-- Hand-written from here: the taxon list's counter in list_counts (scope
-- `taxons`, owner 0), kept by triggers as every list's total is.
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'taxons', 0, count(*) FROM `taxons`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_taxons_insert` AFTER INSERT ON `taxons` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'taxons' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_taxons_delete` AFTER DELETE ON `taxons` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'taxons' AND `owner` = 0; END;
