CREATE TABLE `events` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`occurred_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`resource_href` text NOT NULL,
	`resource_id` integer,
	`resource_code` text,
	`sequence` integer,
	`actor_client` text,
	`actor_user` text,
	`actor_system` text,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_type` ON `events` (`type`,`id`);--> statement-breakpoint
CREATE INDEX `events_resource` ON `events` (`resource_href`,`id`);