ALTER TABLE `shipping_methods` ADD `rules` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `zone_members_code` ON `zone_members` (`code`);--> statement-breakpoint
-- Hand-written from here: provinces are part of what a channel's pricing and
-- checkout context depends on (province zones match addresses by province
-- code), so any write of one raises the context's version in the same
-- statement, as the triggers of migration 0014 do for zones and their members.
CREATE TRIGGER `pricing_context_provinces_insert` AFTER INSERT ON `provinces` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_provinces_update` AFTER UPDATE ON `provinces` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pricing_context_provinces_delete` AFTER DELETE ON `provinces` BEGIN UPDATE `pricing_context_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
