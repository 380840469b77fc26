ALTER TABLE `products` ADD `main_taxon_id` integer REFERENCES taxons(id);--> statement-breakpoint
CREATE INDEX `products_main_taxon` ON `products` (`main_taxon_id`);