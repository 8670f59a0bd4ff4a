-- Each cow's kept KPI figures (docs/decisions/036-kept-kpi-figures.md): rows a period's KPIs add up in SQL
-- (worker/domain/kpi-figures.ts), written with every event write of the cow (worker/breeding/recompute.ts) and, for
-- any change that did not write them, marked stale by the triggers below and rewritten by the next KPI read.
-- Additive only: three new tables, their indexes and triggers; every female animal starts stale (the backfill).
-- A mark is random within ±2^52, so the Worker reads it back exactly (a JavaScript number).
CREATE TABLE `kpi_figures` (
  `farm_id` integer NOT NULL,
  `cattle_id` integer NOT NULL,
  `kind` text NOT NULL,
  `day` integer NOT NULL,
  `flags` integer DEFAULT 0 NOT NULL,
  `a` integer,
  `b` integer,
  `left_day` integer
);
--> statement-breakpoint
CREATE INDEX `kpi_figures_period_idx` ON `kpi_figures` (`farm_id`, `kind`, `day`, `flags`, `a`, `b`, `left_day`, `cattle_id`);
--> statement-breakpoint
CREATE INDEX `kpi_figures_cattle_idx` ON `kpi_figures` (`cattle_id`);
--> statement-breakpoint
-- How many cows become eligible (+) or stop being eligible (−) on each day: the eligible cows on a day are the sum
-- up to it, whatever the herd size.
CREATE TABLE `kpi_eligible_days` (
  `farm_id` integer NOT NULL,
  `day` integer NOT NULL,
  `delta` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`farm_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `kpi_stale` (
  `cattle_id` integer PRIMARY KEY NOT NULL,
  `farm_id` integer NOT NULL,
  `mark` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `kpi_stale_farm_idx` ON `kpi_stale` (`farm_id`);
--> statement-breakpoint
CREATE TRIGGER `kpi_eligible_on_insert` AFTER INSERT ON `kpi_figures` WHEN NEW.`kind` = 'L'
BEGIN
  INSERT INTO `kpi_eligible_days` (`farm_id`, `day`, `delta`) VALUES (NEW.`farm_id`, NEW.`day`, 1)
    ON CONFLICT (`farm_id`, `day`) DO UPDATE SET `delta` = `delta` + 1;
  INSERT INTO `kpi_eligible_days` (`farm_id`, `day`, `delta`) VALUES (NEW.`farm_id`, NEW.`a` + 1, -1)
    ON CONFLICT (`farm_id`, `day`) DO UPDATE SET `delta` = `delta` - 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_eligible_on_delete` AFTER DELETE ON `kpi_figures` WHEN OLD.`kind` = 'L'
BEGIN
  UPDATE `kpi_eligible_days` SET `delta` = `delta` - 1 WHERE `farm_id` = OLD.`farm_id` AND `day` = OLD.`day`;
  UPDATE `kpi_eligible_days` SET `delta` = `delta` + 1 WHERE `farm_id` = OLD.`farm_id` AND `day` = OLD.`a` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_event_insert` AFTER INSERT ON `events`
WHEN NEW.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
  AND EXISTS (SELECT 1 FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id` AND `gender` = '雌')
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` = NEW.`cattle_id`;
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`) VALUES (NEW.`cattle_id`, NEW.`farm_id`, random() >> 11);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_event_update` AFTER UPDATE ON `events`
WHEN (NEW.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
  OR OLD.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL'))
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` IN (NEW.`cattle_id`, OLD.`cattle_id`);
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`)
    SELECT `cattle_id`, `farm_id`, random() >> 11 FROM `cattle`
    WHERE `cattle_id` IN (NEW.`cattle_id`, OLD.`cattle_id`) AND `gender` = '雌';
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_event_delete` AFTER DELETE ON `events`
WHEN OLD.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
  AND EXISTS (SELECT 1 FROM `cattle` WHERE `cattle_id` = OLD.`cattle_id` AND `gender` = '雌')
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` = OLD.`cattle_id`;
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`) VALUES (OLD.`cattle_id`, OLD.`farm_id`, random() >> 11);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_cattle_insert` AFTER INSERT ON `cattle` WHEN NEW.`gender` = '雌'
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` = NEW.`cattle_id`;
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`) VALUES (NEW.`cattle_id`, NEW.`farm_id`, random() >> 11);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_cattle_update` AFTER UPDATE OF `gender`, `birthday`, `farm_id` ON `cattle`
WHEN (NEW.`gender` = '雌' OR OLD.`gender` = '雌')
  AND (NEW.`gender` IS NOT OLD.`gender` OR NEW.`birthday` IS NOT OLD.`birthday` OR NEW.`farm_id` IS NOT OLD.`farm_id`)
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` = NEW.`cattle_id`;
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`) VALUES (NEW.`cattle_id`, NEW.`farm_id`, random() >> 11);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_figures_on_cattle_delete` AFTER DELETE ON `cattle`
BEGIN
  DELETE FROM `kpi_figures` WHERE `cattle_id` = OLD.`cattle_id`;
  DELETE FROM `kpi_stale` WHERE `cattle_id` = OLD.`cattle_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_breeding_insert` AFTER INSERT ON `breeding_status`
WHEN NEW.`initial_parity` > 0 AND EXISTS (SELECT 1 FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id` AND `gender` = '雌')
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` = NEW.`cattle_id`;
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`)
    SELECT `cattle_id`, `farm_id`, random() >> 11 FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_stale_on_initial_parity` AFTER UPDATE OF `initial_parity` ON `breeding_status`
WHEN NEW.`initial_parity` IS NOT OLD.`initial_parity`
  AND EXISTS (SELECT 1 FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id` AND `gender` = '雌')
BEGIN
  DELETE FROM `kpi_stale` WHERE `cattle_id` = NEW.`cattle_id`;
  INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`)
    SELECT `cattle_id`, `farm_id`, random() >> 11 FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`;
END;
--> statement-breakpoint
-- The backfill: every female animal's figures are written by the first KPI read of her farm.
INSERT INTO `kpi_stale` (`cattle_id`, `farm_id`, `mark`) SELECT `cattle_id`, `farm_id`, random() >> 11 FROM `cattle` WHERE `gender` = '雌';
