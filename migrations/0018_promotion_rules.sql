CREATE TABLE `customer_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_groups_code_unique` ON `customer_groups` (`code`);--> statement-breakpoint
CREATE INDEX `customer_groups_name` ON `customer_groups` (`name`);--> statement-breakpoint
ALTER TABLE `customers` ADD `group_id` integer REFERENCES customer_groups(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `customers_group` ON `customers` (`group_id`);--> statement-breakpoint
CREATE INDEX `orders_customer_state` ON `orders` (`customer_id`,`state`);--> statement-breakpoint
CREATE INDEX `promotion_actions_type` ON `promotion_actions` (`type`,`promotion_id`);--> statement-breakpoint
CREATE INDEX `promotion_rules_type` ON `promotion_rules` (`type`,`promotion_id`);--> statement-breakpoint
-- Hand-written from here: the customer groups' list counter (migration 0010's
-- way). Nothing here touches pricing_context_version: the cached pricing
-- context holds promotions, not the taxons, product taxons or customer groups
-- their rules name; those are read with each change that needs them.
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'customer_groups', 0, count(*) FROM `customer_groups`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_customer_groups_insert` AFTER INSERT ON `customer_groups` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'customer_groups' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_customer_groups_delete` AFTER DELETE ON `customer_groups` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'customer_groups' AND `owner` = 0; END;
