-- The mothers list's groups kept per farm (docs/decisions/036-kept-kpi-figures.md, addendum): one row per mother with
-- the sums the list sorts and shows, rebuilt by the first unfiltered read after a change and read from here after
-- that, so a page does not group every shipment of the farm. A farm's groups count only while its row in
-- `mother_groups_fresh` exists; the triggers below delete that row on any change the groups depend on (a shipment,
-- a calf's mother record, an animal's name or farm, an animal deleted). Additive only: two new tables, an index,
-- triggers; no farm starts fresh, so the first read of each farm groups its shipments as before.
CREATE TABLE `mother_groups` (
	`farm_id` integer NOT NULL,
	`mother_key` text NOT NULL,
	`group_count` integer NOT NULL,
	`group_revenue` integer NOT NULL,
	`group_average_weight` real,
	`group_average_age` real,
	`group_latest` text,
	`group_name` text NOT NULL,
	`group_weighed` integer NOT NULL,
	`group_carcass_weight` real,
	`group_graded` integer NOT NULL,
	`group_grade45` integer,
	`shipment_rows` text NOT NULL,
	PRIMARY KEY (`farm_id`, `mother_key`)
);
--> statement-breakpoint
CREATE INDEX `mother_groups_name_idx` ON `mother_groups` (`farm_id`, `group_name`, `mother_key`);
--> statement-breakpoint
CREATE TABLE `mother_groups_fresh` (
	`farm_id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_shipment_insert` AFTER INSERT ON `shipments`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_shipment_update` AFTER UPDATE ON `shipments`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` IN (OLD.`farm_id`, NEW.`farm_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_shipment_delete` AFTER DELETE ON `shipments`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` = OLD.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_mother_insert` AFTER INSERT ON `mother_info`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` IN (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_mother_update` AFTER UPDATE ON `mother_info`
BEGIN
  DELETE FROM `mother_groups_fresh`
    WHERE `farm_id` IN (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` IN (OLD.`cattle_id`, NEW.`cattle_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_mother_delete` AFTER DELETE ON `mother_info`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` IN (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = OLD.`cattle_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_cattle_update` AFTER UPDATE OF `name`, `farm_id` ON `cattle`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` IN (OLD.`farm_id`, NEW.`farm_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `mother_groups_stale_on_cattle_delete` AFTER DELETE ON `cattle`
BEGIN
  DELETE FROM `mother_groups_fresh` WHERE `farm_id` = OLD.`farm_id`;
END;
