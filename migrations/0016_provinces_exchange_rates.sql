CREATE TABLE `exchange_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source_currency_id` integer NOT NULL,
	`target_currency_id` integer NOT NULL,
	`ratio` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`source_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_rates_pair` ON `exchange_rates` (`source_currency_id`,`target_currency_id`);--> statement-breakpoint
CREATE INDEX `exchange_rates_target` ON `exchange_rates` (`target_currency_id`);--> statement-breakpoint
CREATE INDEX `exchange_rates_created_at` ON `exchange_rates` (`created_at`);--> statement-breakpoint
CREATE TABLE `provinces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country_id` integer NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`abbreviation` text,
	FOREIGN KEY (`country_id`) REFERENCES `countries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provinces_code_unique` ON `provinces` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `provinces_country_name` ON `provinces` (`country_id`,`name`);
--> statement-breakpoint
-- Hand-written from here: the list counter of exchange rates (as migration
-- 0010's): kept by SQLite in the statement that inserts or deletes a rate,
-- a currency's delete (which cascades to its rates) included.
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'exchange_rates', 0, count(*) FROM `exchange_rates`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_exchange_rates_insert` AFTER INSERT ON `exchange_rates` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'exchange_rates' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_exchange_rates_delete` AFTER DELETE ON `exchange_rates` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'exchange_rates' AND `owner` = 0; END;
