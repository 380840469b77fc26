CREATE TABLE `webhook_deliveries` (
	`endpoint_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status` integer,
	`last_error` text,
	`last_attempt_at` integer,
	`next_attempt_at` integer,
	`delivered_at` integer,
	`dead_lettered` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`endpoint_id`, `event_id`),
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_event` ON `webhook_deliveries` (`event_id`);--> statement-breakpoint
CREATE TABLE `webhook_dispatch` (
	`id` integer PRIMARY KEY NOT NULL,
	`through` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_dispatched` (
	`event_id` integer PRIMARY KEY NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Hand-written: the dispatch watermark starts after the events already recorded (they predate every endpoint).
INSERT INTO `webhook_dispatch` (`id`, `through`) VALUES (1, COALESCE((SELECT max(`id`) FROM `events`), 0));
