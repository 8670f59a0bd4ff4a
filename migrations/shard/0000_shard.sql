-- A farm-data shard (decision 034): the herd, its events and breeding state, alerts, shipments and plans, and the
-- per-farm counters with their triggers. The schema of migrations/0000–0020 squashed, without the foreign keys to
-- users and farms, which live in the directory.
CREATE TABLE `alert_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` text NOT NULL,
	`action` text NOT NULL,
	`previous_status` text,
	`new_status` text,
	`changed_by` text NOT NULL,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`severity` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`cattle_id` integer NOT NULL,
	`cattle_name` text,
	`due_at` text,
	`message` text NOT NULL,
	`memo` text,
	"created_by" integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`acknowledged_at` text,
	`resolved_at` text, `farm_id` integer, "cattle_ear_tag_number" text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `bloodline` (
	`bloodline_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`father_cattle_name` text,
	`mother_father_cattle_name` text,
	`mother_grand_father_cattle_name` text,
	`mother_great_grand_father_cattle_name` text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `breeding_status` (
	`breeding_status_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`initial_parity` integer DEFAULT 0 NOT NULL,
	`parity` integer DEFAULT 0 NOT NULL,
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL, `withdrawal_meat_until` text, `withdrawal_milk_until` text, `version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `breeding_summary` (
	`breeding_summary_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`total_insemination_count` integer DEFAULT 0 NOT NULL,
	`average_days_open` real,
	`average_pregnancy_period` real,
	`average_calving_interval` real,
	`difficult_birth_count` integer DEFAULT 0 NOT NULL,
	`pregnancy_head_count` integer DEFAULT 0 NOT NULL,
	`pregnancy_success_rate` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `cattle` (
	`cattle_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	"created_by" integer NOT NULL,
	`name` text,
	`growth_stage` text,
	`birthday` text,
	`gender` text,
	`weight` real,
	`score` integer,
	`breed` text,
	`status` text DEFAULT 'HEALTHY' NOT NULL,
	`producer_name` text,
	`barn` text,
	`breeding_value` text,
	`notes` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL, `farm_id` integer, `updated_by` integer, "identification_number" text, "ear_tag_number" text
);
CREATE TABLE `cattle_status_history` (
	`history_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`old_status` text,
	`new_status` text NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`changed_by` text NOT NULL,
	`reason` text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `events` (
	`event_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	"created_by" integer NOT NULL,
	`event_type` text NOT NULL,
	`event_datetime` text NOT NULL,
	`details` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL, `farm_id` integer, `updated_by` integer,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `mother_info` (
	`mother_info_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`mother_cattle_id` integer,
	`mother_name` text,
	`mother_score` integer, "mother_identification_number" text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mother_cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE set null
);
CREATE TABLE `shipment_plans` (
	`plan_id` text PRIMARY KEY NOT NULL,
	`cattle_id` integer NOT NULL,
	"created_by" integer NOT NULL,
	`planned_shipment_month` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL, `farm_id` integer, `ear_tag_number` text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `shipments` (
	`shipment_id` text PRIMARY KEY NOT NULL,
	`cattle_id` integer NOT NULL,
	"created_by" integer NOT NULL,
	`shipment_date` text NOT NULL,
	`price` integer NOT NULL,
	`weight` real,
	`age_at_shipment` integer,
	`buyer` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL, `farm_id` integer, `updated_by` integer, `carcass_weight_kg` real, `carcass_yield_grade` text, `carcass_quality_grade` integer, `carcass_bms` integer, `carcass_notes` text, `event_id` integer REFERENCES `events`(`event_id`) ON DELETE SET NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `farm_counts` (
	`farm_id` integer PRIMARY KEY NOT NULL,
	`cattle` integer DEFAULT 0 NOT NULL,
	`events` integer DEFAULT 0 NOT NULL,
	`shipments` integer DEFAULT 0 NOT NULL, `kpi_version` integer DEFAULT 0 NOT NULL, `roster_version` integer DEFAULT 0 NOT NULL
);
CREATE INDEX `alert_history_alert_idx` ON `alert_history` (`alert_id`,`created_at`);
CREATE INDEX `alerts_cattle_idx` ON `alerts` (`cattle_id`,`status`);
CREATE UNIQUE INDEX `bloodline_cattle_id_unique` ON `bloodline` (`cattle_id`);
CREATE UNIQUE INDEX `breeding_status_cattle_id_unique` ON `breeding_status` (`cattle_id`);
CREATE UNIQUE INDEX `breeding_summary_cattle_id_unique` ON `breeding_summary` (`cattle_id`);
CREATE INDEX `cattle_status_history_cattle_idx` ON `cattle_status_history` (`cattle_id`,`changed_at`);
CREATE INDEX `events_cattle_time_idx` ON `events` (`cattle_id`,`event_datetime`);
CREATE UNIQUE INDEX `mother_info_cattle_id_unique` ON `mother_info` (`cattle_id`);
CREATE INDEX `mother_info_mother_idx` ON `mother_info` (`mother_cattle_id`);
CREATE UNIQUE INDEX `shipment_plans_cattle_id_unique` ON `shipment_plans` (`cattle_id`);
CREATE INDEX `shipments_cattle_date_idx` ON `shipments` (`cattle_id`,`shipment_date`);
CREATE INDEX `events_cattle_type_time_idx` ON `events` (`cattle_id`,`event_type`,`event_datetime`);
CREATE INDEX `cattle_farm_idx` ON `cattle` (`farm_id`,`cattle_id`);
CREATE INDEX `cattle_farm_status_gender_idx` ON `cattle` (`farm_id`,`status`,`gender`);
CREATE INDEX `cattle_farm_birthday_idx` ON `cattle` (`farm_id`,`birthday`);
CREATE INDEX `cattle_farm_name_idx` ON `cattle` (`farm_id`,`name`);
CREATE INDEX `events_farm_time_idx` ON `events` (`farm_id`,`event_datetime`);
CREATE INDEX `events_farm_type_time_cattle_idx` ON `events` (`farm_id`,`event_type`,`event_datetime`,`cattle_id`);
CREATE INDEX `alerts_farm_status_idx` ON `alerts` (`farm_id`,`status`,`severity`,`due_at`);
CREATE INDEX `shipments_farm_date_idx` ON `shipments` (`farm_id`,`shipment_date`);
CREATE INDEX `cattle_farm_search_idx` ON `cattle` (`farm_id`,`ear_tag_number`,`identification_number`,`name`);
CREATE UNIQUE INDEX `cattle_farm_identification_unique` ON `cattle` (`farm_id`,`identification_number`);
CREATE INDEX `shipments_event_idx` ON `shipments` (`event_id`);
CREATE INDEX `shipment_plans_farm_month_ear_tag_idx` ON `shipment_plans`
  (`farm_id`, `planned_shipment_month`, CAST(`ear_tag_number` AS integer), `ear_tag_number`, `cattle_id`);
CREATE TRIGGER `cattle_counted_on_insert` AFTER INSERT ON `cattle` BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `cattle` = `cattle` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
CREATE TRIGGER `cattle_counted_on_delete` AFTER DELETE ON `cattle` BEGIN
  UPDATE `farm_counts` SET `cattle` = `cattle` - 1 WHERE `farm_id` = OLD.`farm_id`;
END;
CREATE TRIGGER `events_counted_on_insert` AFTER INSERT ON `events` BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `events` = `events` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
CREATE TRIGGER `events_counted_on_delete` AFTER DELETE ON `events` BEGIN
  UPDATE `farm_counts` SET `events` = `events` - 1 WHERE `farm_id` = OLD.`farm_id`;
END;
CREATE TRIGGER `shipments_counted_on_insert` AFTER INSERT ON `shipments` BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `shipments` = `shipments` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
CREATE TRIGGER `shipments_counted_on_delete` AFTER DELETE ON `shipments` BEGIN
  UPDATE `farm_counts` SET `shipments` = `shipments` - 1 WHERE `farm_id` = OLD.`farm_id`;
END;
CREATE TRIGGER `breeding_status_version_guard` BEFORE UPDATE OF `version` ON `breeding_status`
WHEN NEW.`version` <> OLD.`version` + 1
BEGIN
  SELECT RAISE(ABORT, 'STALE_BREEDING_STATE');
END;
CREATE TRIGGER `kpi_version_on_event_insert` AFTER INSERT ON `events`
WHEN NEW.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
CREATE TRIGGER `kpi_version_on_event_update` AFTER UPDATE ON `events`
WHEN NEW.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
  OR OLD.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
CREATE TRIGGER `kpi_version_on_event_delete` AFTER DELETE ON `events`
WHEN OLD.`event_type` IN ('INSEMINATION', 'ESTRUS', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION', 'SHIPMENT', 'DEATH', 'ARRIVAL')
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
CREATE TRIGGER `kpi_version_on_cattle_insert` AFTER INSERT ON `cattle` WHEN NEW.`gender` = '雌'
BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
CREATE TRIGGER `kpi_version_on_cattle_update` AFTER UPDATE OF `gender`, `birthday`, `name`, `ear_tag_number`, `farm_id` ON `cattle`
WHEN NEW.`gender` = '雌' OR OLD.`gender` = '雌'
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
CREATE TRIGGER `kpi_version_on_cattle_delete` AFTER DELETE ON `cattle` WHEN OLD.`gender` = '雌'
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
CREATE TRIGGER `kpi_version_on_initial_parity` AFTER UPDATE OF `initial_parity` ON `breeding_status`
WHEN NEW.`initial_parity` IS NOT OLD.`initial_parity`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1
  WHERE `farm_id` = (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`);
END;
CREATE TRIGGER `kpi_version_on_shipment_insert` AFTER INSERT ON `shipments`
BEGIN
  INSERT OR IGNORE INTO `farm_counts` (`farm_id`) VALUES (NEW.`farm_id`);
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
CREATE TRIGGER `kpi_version_on_shipment_update` AFTER UPDATE OF `shipment_date`, `cattle_id`, `farm_id` ON `shipments`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` IN (NEW.`farm_id`, OLD.`farm_id`);
END;
CREATE TRIGGER `kpi_version_on_shipment_delete` AFTER DELETE ON `shipments`
BEGIN
  UPDATE `farm_counts` SET `kpi_version` = `kpi_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
CREATE TRIGGER `shipment_plans_ear_tag_on_insert` AFTER INSERT ON `shipment_plans`
BEGIN
  UPDATE `shipment_plans` SET `ear_tag_number` = (SELECT `ear_tag_number` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`)
  WHERE `plan_id` = NEW.`plan_id`;
END;
CREATE TRIGGER `shipment_plans_ear_tag_on_cattle_update` AFTER UPDATE OF `ear_tag_number` ON `cattle`
BEGIN
  UPDATE `shipment_plans` SET `ear_tag_number` = NEW.`ear_tag_number` WHERE `cattle_id` = NEW.`cattle_id`;
END;
CREATE TRIGGER `roster_version_on_cattle_insert` AFTER INSERT ON `cattle`
BEGIN
  INSERT INTO `farm_counts` (`farm_id`) SELECT NEW.`farm_id`
    WHERE NOT EXISTS (SELECT 1 FROM `farm_counts` WHERE `farm_id` = NEW.`farm_id`);
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
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
CREATE TRIGGER `roster_version_on_cattle_delete` AFTER DELETE ON `cattle`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` = OLD.`farm_id`;
END;
