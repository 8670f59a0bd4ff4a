-- Farms become the tenant (docs/product.md §12, docs/decisions/018-farms.md). No table is rebuilt: a rebuild of
-- cattle or alerts would cascade-delete their events, breeding rows and alert history on D1. Every existing user
-- becomes the owner of one farm whose id is the user's id, so every farm_id below equals the old owner_user_id,
-- alert ids (hashed from that number) stay the same, and the owner_user_id columns become `created_by`: the user
-- who recorded the row.
CREATE TABLE `farms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `farm_members` (
	`farm_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`farm_id`, `user_id`),
	FOREIGN KEY (`farm_id`) REFERENCES `farms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `farm_members_user_idx` ON `farm_members` (`user_id`,`farm_id`,`role`);
--> statement-breakpoint
INSERT INTO `farms` (`id`, `name`, `created_at`, `updated_at`)
SELECT `id`, `user_name` || 'の牧場', `created_at`, `created_at` FROM `users`;
--> statement-breakpoint
INSERT INTO `farm_members` (`farm_id`, `user_id`, `role`, `joined_at`)
SELECT `id`, `id`, 'owner', `created_at` FROM `users`;
--> statement-breakpoint
ALTER TABLE `users` ADD `default_farm_id` integer REFERENCES `farms`(`id`) ON DELETE set null;
--> statement-breakpoint
UPDATE `users` SET `default_farm_id` = `id`;
--> statement-breakpoint
ALTER TABLE `cattle` ADD `farm_id` integer REFERENCES `farms`(`id`) ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE `events` ADD `farm_id` integer REFERENCES `farms`(`id`) ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE `alerts` ADD `farm_id` integer REFERENCES `farms`(`id`) ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE `shipments` ADD `farm_id` integer REFERENCES `farms`(`id`) ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE `shipment_plans` ADD `farm_id` integer REFERENCES `farms`(`id`) ON DELETE cascade;
--> statement-breakpoint
UPDATE `cattle` SET `farm_id` = `owner_user_id`;
--> statement-breakpoint
UPDATE `events` SET `farm_id` = `owner_user_id`;
--> statement-breakpoint
UPDATE `alerts` SET `farm_id` = `owner_user_id`;
--> statement-breakpoint
UPDATE `shipments` SET `farm_id` = `owner_user_id`;
--> statement-breakpoint
UPDATE `shipment_plans` SET `farm_id` = `owner_user_id`;
--> statement-breakpoint
ALTER TABLE `cattle` RENAME COLUMN `owner_user_id` TO `created_by`;
--> statement-breakpoint
ALTER TABLE `events` RENAME COLUMN `owner_user_id` TO `created_by`;
--> statement-breakpoint
ALTER TABLE `alerts` RENAME COLUMN `owner_user_id` TO `created_by`;
--> statement-breakpoint
ALTER TABLE `shipments` RENAME COLUMN `owner_user_id` TO `created_by`;
--> statement-breakpoint
ALTER TABLE `shipment_plans` RENAME COLUMN `owner_user_id` TO `created_by`;
--> statement-breakpoint
DROP INDEX `cattle_owner_idx`;
--> statement-breakpoint
DROP INDEX `cattle_owner_ear_tag_search_idx`;
--> statement-breakpoint
DROP INDEX `cattle_owner_identification_unique`;
--> statement-breakpoint
DROP INDEX `cattle_owner_status_gender_idx`;
--> statement-breakpoint
DROP INDEX `cattle_owner_birthday_idx`;
--> statement-breakpoint
DROP INDEX `cattle_owner_name_idx`;
--> statement-breakpoint
DROP INDEX `events_owner_time_idx`;
--> statement-breakpoint
DROP INDEX `events_owner_type_time_cattle_idx`;
--> statement-breakpoint
DROP INDEX `alerts_owner_status_idx`;
--> statement-breakpoint
DROP INDEX `shipments_owner_date_idx`;
--> statement-breakpoint
DROP INDEX `shipment_plans_owner_month_idx`;
--> statement-breakpoint
CREATE INDEX `cattle_farm_idx` ON `cattle` (`farm_id`,`cattle_id`);
--> statement-breakpoint
CREATE INDEX `cattle_farm_search_idx` ON `cattle` (`farm_id`,`ear_tag_number`,`identification_number`,`name`);
--> statement-breakpoint
CREATE UNIQUE INDEX `cattle_farm_identification_unique` ON `cattle` (`farm_id`,`identification_number`);
--> statement-breakpoint
CREATE INDEX `cattle_farm_status_gender_idx` ON `cattle` (`farm_id`,`status`,`gender`);
--> statement-breakpoint
CREATE INDEX `cattle_farm_birthday_idx` ON `cattle` (`farm_id`,`birthday`);
--> statement-breakpoint
CREATE INDEX `cattle_farm_name_idx` ON `cattle` (`farm_id`,`name`);
--> statement-breakpoint
CREATE INDEX `events_farm_time_idx` ON `events` (`farm_id`,`event_datetime`);
--> statement-breakpoint
CREATE INDEX `events_farm_type_time_cattle_idx` ON `events` (`farm_id`,`event_type`,`event_datetime`,`cattle_id`);
--> statement-breakpoint
CREATE INDEX `alerts_farm_status_idx` ON `alerts` (`farm_id`,`status`,`severity`,`due_at`);
--> statement-breakpoint
CREATE INDEX `shipments_farm_date_idx` ON `shipments` (`farm_id`,`shipment_date`);
--> statement-breakpoint
CREATE INDEX `shipment_plans_farm_month_idx` ON `shipment_plans` (`farm_id`,`planned_shipment_month`);
--> statement-breakpoint
CREATE TABLE `farm_counts` (
	`farm_id` integer PRIMARY KEY NOT NULL,
	`cattle` integer DEFAULT 0 NOT NULL,
	`events` integer DEFAULT 0 NOT NULL,
	`shipments` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`farm_id`) REFERENCES `farms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `farm_counts` (`farm_id`, `cattle`, `events`, `shipments`)
SELECT `owner_user_id`, `cattle`, `events`, `shipments` FROM `owner_counts` WHERE `owner_user_id` IN (SELECT `id` FROM `farms`);
--> statement-breakpoint
DROP TRIGGER `events_counted_on_insert`;
--> statement-breakpoint
DROP TRIGGER `events_counted_on_delete`;
--> statement-breakpoint
DROP TRIGGER `shipments_counted_on_insert`;
--> statement-breakpoint
DROP TRIGGER `shipments_counted_on_delete`;
--> statement-breakpoint
DROP TRIGGER `cattle_counted_on_insert`;
--> statement-breakpoint
DROP TRIGGER `cattle_counted_on_delete`;
--> statement-breakpoint
DROP TABLE `owner_counts`;
--> statement-breakpoint
CREATE TRIGGER `cattle_counted_on_insert` AFTER INSERT ON `cattle` BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `cattle` = `cattle` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cattle_counted_on_delete` AFTER DELETE ON `cattle` BEGIN
  UPDATE `farm_counts` SET `cattle` = `cattle` - 1 WHERE `farm_id` = OLD.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `events_counted_on_insert` AFTER INSERT ON `events` BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `events` = `events` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `events_counted_on_delete` AFTER DELETE ON `events` BEGIN
  UPDATE `farm_counts` SET `events` = `events` - 1 WHERE `farm_id` = OLD.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipments_counted_on_insert` AFTER INSERT ON `shipments` BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `shipments` = `shipments` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipments_counted_on_delete` AFTER DELETE ON `shipments` BEGIN
  UPDATE `farm_counts` SET `shipments` = `shipments` - 1 WHERE `farm_id` = OLD.`farm_id`;
END;
