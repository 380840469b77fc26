CREATE TABLE `list_counts` (
	`scope` text NOT NULL,
	`owner` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope`, `owner`)
);
--> statement-breakpoint
DROP INDEX `adjustments_unit`;--> statement-breakpoint
CREATE INDEX `adjustments_unit` ON `adjustments` (`order_item_unit_id`) WHERE order_item_unit_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `customers_first_name` ON `customers` (`first_name`);--> statement-breakpoint
CREATE INDEX `customers_last_name` ON `customers` (`last_name`);--> statement-breakpoint
CREATE INDEX `customers_created` ON `customers` (`created_at`);--> statement-breakpoint
CREATE INDEX `customers_updated` ON `customers` (`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_placed_number` ON `orders` (`number`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `payments_placed_created` ON `payments` (`created_at`) WHERE state <> 'cart';--> statement-breakpoint
CREATE INDEX `product_variants_product_created` ON `product_variants` (`product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_variants_product_updated` ON `product_variants` (`product_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `product_variants_product_code` ON `product_variants` (`product_id`,`code`);--> statement-breakpoint
CREATE INDEX `products_created` ON `products` (`created_at`);--> statement-breakpoint
CREATE INDEX `products_updated` ON `products` (`updated_at`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_code` ON `promotion_coupons` (`promotion_id`,`code`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_created` ON `promotion_coupons` (`promotion_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_updated` ON `promotion_coupons` (`promotion_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_used` ON `promotion_coupons` (`promotion_id`,`used`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_limit` ON `promotion_coupons` (`promotion_id`,`usage_limit`);--> statement-breakpoint
CREATE INDEX `promotion_coupons_promotion_expires` ON `promotion_coupons` (`promotion_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `shipments_placed_created` ON `shipments` (`created_at`) WHERE state <> 'cart';
--> statement-breakpoint
-- Hand-written from here: the counters' triggers and their initial values.
-- Each list's `total` is a row of list_counts, kept by SQLite itself in the
-- statement that inserts, deletes or moves a row (whoever runs it: the
-- service, `wrangler d1 execute`, an import), so it stays exact with no
-- application code. Scopes: a table's name (owner 0) for a whole-table list;
-- `carts` and `orders` split orders by `state = 'cart'`; `payments` and
-- `shipments` count those not in state `cart`; `product_variants` and
-- `promotion_coupons` count per owner (product, promotion). Locales,
-- currencies and countries have none: a few hundred rows at most, counted by
-- their lists. A write's D1 result (`meta.changes`) counts a trigger's change.
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'tax_categories', 0, count(*) FROM `tax_categories`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_tax_categories_insert` AFTER INSERT ON `tax_categories` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'tax_categories' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_tax_categories_delete` AFTER DELETE ON `tax_categories` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'tax_categories' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'shipping_categories', 0, count(*) FROM `shipping_categories`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipping_categories_insert` AFTER INSERT ON `shipping_categories` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'shipping_categories' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipping_categories_delete` AFTER DELETE ON `shipping_categories` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'shipping_categories' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'channels', 0, count(*) FROM `channels`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_channels_insert` AFTER INSERT ON `channels` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'channels' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_channels_delete` AFTER DELETE ON `channels` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'channels' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'customers', 0, count(*) FROM `customers`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_customers_insert` AFTER INSERT ON `customers` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'customers' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_customers_delete` AFTER DELETE ON `customers` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'customers' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'product_options', 0, count(*) FROM `product_options`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_options_insert` AFTER INSERT ON `product_options` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'product_options' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_options_delete` AFTER DELETE ON `product_options` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_options' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'tax_rates', 0, count(*) FROM `tax_rates`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_tax_rates_insert` AFTER INSERT ON `tax_rates` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'tax_rates' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_tax_rates_delete` AFTER DELETE ON `tax_rates` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'tax_rates' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'payment_methods', 0, count(*) FROM `payment_methods`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_payment_methods_insert` AFTER INSERT ON `payment_methods` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'payment_methods' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_payment_methods_delete` AFTER DELETE ON `payment_methods` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'payment_methods' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'promotions', 0, count(*) FROM `promotions`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_promotions_insert` AFTER INSERT ON `promotions` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'promotions' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_promotions_delete` AFTER DELETE ON `promotions` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'promotions' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'shipping_methods', 0, count(*) FROM `shipping_methods`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipping_methods_insert` AFTER INSERT ON `shipping_methods` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'shipping_methods' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipping_methods_delete` AFTER DELETE ON `shipping_methods` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'shipping_methods' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'products', 0, count(*) FROM `products`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_products_insert` AFTER INSERT ON `products` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'products' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_products_delete` AFTER DELETE ON `products` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'products' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'zones', 0, count(*) FROM `zones`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_zones_insert` AFTER INSERT ON `zones` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'zones' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_zones_delete` AFTER DELETE ON `zones` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'zones' AND `owner` = 0; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'carts', 0, count(*) FROM `orders` WHERE `state` = 'cart';
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'orders', 0, count(*) FROM `orders` WHERE `state` <> 'cart';
--> statement-breakpoint
CREATE TRIGGER `list_counts_orders_insert` AFTER INSERT ON `orders` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = CASE WHEN NEW.`state` = 'cart' THEN 'carts' ELSE 'orders' END AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_orders_delete` AFTER DELETE ON `orders` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = CASE WHEN OLD.`state` = 'cart' THEN 'carts' ELSE 'orders' END AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_orders_state` AFTER UPDATE OF `state` ON `orders` WHEN (OLD.`state` = 'cart') <> (NEW.`state` = 'cart') BEGIN
  UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = CASE WHEN OLD.`state` = 'cart' THEN 'carts' ELSE 'orders' END AND `owner` = 0;
  UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = CASE WHEN NEW.`state` = 'cart' THEN 'carts' ELSE 'orders' END AND `owner` = 0;
END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'payments', 0, count(*) FROM `payments` WHERE `state` <> 'cart';
--> statement-breakpoint
CREATE TRIGGER `list_counts_payments_insert` AFTER INSERT ON `payments` WHEN NEW.`state` <> 'cart' BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'payments' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_payments_delete` AFTER DELETE ON `payments` WHEN OLD.`state` <> 'cart' BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'payments' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_payments_state` AFTER UPDATE OF `state` ON `payments` WHEN (OLD.`state` = 'cart') <> (NEW.`state` = 'cart') BEGIN
  UPDATE `list_counts` SET `total` = `total` + CASE WHEN NEW.`state` = 'cart' THEN -1 ELSE 1 END WHERE `scope` = 'payments' AND `owner` = 0;
END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'shipments', 0, count(*) FROM `shipments` WHERE `state` <> 'cart';
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipments_insert` AFTER INSERT ON `shipments` WHEN NEW.`state` <> 'cart' BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'shipments' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipments_delete` AFTER DELETE ON `shipments` WHEN OLD.`state` <> 'cart' BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'shipments' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_shipments_state` AFTER UPDATE OF `state` ON `shipments` WHEN (OLD.`state` = 'cart') <> (NEW.`state` = 'cart') BEGIN
  UPDATE `list_counts` SET `total` = `total` + CASE WHEN NEW.`state` = 'cart' THEN -1 ELSE 1 END WHERE `scope` = 'shipments' AND `owner` = 0;
END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'product_variants', `product_id`, count(*) FROM `product_variants` GROUP BY `product_id`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_variants_insert` AFTER INSERT ON `product_variants` BEGIN INSERT INTO `list_counts` (`scope`, `owner`, `total`) VALUES ('product_variants', NEW.`product_id`, 1) ON CONFLICT (`scope`, `owner`) DO UPDATE SET `total` = `total` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_variants_delete` AFTER DELETE ON `product_variants` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_variants' AND `owner` = OLD.`product_id`; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_variants_owner` AFTER UPDATE OF `product_id` ON `product_variants` WHEN OLD.`product_id` <> NEW.`product_id` BEGIN
  UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'product_variants' AND `owner` = OLD.`product_id`;
  INSERT INTO `list_counts` (`scope`, `owner`, `total`) VALUES ('product_variants', NEW.`product_id`, 1) ON CONFLICT (`scope`, `owner`) DO UPDATE SET `total` = `total` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_product_variants_owner_delete` AFTER DELETE ON `products` BEGIN DELETE FROM `list_counts` WHERE `scope` = 'product_variants' AND `owner` = OLD.`id`; END;
--> statement-breakpoint
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'promotion_coupons', `promotion_id`, count(*) FROM `promotion_coupons` GROUP BY `promotion_id`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_promotion_coupons_insert` AFTER INSERT ON `promotion_coupons` BEGIN INSERT INTO `list_counts` (`scope`, `owner`, `total`) VALUES ('promotion_coupons', NEW.`promotion_id`, 1) ON CONFLICT (`scope`, `owner`) DO UPDATE SET `total` = `total` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_promotion_coupons_delete` AFTER DELETE ON `promotion_coupons` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'promotion_coupons' AND `owner` = OLD.`promotion_id`; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_promotion_coupons_owner` AFTER UPDATE OF `promotion_id` ON `promotion_coupons` WHEN OLD.`promotion_id` <> NEW.`promotion_id` BEGIN
  UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'promotion_coupons' AND `owner` = OLD.`promotion_id`;
  INSERT INTO `list_counts` (`scope`, `owner`, `total`) VALUES ('promotion_coupons', NEW.`promotion_id`, 1) ON CONFLICT (`scope`, `owner`) DO UPDATE SET `total` = `total` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_promotion_coupons_owner_delete` AFTER DELETE ON `promotions` BEGIN DELETE FROM `list_counts` WHERE `scope` = 'promotion_coupons' AND `owner` = OLD.`id`; END;
