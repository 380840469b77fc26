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