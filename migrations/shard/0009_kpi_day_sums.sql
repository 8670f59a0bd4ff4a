-- A farm's kept KPI figures summed per day (docs/decisions/036-kept-kpi-figures.md, second addendum), so a period's
-- KPIs add up at most one row per day of the period instead of one row per service, birth and event day of the herd.
-- Kept by triggers on `kpi_figures`, like `kpi_eligible_days`: every insert adds its row's share, every delete takes
-- it away, so each path that writes figures keeps the sums without knowing. Kinds (`day` is a JST day number):
-- - `S` services, `B` births, `D` days with breeding events: the sums the period statements took of those rows —
--   only rows dated on or before the day the cow left (all but the rare event recorded after she left; those stay
--   with the rows, read through `kpi_figures_after_left_idx`);
-- - `F` a cow's first day with breeding events, `A` every later one by its previous day (`a`), `M` the first in its
--   calendar month: with `D` they give "cows with an event in the period" without reading a row per cow;
-- - `E` the eligibility changes of `kpi_eligible_days` summed per block of 64 days (`day` is the block's first), so
--   the cows eligible on a day are the changes after it: a few blocks and the rest of its own block.
-- And `kpi_cycle_days`, one row per farm and day: the conceiving services (c0…c20) and heat or straw days (h0…h20)
-- of the day that count for a 21-day cycle starting `o` days before it (the cycle of a period from f holding day d
-- starts (d − f) mod 21 days before d), so a period adds up one column of a row per day of its cycles.
-- Additive only: two new tables, two partial indexes on kpi_figures, ten triggers and the backfill from the
-- figures already kept. No row of another table changes.
CREATE TABLE `kpi_day_sums` (
  `farm_id` integer NOT NULL,
  `kind` text NOT NULL,
  `day` integer NOT NULL,
  `n` integer DEFAULT 0 NOT NULL,
  `v1` integer DEFAULT 0 NOT NULL,
  `v2` integer DEFAULT 0 NOT NULL,
  `v3` integer DEFAULT 0 NOT NULL,
  `v4` integer DEFAULT 0 NOT NULL,
  `v5` integer DEFAULT 0 NOT NULL,
  `v6` integer DEFAULT 0 NOT NULL,
  `v7` integer DEFAULT 0 NOT NULL,
  `v8` integer DEFAULT 0 NOT NULL,
  `v9` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`farm_id`, `kind`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `kpi_cycle_days` (
  `farm_id` integer NOT NULL,
  `day` integer NOT NULL,
  `c0` integer DEFAULT 0 NOT NULL,
  `c1` integer DEFAULT 0 NOT NULL,
  `c2` integer DEFAULT 0 NOT NULL,
  `c3` integer DEFAULT 0 NOT NULL,
  `c4` integer DEFAULT 0 NOT NULL,
  `c5` integer DEFAULT 0 NOT NULL,
  `c6` integer DEFAULT 0 NOT NULL,
  `c7` integer DEFAULT 0 NOT NULL,
  `c8` integer DEFAULT 0 NOT NULL,
  `c9` integer DEFAULT 0 NOT NULL,
  `c10` integer DEFAULT 0 NOT NULL,
  `c11` integer DEFAULT 0 NOT NULL,
  `c12` integer DEFAULT 0 NOT NULL,
  `c13` integer DEFAULT 0 NOT NULL,
  `c14` integer DEFAULT 0 NOT NULL,
  `c15` integer DEFAULT 0 NOT NULL,
  `c16` integer DEFAULT 0 NOT NULL,
  `c17` integer DEFAULT 0 NOT NULL,
  `c18` integer DEFAULT 0 NOT NULL,
  `c19` integer DEFAULT 0 NOT NULL,
  `c20` integer DEFAULT 0 NOT NULL,
  `h0` integer DEFAULT 0 NOT NULL,
  `h1` integer DEFAULT 0 NOT NULL,
  `h2` integer DEFAULT 0 NOT NULL,
  `h3` integer DEFAULT 0 NOT NULL,
  `h4` integer DEFAULT 0 NOT NULL,
  `h5` integer DEFAULT 0 NOT NULL,
  `h6` integer DEFAULT 0 NOT NULL,
  `h7` integer DEFAULT 0 NOT NULL,
  `h8` integer DEFAULT 0 NOT NULL,
  `h9` integer DEFAULT 0 NOT NULL,
  `h10` integer DEFAULT 0 NOT NULL,
  `h11` integer DEFAULT 0 NOT NULL,
  `h12` integer DEFAULT 0 NOT NULL,
  `h13` integer DEFAULT 0 NOT NULL,
  `h14` integer DEFAULT 0 NOT NULL,
  `h15` integer DEFAULT 0 NOT NULL,
  `h16` integer DEFAULT 0 NOT NULL,
  `h17` integer DEFAULT 0 NOT NULL,
  `h18` integer DEFAULT 0 NOT NULL,
  `h19` integer DEFAULT 0 NOT NULL,
  `h20` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`farm_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `kpi_figures_after_left_idx` ON `kpi_figures` (`farm_id`, `kind`, `day`) WHERE `left_day` < `day`;
--> statement-breakpoint
CREATE INDEX `kpi_figures_gap_idx` ON `kpi_figures` (`farm_id`, (`day` - `a`), `a`, `day`, `kind`, `left_day`)
  WHERE `kind` = 'D' AND `a` > -1000000000 AND (`left_day` IS NULL OR `left_day` >= `day`);
--> statement-breakpoint
CREATE TRIGGER `kpi_day_sums_on_insert` AFTER INSERT ON `kpi_figures`
WHEN NEW.`kind` IN ('S', 'B', 'D') AND (NEW.`left_day` IS NULL OR NEW.`left_day` >= NEW.`day`)
BEGIN
  INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`, `v1`, `v2`, `v3`, `v4`, `v5`, `v6`, `v7`, `v8`, `v9`)
    VALUES (NEW.`farm_id`, NEW.`kind`, NEW.`day`, 1,
      CASE NEW.`kind` WHEN 'D' THEN NEW.`flags` WHEN 'S' THEN NEW.`flags` & 1 > 0 ELSE 0 END,
      NEW.`kind` = 'S' AND NEW.`flags` & 2 > 0, NEW.`kind` = 'S' AND NEW.`flags` & 4 > 0,
      NEW.`kind` = 'S' AND NEW.`flags` & 3 = 3, NEW.`kind` = 'S' AND NEW.`flags` & 5 = 5,
      CASE WHEN NEW.`kind` = 'D' THEN 0 ELSE coalesce(NEW.`a`, 0) END, NEW.`kind` <> 'D' AND NEW.`a` IS NOT NULL,
      CASE WHEN NEW.`kind` = 'S' THEN coalesce(NEW.`b`, 0) ELSE 0 END, NEW.`kind` = 'S' AND NEW.`b` IS NOT NULL)
    ON CONFLICT (`farm_id`, `kind`, `day`) DO UPDATE SET `n` = `n` + 1, `v1` = `v1` + excluded.`v1`,
      `v2` = `v2` + excluded.`v2`, `v3` = `v3` + excluded.`v3`, `v4` = `v4` + excluded.`v4`, `v5` = `v5` + excluded.`v5`,
      `v6` = `v6` + excluded.`v6`, `v7` = `v7` + excluded.`v7`, `v8` = `v8` + excluded.`v8`, `v9` = `v9` + excluded.`v9`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_event_days_on_insert` AFTER INSERT ON `kpi_figures`
WHEN NEW.`kind` = 'D' AND (NEW.`left_day` IS NULL OR NEW.`left_day` >= NEW.`day`)
BEGIN
  INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`)
    SELECT NEW.`farm_id`, k.`kind`, k.`day`, 1 FROM (
      SELECT 'F' AS `kind`, NEW.`day` AS `day` WHERE NEW.`a` = -1000000000
      UNION ALL SELECT 'A', NEW.`a` WHERE NEW.`a` > -1000000000
      UNION ALL SELECT 'M', NEW.`day`
        WHERE NEW.`a` < CAST(strftime('%s', NEW.`day` * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400
    ) AS k WHERE true
    ON CONFLICT (`farm_id`, `kind`, `day`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_day_sums_on_delete` AFTER DELETE ON `kpi_figures`
WHEN OLD.`kind` IN ('S', 'B', 'D') AND (OLD.`left_day` IS NULL OR OLD.`left_day` >= OLD.`day`)
BEGIN
  UPDATE `kpi_day_sums` SET `n` = `n` - 1,
      `v1` = `v1` - CASE OLD.`kind` WHEN 'D' THEN OLD.`flags` WHEN 'S' THEN OLD.`flags` & 1 > 0 ELSE 0 END,
      `v2` = `v2` - (OLD.`kind` = 'S' AND OLD.`flags` & 2 > 0), `v3` = `v3` - (OLD.`kind` = 'S' AND OLD.`flags` & 4 > 0),
      `v4` = `v4` - (OLD.`kind` = 'S' AND OLD.`flags` & 3 = 3), `v5` = `v5` - (OLD.`kind` = 'S' AND OLD.`flags` & 5 = 5),
      `v6` = `v6` - CASE WHEN OLD.`kind` = 'D' THEN 0 ELSE coalesce(OLD.`a`, 0) END,
      `v7` = `v7` - (OLD.`kind` <> 'D' AND OLD.`a` IS NOT NULL),
      `v8` = `v8` - CASE WHEN OLD.`kind` = 'S' THEN coalesce(OLD.`b`, 0) ELSE 0 END,
      `v9` = `v9` - (OLD.`kind` = 'S' AND OLD.`b` IS NOT NULL)
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = OLD.`kind` AND `day` = OLD.`day`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_event_days_on_delete` AFTER DELETE ON `kpi_figures`
WHEN OLD.`kind` = 'D' AND (OLD.`left_day` IS NULL OR OLD.`left_day` >= OLD.`day`)
BEGIN
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'F' AND `day` = OLD.`day` AND OLD.`a` = -1000000000;
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'A' AND `day` = OLD.`a` AND OLD.`a` > -1000000000;
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'M' AND `day` = OLD.`day`
      AND OLD.`a` < CAST(strftime('%s', OLD.`day` * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cycle_days_on_insert` AFTER INSERT ON `kpi_figures` WHEN NEW.`kind` IN ('C', 'H')
BEGIN
  INSERT INTO `kpi_cycle_days` (`farm_id`, `day`,
    `c0`, `c1`, `c2`, `c3`, `c4`, `c5`, `c6`, `c7`, `c8`, `c9`, `c10`, `c11`, `c12`, `c13`, `c14`, `c15`, `c16`,
    `c17`, `c18`, `c19`, `c20`, `h0`, `h1`, `h2`, `h3`, `h4`, `h5`, `h6`, `h7`, `h8`, `h9`, `h10`, `h11`, `h12`,
    `h13`, `h14`, `h15`, `h16`, `h17`, `h18`, `h19`, `h20`)
    VALUES (NEW.`farm_id`, NEW.`day`,
      (NEW.`kind` = 'C' AND NEW.`day` - 0 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 0),
      (NEW.`kind` = 'C' AND NEW.`day` - 1 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 1),
      (NEW.`kind` = 'C' AND NEW.`day` - 2 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 2),
      (NEW.`kind` = 'C' AND NEW.`day` - 3 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 3),
      (NEW.`kind` = 'C' AND NEW.`day` - 4 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 4),
      (NEW.`kind` = 'C' AND NEW.`day` - 5 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 5),
      (NEW.`kind` = 'C' AND NEW.`day` - 6 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 6),
      (NEW.`kind` = 'C' AND NEW.`day` - 7 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 7),
      (NEW.`kind` = 'C' AND NEW.`day` - 8 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 8),
      (NEW.`kind` = 'C' AND NEW.`day` - 9 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 9),
      (NEW.`kind` = 'C' AND NEW.`day` - 10 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 10),
      (NEW.`kind` = 'C' AND NEW.`day` - 11 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 11),
      (NEW.`kind` = 'C' AND NEW.`day` - 12 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 12),
      (NEW.`kind` = 'C' AND NEW.`day` - 13 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 13),
      (NEW.`kind` = 'C' AND NEW.`day` - 14 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 14),
      (NEW.`kind` = 'C' AND NEW.`day` - 15 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 15),
      (NEW.`kind` = 'C' AND NEW.`day` - 16 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 16),
      (NEW.`kind` = 'C' AND NEW.`day` - 17 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 17),
      (NEW.`kind` = 'C' AND NEW.`day` - 18 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 18),
      (NEW.`kind` = 'C' AND NEW.`day` - 19 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 19),
      (NEW.`kind` = 'C' AND NEW.`day` - 20 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 20),
      (NEW.`kind` = 'H' AND NEW.`day` - 0 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 0),
      (NEW.`kind` = 'H' AND NEW.`day` - 1 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 1),
      (NEW.`kind` = 'H' AND NEW.`day` - 2 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 2),
      (NEW.`kind` = 'H' AND NEW.`day` - 3 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 3),
      (NEW.`kind` = 'H' AND NEW.`day` - 4 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 4),
      (NEW.`kind` = 'H' AND NEW.`day` - 5 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 5),
      (NEW.`kind` = 'H' AND NEW.`day` - 6 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 6),
      (NEW.`kind` = 'H' AND NEW.`day` - 7 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 7),
      (NEW.`kind` = 'H' AND NEW.`day` - 8 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 8),
      (NEW.`kind` = 'H' AND NEW.`day` - 9 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 9),
      (NEW.`kind` = 'H' AND NEW.`day` - 10 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 10),
      (NEW.`kind` = 'H' AND NEW.`day` - 11 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 11),
      (NEW.`kind` = 'H' AND NEW.`day` - 12 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 12),
      (NEW.`kind` = 'H' AND NEW.`day` - 13 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 13),
      (NEW.`kind` = 'H' AND NEW.`day` - 14 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 14),
      (NEW.`kind` = 'H' AND NEW.`day` - 15 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 15),
      (NEW.`kind` = 'H' AND NEW.`day` - 16 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 16),
      (NEW.`kind` = 'H' AND NEW.`day` - 17 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 17),
      (NEW.`kind` = 'H' AND NEW.`day` - 18 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 18),
      (NEW.`kind` = 'H' AND NEW.`day` - 19 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 19),
      (NEW.`kind` = 'H' AND NEW.`day` - 20 BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < NEW.`day` - 20))
    ON CONFLICT (`farm_id`, `day`) DO UPDATE SET
      `c0` = `c0` + excluded.`c0`, `c1` = `c1` + excluded.`c1`, `c2` = `c2` + excluded.`c2`,
      `c3` = `c3` + excluded.`c3`, `c4` = `c4` + excluded.`c4`, `c5` = `c5` + excluded.`c5`,
      `c6` = `c6` + excluded.`c6`, `c7` = `c7` + excluded.`c7`, `c8` = `c8` + excluded.`c8`,
      `c9` = `c9` + excluded.`c9`, `c10` = `c10` + excluded.`c10`, `c11` = `c11` + excluded.`c11`,
      `c12` = `c12` + excluded.`c12`, `c13` = `c13` + excluded.`c13`, `c14` = `c14` + excluded.`c14`,
      `c15` = `c15` + excluded.`c15`, `c16` = `c16` + excluded.`c16`, `c17` = `c17` + excluded.`c17`,
      `c18` = `c18` + excluded.`c18`, `c19` = `c19` + excluded.`c19`, `c20` = `c20` + excluded.`c20`,
      `h0` = `h0` + excluded.`h0`, `h1` = `h1` + excluded.`h1`, `h2` = `h2` + excluded.`h2`,
      `h3` = `h3` + excluded.`h3`, `h4` = `h4` + excluded.`h4`, `h5` = `h5` + excluded.`h5`,
      `h6` = `h6` + excluded.`h6`, `h7` = `h7` + excluded.`h7`, `h8` = `h8` + excluded.`h8`,
      `h9` = `h9` + excluded.`h9`, `h10` = `h10` + excluded.`h10`, `h11` = `h11` + excluded.`h11`,
      `h12` = `h12` + excluded.`h12`, `h13` = `h13` + excluded.`h13`, `h14` = `h14` + excluded.`h14`,
      `h15` = `h15` + excluded.`h15`, `h16` = `h16` + excluded.`h16`, `h17` = `h17` + excluded.`h17`,
      `h18` = `h18` + excluded.`h18`, `h19` = `h19` + excluded.`h19`, `h20` = `h20` + excluded.`h20`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cycle_days_on_delete` AFTER DELETE ON `kpi_figures` WHEN OLD.`kind` IN ('C', 'H')
BEGIN
  UPDATE `kpi_cycle_days` SET
      `c0` = `c0` - (OLD.`kind` = 'C' AND OLD.`day` - 0 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 0),
      `c1` = `c1` - (OLD.`kind` = 'C' AND OLD.`day` - 1 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 1),
      `c2` = `c2` - (OLD.`kind` = 'C' AND OLD.`day` - 2 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 2),
      `c3` = `c3` - (OLD.`kind` = 'C' AND OLD.`day` - 3 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 3),
      `c4` = `c4` - (OLD.`kind` = 'C' AND OLD.`day` - 4 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 4),
      `c5` = `c5` - (OLD.`kind` = 'C' AND OLD.`day` - 5 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 5),
      `c6` = `c6` - (OLD.`kind` = 'C' AND OLD.`day` - 6 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 6),
      `c7` = `c7` - (OLD.`kind` = 'C' AND OLD.`day` - 7 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 7),
      `c8` = `c8` - (OLD.`kind` = 'C' AND OLD.`day` - 8 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 8),
      `c9` = `c9` - (OLD.`kind` = 'C' AND OLD.`day` - 9 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 9),
      `c10` = `c10` - (OLD.`kind` = 'C' AND OLD.`day` - 10 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 10),
      `c11` = `c11` - (OLD.`kind` = 'C' AND OLD.`day` - 11 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 11),
      `c12` = `c12` - (OLD.`kind` = 'C' AND OLD.`day` - 12 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 12),
      `c13` = `c13` - (OLD.`kind` = 'C' AND OLD.`day` - 13 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 13),
      `c14` = `c14` - (OLD.`kind` = 'C' AND OLD.`day` - 14 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 14),
      `c15` = `c15` - (OLD.`kind` = 'C' AND OLD.`day` - 15 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 15),
      `c16` = `c16` - (OLD.`kind` = 'C' AND OLD.`day` - 16 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 16),
      `c17` = `c17` - (OLD.`kind` = 'C' AND OLD.`day` - 17 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 17),
      `c18` = `c18` - (OLD.`kind` = 'C' AND OLD.`day` - 18 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 18),
      `c19` = `c19` - (OLD.`kind` = 'C' AND OLD.`day` - 19 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 19),
      `c20` = `c20` - (OLD.`kind` = 'C' AND OLD.`day` - 20 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 20),
      `h0` = `h0` - (OLD.`kind` = 'H' AND OLD.`day` - 0 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 0),
      `h1` = `h1` - (OLD.`kind` = 'H' AND OLD.`day` - 1 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 1),
      `h2` = `h2` - (OLD.`kind` = 'H' AND OLD.`day` - 2 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 2),
      `h3` = `h3` - (OLD.`kind` = 'H' AND OLD.`day` - 3 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 3),
      `h4` = `h4` - (OLD.`kind` = 'H' AND OLD.`day` - 4 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 4),
      `h5` = `h5` - (OLD.`kind` = 'H' AND OLD.`day` - 5 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 5),
      `h6` = `h6` - (OLD.`kind` = 'H' AND OLD.`day` - 6 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 6),
      `h7` = `h7` - (OLD.`kind` = 'H' AND OLD.`day` - 7 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 7),
      `h8` = `h8` - (OLD.`kind` = 'H' AND OLD.`day` - 8 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 8),
      `h9` = `h9` - (OLD.`kind` = 'H' AND OLD.`day` - 9 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 9),
      `h10` = `h10` - (OLD.`kind` = 'H' AND OLD.`day` - 10 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 10),
      `h11` = `h11` - (OLD.`kind` = 'H' AND OLD.`day` - 11 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 11),
      `h12` = `h12` - (OLD.`kind` = 'H' AND OLD.`day` - 12 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 12),
      `h13` = `h13` - (OLD.`kind` = 'H' AND OLD.`day` - 13 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 13),
      `h14` = `h14` - (OLD.`kind` = 'H' AND OLD.`day` - 14 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 14),
      `h15` = `h15` - (OLD.`kind` = 'H' AND OLD.`day` - 15 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 15),
      `h16` = `h16` - (OLD.`kind` = 'H' AND OLD.`day` - 16 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 16),
      `h17` = `h17` - (OLD.`kind` = 'H' AND OLD.`day` - 17 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 17),
      `h18` = `h18` - (OLD.`kind` = 'H' AND OLD.`day` - 18 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 18),
      `h19` = `h19` - (OLD.`kind` = 'H' AND OLD.`day` - 19 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 19),
      `h20` = `h20` - (OLD.`kind` = 'H' AND OLD.`day` - 20 BETWEEN OLD.`a` AND OLD.`b` AND OLD.`flags` < OLD.`day` - 20)
    WHERE `farm_id` = OLD.`farm_id` AND `day` = OLD.`day`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_eligible_blocks_on_insert` AFTER INSERT ON `kpi_figures` WHEN NEW.`kind` = 'L'
BEGIN
  INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`) VALUES (NEW.`farm_id`, 'E', NEW.`day` - (NEW.`day` % 64), 1)
    ON CONFLICT (`farm_id`, `kind`, `day`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`)
    VALUES (NEW.`farm_id`, 'E', (NEW.`a` + 1) - ((NEW.`a` + 1) % 64), -1)
    ON CONFLICT (`farm_id`, `kind`, `day`) DO UPDATE SET `n` = `n` - 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_eligible_blocks_on_delete` AFTER DELETE ON `kpi_figures` WHEN OLD.`kind` = 'L'
BEGIN
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'E' AND `day` = OLD.`day` - (OLD.`day` % 64);
  UPDATE `kpi_day_sums` SET `n` = `n` + 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'E' AND `day` = (OLD.`a` + 1) - ((OLD.`a` + 1) % 64);
END;
--> statement-breakpoint
INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`, `v1`, `v2`, `v3`, `v4`, `v5`, `v6`, `v7`, `v8`, `v9`)
  SELECT `farm_id`, `kind`, `day`, count(*),
    sum(CASE `kind` WHEN 'D' THEN `flags` WHEN 'S' THEN `flags` & 1 > 0 ELSE 0 END),
    sum(`kind` = 'S' AND `flags` & 2 > 0), sum(`kind` = 'S' AND `flags` & 4 > 0), sum(`kind` = 'S' AND `flags` & 3 = 3),
    sum(`kind` = 'S' AND `flags` & 5 = 5), sum(CASE WHEN `kind` = 'D' THEN 0 ELSE coalesce(`a`, 0) END),
    sum(`kind` <> 'D' AND `a` IS NOT NULL), sum(CASE WHEN `kind` = 'S' THEN coalesce(`b`, 0) ELSE 0 END),
    sum(`kind` = 'S' AND `b` IS NOT NULL)
  FROM `kpi_figures` WHERE `kind` IN ('S', 'B', 'D') AND (`left_day` IS NULL OR `left_day` >= `day`)
  GROUP BY `farm_id`, `kind`, `day`;
--> statement-breakpoint
INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`)
  SELECT `farm_id`, `k`, `d`, count(*) FROM (
    SELECT `farm_id`, 'F' AS `k`, `day` AS `d` FROM `kpi_figures`
      WHERE `kind` = 'D' AND (`left_day` IS NULL OR `left_day` >= `day`) AND `a` = -1000000000
    UNION ALL SELECT `farm_id`, 'A', `a` FROM `kpi_figures`
      WHERE `kind` = 'D' AND (`left_day` IS NULL OR `left_day` >= `day`) AND `a` > -1000000000
    UNION ALL SELECT `farm_id`, 'M', `day` FROM `kpi_figures`
      WHERE `kind` = 'D' AND (`left_day` IS NULL OR `left_day` >= `day`)
        AND `a` < CAST(strftime('%s', `day` * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400
  ) GROUP BY `farm_id`, `k`, `d`;
--> statement-breakpoint
INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`)
  SELECT `farm_id`, 'E', `block`, sum(`change`) FROM (
    SELECT `farm_id`, `day` - (`day` % 64) AS `block`, 1 AS `change` FROM `kpi_figures` WHERE `kind` = 'L'
    UNION ALL SELECT `farm_id`, (`a` + 1) - ((`a` + 1) % 64), -1 FROM `kpi_figures` WHERE `kind` = 'L'
  ) GROUP BY `farm_id`, `block`;
--> statement-breakpoint
INSERT INTO `kpi_cycle_days` (`farm_id`, `day`,
    `c0`, `c1`, `c2`, `c3`, `c4`, `c5`, `c6`, `c7`, `c8`, `c9`, `c10`, `c11`, `c12`, `c13`, `c14`, `c15`, `c16`,
    `c17`, `c18`, `c19`, `c20`, `h0`, `h1`, `h2`, `h3`, `h4`, `h5`, `h6`, `h7`, `h8`, `h9`, `h10`, `h11`, `h12`,
    `h13`, `h14`, `h15`, `h16`, `h17`, `h18`, `h19`, `h20`)
  SELECT m.`farm_id`, m.`day`,
    sum((m.`kind` = 'C' AND m.`day` - 0 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 0)),
    sum((m.`kind` = 'C' AND m.`day` - 1 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 1)),
    sum((m.`kind` = 'C' AND m.`day` - 2 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 2)),
    sum((m.`kind` = 'C' AND m.`day` - 3 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 3)),
    sum((m.`kind` = 'C' AND m.`day` - 4 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 4)),
    sum((m.`kind` = 'C' AND m.`day` - 5 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 5)),
    sum((m.`kind` = 'C' AND m.`day` - 6 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 6)),
    sum((m.`kind` = 'C' AND m.`day` - 7 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 7)),
    sum((m.`kind` = 'C' AND m.`day` - 8 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 8)),
    sum((m.`kind` = 'C' AND m.`day` - 9 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 9)),
    sum((m.`kind` = 'C' AND m.`day` - 10 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 10)),
    sum((m.`kind` = 'C' AND m.`day` - 11 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 11)),
    sum((m.`kind` = 'C' AND m.`day` - 12 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 12)),
    sum((m.`kind` = 'C' AND m.`day` - 13 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 13)),
    sum((m.`kind` = 'C' AND m.`day` - 14 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 14)),
    sum((m.`kind` = 'C' AND m.`day` - 15 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 15)),
    sum((m.`kind` = 'C' AND m.`day` - 16 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 16)),
    sum((m.`kind` = 'C' AND m.`day` - 17 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 17)),
    sum((m.`kind` = 'C' AND m.`day` - 18 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 18)),
    sum((m.`kind` = 'C' AND m.`day` - 19 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 19)),
    sum((m.`kind` = 'C' AND m.`day` - 20 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 20)),
    sum((m.`kind` = 'H' AND m.`day` - 0 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 0)),
    sum((m.`kind` = 'H' AND m.`day` - 1 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 1)),
    sum((m.`kind` = 'H' AND m.`day` - 2 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 2)),
    sum((m.`kind` = 'H' AND m.`day` - 3 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 3)),
    sum((m.`kind` = 'H' AND m.`day` - 4 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 4)),
    sum((m.`kind` = 'H' AND m.`day` - 5 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 5)),
    sum((m.`kind` = 'H' AND m.`day` - 6 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 6)),
    sum((m.`kind` = 'H' AND m.`day` - 7 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 7)),
    sum((m.`kind` = 'H' AND m.`day` - 8 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 8)),
    sum((m.`kind` = 'H' AND m.`day` - 9 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 9)),
    sum((m.`kind` = 'H' AND m.`day` - 10 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 10)),
    sum((m.`kind` = 'H' AND m.`day` - 11 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 11)),
    sum((m.`kind` = 'H' AND m.`day` - 12 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 12)),
    sum((m.`kind` = 'H' AND m.`day` - 13 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 13)),
    sum((m.`kind` = 'H' AND m.`day` - 14 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 14)),
    sum((m.`kind` = 'H' AND m.`day` - 15 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 15)),
    sum((m.`kind` = 'H' AND m.`day` - 16 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 16)),
    sum((m.`kind` = 'H' AND m.`day` - 17 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 17)),
    sum((m.`kind` = 'H' AND m.`day` - 18 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 18)),
    sum((m.`kind` = 'H' AND m.`day` - 19 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 19)),
    sum((m.`kind` = 'H' AND m.`day` - 20 BETWEEN m.`a` AND m.`b` AND m.`flags` < m.`day` - 20))
  FROM `kpi_figures` AS m WHERE m.`kind` IN ('C', 'H') GROUP BY m.`farm_id`, m.`day`;
