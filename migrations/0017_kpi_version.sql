-- A per-farm counter of the changes the breeding KPIs read (docs/decisions/029-kpi-version.md): bumped by triggers on
-- breeding events, female animals, their initial parity and shipment records, read with the session check, so a
-- Worker isolate can keep a farm's analysed KPI histories until something they depend on changes.
ALTER TABLE `farm_counts` ADD COLUMN `kpi_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_event_insert` AFTER INSERT ON `events`
WHEN NEW.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_event_update` AFTER UPDATE ON `events`
WHEN NEW.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
  OR OLD.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_event_delete` AFTER DELETE ON `events`
WHEN OLD.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_cattle_insert` AFTER INSERT ON `cattle` WHEN NEW.`gender` = '雌'
BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_cattle_update` AFTER UPDATE OF `gender`, `birthday`, `name`, `ear_tag_number`, `farm_id` ON `cattle`
WHEN NEW.`gender` = '雌' OR OLD.`gender` = '雌'
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_cattle_delete` AFTER DELETE ON `cattle` WHEN OLD.`gender` = '雌'
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_initial_parity` AFTER UPDATE OF `initial_parity` ON `breeding_status`
WHEN NEW.`initial_parity` IS NOT OLD.`initial_parity`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1
  WHERE `farm_id` = (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_shipment_insert` AFTER INSERT ON `shipments`
BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_shipment_update` AFTER UPDATE OF `shipment_date`, `cattle_id`, `farm_id` ON `shipments`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_shipment_delete` AFTER DELETE ON `shipments`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
