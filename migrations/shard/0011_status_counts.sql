-- Each farm's number of animals per status, kept by triggers (docs/decisions/036-kept-kpi-figures.md, third
-- addendum): the home screen and GET /cattle/status-counts read a farm's few rows here instead of counting every
-- animal the farm ever had (shipped and dead ones included) through cattle_farm_status_gender_idx, which took 4–6 ms
-- at 8,000 head. Additive only: one new table, its triggers and its backfill from the animals already there.
CREATE TABLE `farm_status_counts` (
	`farm_id` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`farm_id`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `farm_status_counts_on_cattle_insert` AFTER INSERT ON `cattle`
BEGIN
  INSERT OR IGNORE INTO `farm_status_counts` (`farm_id`, `status`) VALUES (NEW.`farm_id`, NEW.`status`);
  UPDATE `farm_status_counts` SET `n` = `n` + 1 WHERE `farm_id` = NEW.`farm_id` AND `status` = NEW.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `farm_status_counts_on_cattle_delete` AFTER DELETE ON `cattle`
BEGIN
  UPDATE `farm_status_counts` SET `n` = `n` - 1 WHERE `farm_id` = OLD.`farm_id` AND `status` = OLD.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `farm_status_counts_on_cattle_update` AFTER UPDATE OF `status`, `farm_id` ON `cattle`
  WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`farm_id` IS NOT NEW.`farm_id`
BEGIN
  UPDATE `farm_status_counts` SET `n` = `n` - 1 WHERE `farm_id` = OLD.`farm_id` AND `status` = OLD.`status`;
  INSERT OR IGNORE INTO `farm_status_counts` (`farm_id`, `status`) VALUES (NEW.`farm_id`, NEW.`status`);
  UPDATE `farm_status_counts` SET `n` = `n` + 1 WHERE `farm_id` = NEW.`farm_id` AND `status` = NEW.`status`;
END;
--> statement-breakpoint
INSERT INTO `farm_status_counts` (`farm_id`, `status`, `n`)
  SELECT `farm_id`, `status`, count(*) FROM `cattle` GROUP BY `farm_id`, `status`;
