CREATE TABLE `product_association_products` (
	`association_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	PRIMARY KEY(`association_id`, `product_id`),
	FOREIGN KEY (`association_id`) REFERENCES `product_associations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_association_products_product` ON `product_association_products` (`product_id`);--> statement-breakpoint
CREATE TABLE `product_association_type_translations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`type_id`) REFERENCES `product_association_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_association_type_translations_type_locale` ON `product_association_type_translations` (`type_id`,`locale`);--> statement-breakpoint
CREATE TABLE `product_association_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_association_types_code_unique` ON `product_association_types` (`code`);--> statement-breakpoint
CREATE INDEX `product_association_types_created` ON `product_association_types` (`created_at`);--> statement-breakpoint
CREATE INDEX `product_association_types_updated` ON `product_association_types` (`updated_at`);--> statement-breakpoint
CREATE TABLE `product_associations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`type_id`) REFERENCES `product_association_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_associations_product_type` ON `product_associations` (`product_id`,`type_id`);--> statement-breakpoint
CREATE INDEX `product_associations_type` ON `product_associations` (`type_id`);--> statement-breakpoint
CREATE TABLE `product_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`title` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_reviews_product_created` ON `product_reviews` (`product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_reviews_product_title` ON `product_reviews` (`product_id`,`title`);--> statement-breakpoint
CREATE INDEX `product_reviews_product_rating` ON `product_reviews` (`product_id`,`rating`);--> statement-breakpoint
CREATE INDEX `product_reviews_author` ON `product_reviews` (`author_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `accepted_rating_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `accepted_review_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Hand-written from here: the average rating's triggers, the list counters.
-- A product's averageRating is acceptedRatingSum / acceptedReviewCount (0
-- without accepted reviews), Sylius' AverageRatingCalculator: only accepted
-- reviews count. SQLite keeps both in the statement that inserts, deletes,
-- re-rates, moves or changes the status of a review, so the rating is exact
-- whoever writes (the API, an import) and needs no read of the reviews.
CREATE TRIGGER `product_reviews_rating_insert` AFTER INSERT ON `product_reviews` WHEN NEW.`status` = 'accepted' BEGIN
  UPDATE `products` SET `accepted_rating_sum` = `accepted_rating_sum` + NEW.`rating`, `accepted_review_count` = `accepted_review_count` + 1 WHERE `id` = NEW.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_reviews_rating_delete` AFTER DELETE ON `product_reviews` WHEN OLD.`status` = 'accepted' BEGIN
  UPDATE `products` SET `accepted_rating_sum` = `accepted_rating_sum` - OLD.`rating`, `accepted_review_count` = `accepted_review_count` - 1 WHERE `id` = OLD.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_reviews_rating_update` AFTER UPDATE OF `status`, `rating`, `product_id` ON `product_reviews` WHEN OLD.`status` = 'accepted' OR NEW.`status` = 'accepted' BEGIN
  UPDATE `products` SET `accepted_rating_sum` = `accepted_rating_sum` - OLD.`rating`, `accepted_review_count` = `accepted_review_count` - 1 WHERE `id` = OLD.`product_id` AND OLD.`status` = 'accepted';
  UPDATE `products` SET `accepted_rating_sum` = `accepted_rating_sum` + NEW.`rating`, `accepted_review_count` = `accepted_review_count` + 1 WHERE `id` = NEW.`product_id` AND NEW.`status` = 'accepted';
END;
--> statement-breakpoint
-- List totals in `list_counts`: `product_association_types` for the whole
-- table (owner 0), `product_reviews` per product (owner: the product's id).
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'product_association_types', 0, count(*) FROM `product_association_types`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_association_types_insert` AFTER INSERT ON `product_association_types` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'product_association_types' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_association_types_delete` AFTER DELETE ON `product_association_types` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_association_types' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'product_reviews', `product_id`, count(*) FROM `product_reviews` GROUP BY `product_id`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_reviews_insert` AFTER INSERT ON `product_reviews` BEGIN INSERT INTO `list_counts` (`scope`, `owner`, `total`) VALUES ('product_reviews', NEW.`product_id`, 1) ON CONFLICT (`scope`, `owner`) DO UPDATE SET `total` = `total` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_reviews_delete` AFTER DELETE ON `product_reviews` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_reviews' AND `owner` = OLD.`product_id`; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_reviews_owner` AFTER UPDATE OF `product_id` ON `product_reviews` WHEN OLD.`product_id` <> NEW.`product_id` BEGIN
  UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_reviews' AND `owner` = OLD.`product_id`;
  INSERT INTO `list_counts` (`scope`, `owner`, `total`) VALUES ('product_reviews', NEW.`product_id`, 1) ON CONFLICT (`scope`, `owner`) DO UPDATE SET `total` = `total` + 1;
END;
