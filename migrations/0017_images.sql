CREATE TABLE `image_removals` (
	`path` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `product_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`type` text,
	`path` text NOT NULL,
	`content_type` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_images_path_unique` ON `product_images` (`path`);--> statement-breakpoint
CREATE INDEX `product_images_product` ON `product_images` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `taxon_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`taxon_id` integer NOT NULL,
	`type` text,
	`path` text NOT NULL,
	`content_type` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`taxon_id`) REFERENCES `taxons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `taxon_images_path_unique` ON `taxon_images` (`path`);--> statement-breakpoint
CREATE INDEX `taxon_images_taxon` ON `taxon_images` (`taxon_id`,`position`);--> statement-breakpoint
-- Hand-written from here
-- Every image row that goes (its own delete, its owner's cascade, a taxon subtree's delete) and
-- every file a new upload replaces queues its R2 object's path for removal.
CREATE TRIGGER product_images_removed AFTER DELETE ON product_images BEGIN
  INSERT OR IGNORE INTO image_removals (path) VALUES (OLD.path);
END;--> statement-breakpoint
CREATE TRIGGER product_images_replaced AFTER UPDATE OF path ON product_images WHEN OLD.path <> NEW.path BEGIN
  INSERT OR IGNORE INTO image_removals (path) VALUES (OLD.path);
END;--> statement-breakpoint
CREATE TRIGGER taxon_images_removed AFTER DELETE ON taxon_images BEGIN
  INSERT OR IGNORE INTO image_removals (path) VALUES (OLD.path);
END;--> statement-breakpoint
CREATE TRIGGER taxon_images_replaced AFTER UPDATE OF path ON taxon_images WHEN OLD.path <> NEW.path BEGIN
  INSERT OR IGNORE INTO image_removals (path) VALUES (OLD.path);
END;
