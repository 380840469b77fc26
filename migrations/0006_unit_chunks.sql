CREATE TABLE `order_item_unit_chunks` (
	`item_id` integer NOT NULL,
	`chunk` integer NOT NULL,
	`units` text NOT NULL,
	PRIMARY KEY(`item_id`, `chunk`),
	FOREIGN KEY (`item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Backfill: the units of every item stored before this migration, rendered as the API shows them.
INSERT OR IGNORE INTO `order_item_unit_chunks` (`item_id`, `chunk`, `units`)
SELECT u.item_id, u.id / 256,
  json_group_array(json_object('id', u.id,
    'adjustments', json((SELECT json_group_array(json_object('id', a.id, 'type', a.type, 'label', a.label, 'amount', a.amount,
      'neutral', CASE WHEN a.neutral THEN json('true') ELSE json('false') END) ORDER BY a.id)
      FROM `adjustments` a WHERE a.order_item_unit_id = u.id)),
    'adjustmentsTotal', u.adjustments_total) ORDER BY u.id)
FROM `order_item_units` u
GROUP BY u.item_id, u.id / 256;
