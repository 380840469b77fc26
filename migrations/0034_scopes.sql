ALTER TABLE `admin_users` ADD `api_access` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `oauth_access_tokens` ADD `scopes` text;--> statement-breakpoint
ALTER TABLE `oauth_clients` ADD `scopes` text;--> statement-breakpoint
ALTER TABLE `oauth_refresh_tokens` ADD `scopes` text;--> statement-breakpoint
-- Every admin user that exists keeps API access (Sylius' ROLE_API_ACCESS): the column's default
-- already gave it to them; said once more so that the grant does not hang on the default alone.
UPDATE `admin_users` SET `api_access` = 1;
-- Existing clients and tokens keep NULL scopes: no scopes configured, full access.
