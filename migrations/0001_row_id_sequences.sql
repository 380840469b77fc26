CREATE TABLE `row_id_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`last_id` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `row_id_sequences` (`name`, `last_id`) VALUES ('cart_rows', 0);
