CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone_number` text,
	`company` text,
	`country_code` text NOT NULL,
	`province_code` text,
	`province_name` text,
	`street` text NOT NULL,
	`city` text NOT NULL,
	`postcode` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `countries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `countries_code_unique` ON `countries` (`code`);--> statement-breakpoint
CREATE TABLE `payment_method_channels` (
	`method_id` integer NOT NULL,
	`channel_id` integer NOT NULL,
	PRIMARY KEY(`method_id`, `channel_id`),
	FOREIGN KEY (`method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payment_method_translations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`method_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	FOREIGN KEY (`method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_method_translations_method_locale` ON `payment_method_translations` (`method_id`,`locale`);--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_code_unique` ON `payment_methods` (`code`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`method_id` integer,
	`currency_code` text NOT NULL,
	`amount` integer NOT NULL,
	`state` text DEFAULT 'cart' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `payments_state_created` ON `payments` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `promotion_coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promotion_id` integer NOT NULL,
	`code` text NOT NULL,
	`usage_limit` integer,
	`per_customer_usage_limit` integer,
	`used` integer DEFAULT 0 NOT NULL,
	`expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_coupons_code_unique` ON `promotion_coupons` (`code`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion` ON `promotion_coupons` (`promotion_id`);--> statement-breakpoint
CREATE TABLE `shipments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`method_id` integer,
	`state` text DEFAULT 'cart' NOT NULL,
	`tracking` text,
	`shipped_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`method_id`) REFERENCES `shipping_methods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `shipments_order` ON `shipments` (`order_id`);--> statement-breakpoint
CREATE INDEX `shipments_state_created` ON `shipments` (`state`,`created_at`);--> statement-breakpoint
ALTER TABLE `channels` ADD `hostname` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `description` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `color` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `birthday` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `gender` text DEFAULT 'u' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `checkout_completed_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `notes` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_state` text DEFAULT 'cart' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_state` text DEFAULT 'cart' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_address_id` integer REFERENCES addresses(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `billing_address_id` integer REFERENCES addresses(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_coupon_id` integer REFERENCES promotion_coupons(id);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number` ON `orders` (`number`);--> statement-breakpoint
ALTER TABLE `promotions` ADD `coupon_based` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_method_translations` ADD `description` text;