CREATE TABLE `channel_countries` (
	`channel_id` integer NOT NULL,
	`country_id` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `country_id`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`country_id`) REFERENCES `countries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_countries_country` ON `channel_countries` (`country_id`);--> statement-breakpoint
ALTER TABLE `channels` ADD `theme_name` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `contact_email` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `skipping_shipping_step_allowed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `channels` ADD `skipping_payment_step_allowed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `channels` ADD `account_verification_required` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `channels` ADD `shop_billing_tax_id` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `shop_billing_company` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `shop_billing_country_code` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `shop_billing_street` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `shop_billing_city` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `shop_billing_postcode` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `menu_taxon_id` integer REFERENCES taxons(id);--> statement-breakpoint
CREATE INDEX `channels_menu_taxon` ON `channels` (`menu_taxon_id`);--> statement-breakpoint
ALTER TABLE `customers` ADD `phone_number` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `subscribed_to_newsletter` integer DEFAULT false NOT NULL;