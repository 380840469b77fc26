ALTER TABLE `admin_users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `email_canonical` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `first_name` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `last_name` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `locale_code` text DEFAULT 'en_US' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_email_canonical_unique` ON `admin_users` (`email_canonical`);--> statement-breakpoint
CREATE INDEX `oauth_access_tokens_user` ON `oauth_access_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `oauth_refresh_tokens_user` ON `oauth_refresh_tokens` (`user_id`);
--> statement-breakpoint
-- Hand-written from here
-- The user list's total, kept as migration 0010 keeps the other lists'.
INSERT INTO `list_counts` (`scope`, `owner`, `total`) SELECT 'admin_users', 0, count(*) FROM `admin_users`;
--> statement-breakpoint
CREATE TRIGGER `list_counts_admin_users_insert` AFTER INSERT ON `admin_users` BEGIN UPDATE `list_counts` SET `total` = `total` + 1 WHERE `scope` = 'admin_users' AND `owner` = 0; END;
--> statement-breakpoint
CREATE TRIGGER `list_counts_admin_users_delete` AFTER DELETE ON `admin_users` BEGIN UPDATE `list_counts` SET `total` = `total` - 1 WHERE `scope` = 'admin_users' AND `owner` = 0; END;
