CREATE INDEX `orders_placed_checkout_completed_at` ON `orders` (`checkout_completed_at`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `orders_placed_state` ON `orders` (`state`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `orders_placed_payment_state` ON `orders` (`payment_state`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `orders_placed_shipping_state` ON `orders` (`shipping_state`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `orders_placed_total` ON `orders` (`total`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `orders_placed_currency_code` ON `orders` (`currency_code`) WHERE state <> 'cart';