CREATE INDEX `product_attributes_type` ON `product_attributes` (`type`);--> statement-breakpoint
CREATE INDEX `product_reviews_product_status` ON `product_reviews` (`product_id`,`status`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_customer_limit` ON `promotion_coupons` (`promotion_id`,`per_customer_usage_limit`);