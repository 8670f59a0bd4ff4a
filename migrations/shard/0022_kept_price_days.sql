-- Price statistics from kept figures (issue 51, decision 057): each farm's shipments summed per shipment day — count,
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
