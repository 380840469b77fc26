ALTER TABLE `product_variants` ADD `enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `shipping_required` integer DEFAULT true NOT NULL;