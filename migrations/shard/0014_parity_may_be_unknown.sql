-- Parity may be unknown (docs/product.md §5, decision 046): breeding_status.initial_parity and parity become
-- nullable. SQLite cannot drop a NOT NULL, so the table is rebuilt: no table references breeding_status (nothing
-- cascades) and no trigger elsewhere names it; its own four triggers and four indexes are made again below.
CREATE TABLE `breeding_status_new` (
	`breeding_status_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`initial_parity` integer DEFAULT 0,
	`parity` integer DEFAULT 0,
	`expected_calving_date` text,
	`scheduled_pregnancy_check_date` text,
	`last_calving_date` text,
	`last_insemination_date` text,
	`conception_date` text,
	`last_estrus_date` text,
	`days_after_calving` integer,
	`days_open` integer,
	`pregnancy_days` integer,
	`days_after_insemination` integer,
	`insemination_count` integer DEFAULT 0 NOT NULL,
	`breeding_memo` text,
	`is_difficult_birth` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`withdrawal_meat_until` text,
	`withdrawal_milk_until` text,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `breeding_status_new` (`breeding_status_id`, `cattle_id`, `initial_parity`, `parity`, `expected_calving_date`,
  `scheduled_pregnancy_check_date`, `last_calving_date`, `last_insemination_date`, `conception_date`, `last_estrus_date`,
  `days_after_calving`, `days_open`, `pregnancy_days`, `days_after_insemination`, `insemination_count`, `breeding_memo`,
  `is_difficult_birth`, `created_at`, `updated_at`, `withdrawal_meat_until`, `withdrawal_milk_until`, `version`)
SELECT `breeding_status_id`, `cattle_id`, `initial_parity`, `parity`, `expected_calving_date`,
  `scheduled_pregnancy_check_date`, `last_calving_date`, `last_insemination_date`, `conception_date`, `last_estrus_date`,
  `days_after_calving`, `days_open`, `pregnancy_days`, `days_after_insemination`, `insemination_count`, `breeding_memo`,
  `is_difficult_birth`, `created_at`, `updated_at`, `withdrawal_meat_until`, `withdrawal_milk_until`, `version`
FROM `breeding_status`;
--> statement-breakpoint
DROP TABLE `breeding_status`;
--> statement-breakpoint
ALTER TABLE `breeding_status_new` RENAME TO `breeding_status`;
--> statement-breakpoint
CREATE UNIQUE INDEX `breeding_status_cattle_id_unique` ON `breeding_status` (`cattle_id`);
--> statement-breakpoint
CREATE INDEX `breeding_status_expected_calving_idx` ON `breeding_status` (`expected_calving_date`, `cattle_id`);
--> statement-breakpoint
CREATE INDEX `breeding_status_withdrawal_meat_idx` ON `breeding_status` (`withdrawal_meat_until`);
--> statement-breakpoint
CREATE INDEX `breeding_status_withdrawal_milk_idx` ON `breeding_status` (`withdrawal_milk_until`);
--> statement-breakpoint
CREATE TRIGGER `breeding_status_version_guard` BEFORE UPDATE OF `version` ON `breeding_status`
WHEN NEW.`version` <> OLD.`version` + 1
BEGIN
  SELECT RAISE(ABORT, 'STALE_BREEDING_STATE');
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_version_on_initial_parity` AFTER UPDATE OF `initial_parity` ON `breeding_status`
WHEN NEW.`initial_parity` IS NOT OLD.`initial_parity`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1
  WHERE `farm_id` = (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`);
END;
--> statement-breakpoint
-- A cow with calvings before the record — counted or unknown (null) — is no heifer to the KPIs.
CREATE TRIGGER `kpi_stale_on_breeding_insert` AFTER INSERT ON `breeding_status`
WHEN (NEW.`initial_parity` IS NULL OR NEW.`initial_parity` > 0)
  AND EXISTS (SELECT 1 FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id` AND `gender` = '雌')
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
-- The parities that were invented: a cow registered as 初産牛 or 経産牛 with the old default 0 and no calving on record
-- (shown as 産次 0). Her count was never given; it becomes unknown. Every other parity stays as a calving count or a
-- registration gave it. The triggers above mark her KPI figures stale (she is no heifer).
UPDATE `breeding_status` SET `initial_parity` = NULL, `parity` = NULL, `version` = `version` + 1
WHERE `initial_parity` = 0
  AND `cattle_id` IN (SELECT `cattle_id` FROM `cattle` WHERE `gender` = '雌' AND `growth_stage` IN ('FIRST_CALVED', 'MULTI_PAROUS'))
  AND NOT EXISTS (SELECT 1 FROM `events` e WHERE e.`cattle_id` = `breeding_status`.`cattle_id`
    AND e.`event_type` IN ('CALVING', 'STILLBIRTH'));
