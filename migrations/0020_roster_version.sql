-- A per-farm counter of the herd roster the phone keeps (docs/decisions/033-roster-and-offline-herd.md): bumped by
-- triggers when an animal is added or removed or any field the roster carries changes, so GET /cattle/roster can
-- answer `If-None-Match` with 304 without reading the herd. The counter row is added with NOT EXISTS, not INSERT OR
-- IGNORE: inside the DO UPDATE of an upsert (the import's herd update) the outer statement's conflict rule wins.
ALTER TABLE `farm_counts` ADD COLUMN `roster_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `roster_version_on_cattle_insert` AFTER INSERT ON `cattle`
BEGIN
  INSERT INTO `farm_counts` (`farm_id`) SELECT NEW.`farm_id`
    WHERE NOT EXISTS (SELECT 1 FROM `farm_counts` WHERE `farm_id` = NEW.`farm_id`);
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `roster_version_on_cattle_update` AFTER UPDATE OF `identification_number`, `ear_tag_number`, `name`,
  `gender`, `breed`, `status`, `growth_stage`, `birthday`, `farm_id` ON `cattle`
WHEN NEW.`identification_number` IS NOT OLD.`identification_number` OR NEW.`ear_tag_number` IS NOT OLD.`ear_tag_number`
  OR NEW.`name` IS NOT OLD.`name` OR NEW.`gender` IS NOT OLD.`gender` OR NEW.`breed` IS NOT OLD.`breed`
  OR NEW.`status` IS NOT OLD.`status` OR NEW.`growth_stage` IS NOT OLD.`growth_stage`
  OR NEW.`birthday` IS NOT OLD.`birthday` OR NEW.`farm_id` IS NOT OLD.`farm_id`
BEGIN
  INSERT INTO `farm_counts` (`farm_id`) SELECT NEW.`farm_id`
    WHERE NOT EXISTS (SELECT 1 FROM `farm_counts` WHERE `farm_id` = NEW.`farm_id`);
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `roster_version_on_cattle_delete` AFTER DELETE ON `cattle`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
