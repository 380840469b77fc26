DROP INDEX `adjustments_order`;--> statement-breakpoint
CREATE INDEX `adjustments_order_unit` ON `adjustments` (`order_id`,`order_item_unit_id`);--> statement-breakpoint
CREATE INDEX `adjustments_item` ON `adjustments` (`order_item_id`);