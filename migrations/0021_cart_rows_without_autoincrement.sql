-- The cart's own rows (items, units, adjustments) lose AUTOINCREMENT: their ids
-- come from the blocks the cart object reserves (row_id_sequences), and with
-- AUTOINCREMENT every INSERT into them scanned `sqlite_sequence` (one row per
-- table of the schema), about 40 rows read per statement of a cart change.
--
-- Hand-written from here (drizzle-kit's rebuild turns foreign keys off, which
-- D1 ignores inside a migration: dropping `order_items` would then cascade to
-- every unit and adjustment). Instead the new tables are built beside the old
-- ones, each child referencing the new parent; the old tables are dropped
-- children first (a table nothing references any more deletes nothing else);
-- the renames then carry the references over to the final names.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `order_items_v2` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`units_total` integer NOT NULL,
	`adjustments_total` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `order_items_v2` (`id`, `order_id`, `variant_id`, `quantity`, `unit_price`, `units_total`, `adjustments_total`, `total`)
  SELECT `id`, `order_id`, `variant_id`, `quantity`, `unit_price`, `units_total`, `adjustments_total`, `total` FROM `order_items`;
--> statement-breakpoint
CREATE TABLE `order_item_units_v2` (
	`id` integer PRIMARY KEY NOT NULL,
	`item_id` integer NOT NULL,
	`adjustments_total` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `order_items_v2`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `order_item_units_v2` (`id`, `item_id`, `adjustments_total`) SELECT `id`, `item_id`, `adjustments_total` FROM `order_item_units`;
--> statement-breakpoint
CREATE TABLE `order_item_unit_chunks_v2` (
	`item_id` integer NOT NULL,
	`chunk` integer NOT NULL,
	`units` text NOT NULL,
	PRIMARY KEY(`item_id`, `chunk`),
	FOREIGN KEY (`item_id`) REFERENCES `order_items_v2`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `order_item_unit_chunks_v2` (`item_id`, `chunk`, `units`) SELECT `item_id`, `chunk`, `units` FROM `order_item_unit_chunks`;
--> statement-breakpoint
CREATE TABLE `adjustments_v2` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`order_item_id` integer,
	`order_item_unit_id` integer,
	`type` text NOT NULL,
	`label` text NOT NULL,
	`amount` integer NOT NULL,
	`neutral` integer DEFAULT false NOT NULL,
	`origin_code` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items_v2`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_unit_id`) REFERENCES `order_item_units_v2`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `adjustments_v2` (`id`, `order_id`, `order_item_id`, `order_item_unit_id`, `type`, `label`, `amount`, `neutral`, `origin_code`)
  SELECT `id`, `order_id`, `order_item_id`, `order_item_unit_id`, `type`, `label`, `amount`, `neutral`, `origin_code` FROM `adjustments`;
--> statement-breakpoint
DROP TABLE `adjustments`;
--> statement-breakpoint
DROP TABLE `order_item_unit_chunks`;
--> statement-breakpoint
DROP TABLE `order_item_units`;
--> statement-breakpoint
DROP TABLE `order_items`;
--> statement-breakpoint
ALTER TABLE `order_items_v2` RENAME TO `order_items`;
--> statement-breakpoint
ALTER TABLE `order_item_units_v2` RENAME TO `order_item_units`;
--> statement-breakpoint
ALTER TABLE `order_item_unit_chunks_v2` RENAME TO `order_item_unit_chunks`;
--> statement-breakpoint
ALTER TABLE `adjustments_v2` RENAME TO `adjustments`;
--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_order_variant` ON `order_items` (`order_id`,`variant_id`);
--> statement-breakpoint
CREATE INDEX `order_items_variant` ON `order_items` (`variant_id`);
--> statement-breakpoint
CREATE INDEX `order_item_units_item` ON `order_item_units` (`item_id`);
--> statement-breakpoint
CREATE INDEX `adjustments_order_unit` ON `adjustments` (`order_id`,`order_item_unit_id`);
--> statement-breakpoint
CREATE INDEX `adjustments_item` ON `adjustments` (`order_item_id`);
--> statement-breakpoint
CREATE INDEX `adjustments_unit` ON `adjustments` (`order_item_unit_id`) WHERE order_item_unit_id IS NOT NULL;
--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
