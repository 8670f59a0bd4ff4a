-- Each farm's alerts counted per status, severity and (for open ones) due date, kept by triggers on alerts
-- (docs/decisions/036-kept-kpi-figures.md, fourth addendum): the alert list's summary (open per severity, overdue, due
-- within a week, resolved) and its default total add up a farm's few hundred rows here instead of reading every alert
-- the farm ever had (3,625 open at 8,000 head). Open alerts keep their due date, so "overdue" and "due soon" are sums
-- over dates; closed ones count under ''. A row that reaches zero is removed (that row alone, by its key), so the
-- dates of resolved alerts do not pile up. Additive only: one new table, its triggers and its backfill from the
-- alerts already there.
CREATE TABLE `farm_alert_counts` (
	`farm_id` integer NOT NULL,
	`status` text NOT NULL,
	`severity` text NOT NULL,
	`due` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`farm_id`, `status`, `severity`, `due`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `farm_alert_counts_on_alert_insert` AFTER INSERT ON `alerts` WHEN NEW.`farm_id` IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO `farm_alert_counts` (`farm_id`, `status`, `severity`, `due`)
    VALUES (NEW.`farm_id`, NEW.`status`, NEW.`severity`,
      CASE WHEN NEW.`status` IN ('active', 'acknowledged') THEN coalesce(NEW.`due_at`, '') ELSE '' END);
  UPDATE `farm_alert_counts` SET `n` = `n` + 1
    WHERE `farm_id` = NEW.`farm_id` AND `status` = NEW.`status` AND `severity` = NEW.`severity`
      AND `due` = CASE WHEN NEW.`status` IN ('active', 'acknowledged') THEN coalesce(NEW.`due_at`, '') ELSE '' END;
END;
--> statement-breakpoint
CREATE TRIGGER `farm_alert_counts_on_alert_delete` AFTER DELETE ON `alerts` WHEN OLD.`farm_id` IS NOT NULL
BEGIN
  UPDATE `farm_alert_counts` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `status` = OLD.`status` AND `severity` = OLD.`severity`
      AND `due` = CASE WHEN OLD.`status` IN ('active', 'acknowledged') THEN coalesce(OLD.`due_at`, '') ELSE '' END;
  DELETE FROM `farm_alert_counts`
    WHERE `farm_id` = OLD.`farm_id` AND `status` = OLD.`status` AND `severity` = OLD.`severity`
      AND `due` = CASE WHEN OLD.`status` IN ('active', 'acknowledged') THEN coalesce(OLD.`due_at`, '') ELSE '' END
      AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `farm_alert_counts_on_alert_update` AFTER UPDATE OF `status`, `severity`, `due_at`, `farm_id` ON `alerts`
  WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`severity` IS NOT NEW.`severity` OR OLD.`due_at` IS NOT NEW.`due_at`
    OR OLD.`farm_id` IS NOT NEW.`farm_id`
BEGIN
  UPDATE `farm_alert_counts` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `status` = OLD.`status` AND `severity` = OLD.`severity`
      AND `due` = CASE WHEN OLD.`status` IN ('active', 'acknowledged') THEN coalesce(OLD.`due_at`, '') ELSE '' END;
  DELETE FROM `farm_alert_counts`
    WHERE `farm_id` = OLD.`farm_id` AND `status` = OLD.`status` AND `severity` = OLD.`severity`
      AND `due` = CASE WHEN OLD.`status` IN ('active', 'acknowledged') THEN coalesce(OLD.`due_at`, '') ELSE '' END
      AND `n` <= 0;
  INSERT OR IGNORE INTO `farm_alert_counts` (`farm_id`, `status`, `severity`, `due`)
    SELECT NEW.`farm_id`, NEW.`status`, NEW.`severity`,
      CASE WHEN NEW.`status` IN ('active', 'acknowledged') THEN coalesce(NEW.`due_at`, '') ELSE '' END
    WHERE NEW.`farm_id` IS NOT NULL;
  UPDATE `farm_alert_counts` SET `n` = `n` + 1
    WHERE `farm_id` = NEW.`farm_id` AND `status` = NEW.`status` AND `severity` = NEW.`severity`
      AND `due` = CASE WHEN NEW.`status` IN ('active', 'acknowledged') THEN coalesce(NEW.`due_at`, '') ELSE '' END;
END;
--> statement-breakpoint
INSERT INTO `farm_alert_counts` (`farm_id`, `status`, `severity`, `due`, `n`)
  SELECT `farm_id`, `status`, `severity`,
    CASE WHEN `status` IN ('active', 'acknowledged') THEN coalesce(`due_at`, '') ELSE '' END AS `due`, count(*)
  FROM `alerts` WHERE `farm_id` IS NOT NULL
  GROUP BY `farm_id`, `status`, `severity`, `due`;
