-- Kept figures for two reads that grew with the herd (issue 51, decision 057): the price statistics and the KPI
-- drill-down.
--
-- Price statistics from kept figures: each farm's shipments summed per shipment day — count,
-- revenue, highest and lowest price — so a period's statistics read at most one row per day of the period instead of
-- one row per shipment. Kept by triggers on `shipments`, like `kpi_day_sums` on `kpi_figures` (decision 036): every
-- path that writes a shipment (the shipment routes, imports, restores, the trash, a farm move, a cascade from a
-- deleted animal) keeps the sums in the same statement, so in the write's own batch. An insert adds its share; an
-- update or a delete counts its day(s) again from the day's shipments (the highest and lowest price cannot be taken
-- back by a difference), a handful of rows by `shipments_farm_date_idx`. A shipment of no farm (rows from before
-- decision 034 not yet given one) is in no farm's statistics, as before.
-- Additive only: one new table, three triggers and the backfill from the shipments already recorded.
CREATE TABLE `shipment_days` (
  `farm_id` integer NOT NULL,
  `day` text NOT NULL,
  `shipments` integer NOT NULL,
  `revenue` integer NOT NULL,
  `max_price` integer NOT NULL,
  `min_price` integer NOT NULL,
  PRIMARY KEY (`farm_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_on_insert` AFTER INSERT ON `shipments` WHEN NEW.`farm_id` IS NOT NULL
BEGIN
  INSERT INTO `shipment_days` (`farm_id`, `day`, `shipments`, `revenue`, `max_price`, `min_price`)
    VALUES (NEW.`farm_id`, NEW.`shipment_date`, 1, NEW.`price`, NEW.`price`, NEW.`price`)
    ON CONFLICT (`farm_id`, `day`) DO UPDATE SET `shipments` = `shipments` + 1, `revenue` = `revenue` + excluded.`revenue`,
      `max_price` = max(`max_price`, excluded.`max_price`), `min_price` = min(`min_price`, excluded.`min_price`);
END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_on_update` AFTER UPDATE OF `price`, `shipment_date`, `farm_id` ON `shipments`
BEGIN
  DELETE FROM `shipment_days` WHERE (`farm_id` = OLD.`farm_id` AND `day` = OLD.`shipment_date`)
    OR (`farm_id` = NEW.`farm_id` AND `day` = NEW.`shipment_date`);
  INSERT INTO `shipment_days` (`farm_id`, `day`, `shipments`, `revenue`, `max_price`, `min_price`)
    SELECT `farm_id`, `shipment_date`, count(*), sum(`price`), max(`price`), min(`price`) FROM `shipments`
    WHERE (`farm_id` = OLD.`farm_id` AND `shipment_date` = OLD.`shipment_date`)
      OR (`farm_id` = NEW.`farm_id` AND `shipment_date` = NEW.`shipment_date`)
    GROUP BY `farm_id`, `shipment_date`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_on_delete` AFTER DELETE ON `shipments` WHEN OLD.`farm_id` IS NOT NULL
BEGIN
  DELETE FROM `shipment_days` WHERE `farm_id` = OLD.`farm_id` AND `day` = OLD.`shipment_date`;
  INSERT INTO `shipment_days` (`farm_id`, `day`, `shipments`, `revenue`, `max_price`, `min_price`)
    SELECT `farm_id`, `shipment_date`, count(*), sum(`price`), max(`price`), min(`price`) FROM `shipments`
    WHERE `farm_id` = OLD.`farm_id` AND `shipment_date` = OLD.`shipment_date`
    GROUP BY `farm_id`, `shipment_date`;
END;
--> statement-breakpoint
INSERT INTO `shipment_days` (`farm_id`, `day`, `shipments`, `revenue`, `max_price`, `min_price`)
  SELECT `farm_id`, `shipment_date`, count(*), sum(`price`), max(`price`), min(`price`) FROM `shipments`
  WHERE `farm_id` IS NOT NULL
  GROUP BY `farm_id`, `shipment_date`;
--> statement-breakpoint
-- The KPI drill-down kept per period (issue 51, decision 057): the cows behind a period's figures, one row per cow
-- with her sums over the period (`kpi_cow_rows`), for the last few periods a farm asked for (`kpi_kept_periods`), so a
-- page of 50 in the order of a figure is read from an index and stops after its rows, whatever the herd. A period's
-- rows are filled by the first read of it, from `kpi_figures`, in that read's batch; from then on the triggers below
-- add and take away every figure row's share in the statement that writes it, as `kpi_day_sums` is kept (decision
-- 036), so every path that writes figures keeps them. The sums are those the drill-down took of the rows of a period:
-- services (`S`) with their outcomes and day gaps, births (`B`) with their intervals, days with events (`D`), each
-- dated in the period and not after the cow left before it. A cow counts while `events` > 0; the indexes hold only those,
-- and `kpi_kept_periods.cows` counts them (the total beside every page), kept by three triggers on kpi_cow_rows. Each
-- index holds a figure largest first, ties by id: a page largest first is read from it in order (smallest first reads
-- it backwards, sorting each tie by id).
-- Periods are numbered on the shard's own id sequence and rows carry their farm, so a farm move copies both (decision
-- 051, 055). Additive only: two new tables, their indexes, two triggers on kpi_figures and three on kpi_cow_rows. No
-- row of another table changes, and no period is kept until a drill-down asks for one.
CREATE TABLE `kpi_kept_periods` (
  `period_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `from_day` integer NOT NULL,
  `to_day` integer NOT NULL,
  `filled` integer DEFAULT 0 NOT NULL,
  `cows` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kpi_kept_periods_farm_idx` ON `kpi_kept_periods` (`farm_id`, `from_day`, `to_day`);
--> statement-breakpoint
CREATE TABLE `kpi_cow_rows` (
  `farm_id` integer NOT NULL,
  `period_id` integer NOT NULL,
  `cattle_id` integer NOT NULL,
  `services` integer DEFAULT 0 NOT NULL,
  `pregnant` integer DEFAULT 0 NOT NULL,
  `open` integer DEFAULT 0 NOT NULL,
  `days_open_sum` integer DEFAULT 0 NOT NULL,
  `days_open_n` integer DEFAULT 0 NOT NULL,
  `days_to_first_sum` integer DEFAULT 0 NOT NULL,
  `days_to_first_n` integer DEFAULT 0 NOT NULL,
  `interval_sum` integer DEFAULT 0 NOT NULL,
  `interval_n` integer DEFAULT 0 NOT NULL,
  `events` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`period_id`, `cattle_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `kpi_cow_rows_open_idx` ON `kpi_cow_rows` (`period_id`, `open` DESC, `cattle_id`) WHERE `events` > 0;
--> statement-breakpoint
CREATE INDEX `kpi_cow_rows_services_idx` ON `kpi_cow_rows` (`period_id`, `services` DESC, `cattle_id`) WHERE `events` > 0;
--> statement-breakpoint
CREATE INDEX `kpi_cow_rows_pregnant_idx` ON `kpi_cow_rows` (`period_id`, `pregnant` DESC, `cattle_id`) WHERE `events` > 0;
--> statement-breakpoint
CREATE INDEX `kpi_cow_rows_days_open_idx` ON `kpi_cow_rows`
  (`period_id`, CAST(round(`days_open_sum` * 1.0 / `days_open_n`) AS INTEGER) DESC, `cattle_id`) WHERE `events` > 0;
--> statement-breakpoint
CREATE INDEX `kpi_cow_rows_days_to_first_idx` ON `kpi_cow_rows`
  (`period_id`, CAST(round(`days_to_first_sum` * 1.0 / `days_to_first_n`) AS INTEGER) DESC, `cattle_id`) WHERE `events` > 0;
--> statement-breakpoint
CREATE INDEX `kpi_cow_rows_interval_idx` ON `kpi_cow_rows`
  (`period_id`, CAST(round(`interval_sum` * 1.0 / `interval_n`) AS INTEGER) DESC, `cattle_id`) WHERE `events` > 0;
--> statement-breakpoint
CREATE TRIGGER `kpi_cow_rows_on_insert` AFTER INSERT ON `kpi_figures` WHEN NEW.`kind` IN ('S', 'B', 'D')
BEGIN
  INSERT INTO `kpi_cow_rows` (`farm_id`, `period_id`, `cattle_id`, `services`, `pregnant`, `open`, `days_open_sum`,
      `days_open_n`, `days_to_first_sum`, `days_to_first_n`, `interval_sum`, `interval_n`, `events`)
    SELECT NEW.`farm_id`, p.`period_id`, NEW.`cattle_id`, NEW.`kind` = 'S', NEW.`kind` = 'S' AND NEW.`flags` & 2 > 0,
      NEW.`kind` = 'S' AND NEW.`flags` & 4 > 0,
      CASE WHEN NEW.`kind` = 'S' THEN coalesce(NEW.`a`, 0) ELSE 0 END, NEW.`kind` = 'S' AND NEW.`a` IS NOT NULL,
      CASE WHEN NEW.`kind` = 'S' THEN coalesce(NEW.`b`, 0) ELSE 0 END, NEW.`kind` = 'S' AND NEW.`b` IS NOT NULL,
      CASE WHEN NEW.`kind` = 'B' THEN coalesce(NEW.`a`, 0) ELSE 0 END, NEW.`kind` = 'B' AND NEW.`a` IS NOT NULL,
      CASE WHEN NEW.`kind` = 'D' THEN NEW.`flags` ELSE 0 END
    FROM `kpi_kept_periods` p
    WHERE p.`farm_id` = NEW.`farm_id` AND NEW.`day` BETWEEN p.`from_day` AND p.`to_day`
      AND (NEW.`left_day` IS NULL OR NEW.`left_day` >= p.`from_day`)
    ON CONFLICT (`period_id`, `cattle_id`) DO UPDATE SET `services` = `services` + excluded.`services`,
      `pregnant` = `pregnant` + excluded.`pregnant`, `open` = `open` + excluded.`open`,
      `days_open_sum` = `days_open_sum` + excluded.`days_open_sum`, `days_open_n` = `days_open_n` + excluded.`days_open_n`,
      `days_to_first_sum` = `days_to_first_sum` + excluded.`days_to_first_sum`,
      `days_to_first_n` = `days_to_first_n` + excluded.`days_to_first_n`,
      `interval_sum` = `interval_sum` + excluded.`interval_sum`, `interval_n` = `interval_n` + excluded.`interval_n`,
      `events` = `events` + excluded.`events`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cow_rows_on_delete` AFTER DELETE ON `kpi_figures` WHEN OLD.`kind` IN ('S', 'B', 'D')
BEGIN
  UPDATE `kpi_cow_rows` SET `services` = `services` - (OLD.`kind` = 'S'),
      `pregnant` = `pregnant` - (OLD.`kind` = 'S' AND OLD.`flags` & 2 > 0),
      `open` = `open` - (OLD.`kind` = 'S' AND OLD.`flags` & 4 > 0),
      `days_open_sum` = `days_open_sum` - CASE WHEN OLD.`kind` = 'S' THEN coalesce(OLD.`a`, 0) ELSE 0 END,
      `days_open_n` = `days_open_n` - (OLD.`kind` = 'S' AND OLD.`a` IS NOT NULL),
      `days_to_first_sum` = `days_to_first_sum` - CASE WHEN OLD.`kind` = 'S' THEN coalesce(OLD.`b`, 0) ELSE 0 END,
      `days_to_first_n` = `days_to_first_n` - (OLD.`kind` = 'S' AND OLD.`b` IS NOT NULL),
      `interval_sum` = `interval_sum` - CASE WHEN OLD.`kind` = 'B' THEN coalesce(OLD.`a`, 0) ELSE 0 END,
      `interval_n` = `interval_n` - (OLD.`kind` = 'B' AND OLD.`a` IS NOT NULL),
      `events` = `events` - CASE WHEN OLD.`kind` = 'D' THEN OLD.`flags` ELSE 0 END
    WHERE `cattle_id` = OLD.`cattle_id` AND `period_id` IN (
      SELECT p.`period_id` FROM `kpi_kept_periods` p
      WHERE p.`farm_id` = OLD.`farm_id` AND OLD.`day` BETWEEN p.`from_day` AND p.`to_day`
        AND (OLD.`left_day` IS NULL OR OLD.`left_day` >= p.`from_day`));
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cow_rows_counted_on_insert` AFTER INSERT ON `kpi_cow_rows` WHEN NEW.`events` > 0
BEGIN
  UPDATE `kpi_kept_periods` SET `cows` = `cows` + 1 WHERE `period_id` = NEW.`period_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cow_rows_counted_on_update` AFTER UPDATE OF `events` ON `kpi_cow_rows`
WHEN (OLD.`events` > 0) <> (NEW.`events` > 0)
BEGIN
  UPDATE `kpi_kept_periods` SET `cows` = `cows` + CASE WHEN NEW.`events` > 0 THEN 1 ELSE -1 END
    WHERE `period_id` = NEW.`period_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cow_rows_counted_on_delete` AFTER DELETE ON `kpi_cow_rows` WHEN OLD.`events` > 0
BEGIN
  UPDATE `kpi_kept_periods` SET `cows` = `cows` - 1 WHERE `period_id` = OLD.`period_id`;
END;
