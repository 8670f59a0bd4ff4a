-- A farm's kept KPI figures summed per day (docs/decisions/036-kept-kpi-figures.md, second addendum), so a period's
-- KPIs add up at most one row per day of the period instead of one row per service, birth and event day of the herd.
-- Kept by triggers on `kpi_figures`, like `kpi_eligible_days`: every insert adds its row's share, every delete takes
-- it away, so each path that writes figures keeps the sums without knowing. Kinds (`day` is a JST day number):
-- - `S` services, `B` births, `D` days with breeding events: the sums the period statements took of those rows —
--   only rows dated on or before the day the cow left (all but the rare event recorded after she left; those stay
--   with the rows, read through `kpi_figures_after_left_idx`);
-- - `F` a cow's first day with breeding events, `A` every later one by its previous day (`a`), `M` the first in its
--   calendar month: with `D` they give "cows with an event in the period" without reading a row per cow;
-- - `P0`…`P20` conceiving services (v1) and heat or straw days (v2) counted for a 21-day cycle whose start is that
--   phase of day numbers (day mod 21): a period starting on a day of phase φ adds up `Pφ`;
-- - `E` the eligibility changes of `kpi_eligible_days` summed per block of 64 days (`day` is the block's first), so
--   the cows eligible on a day are the changes after it: a few blocks and the rest of its own block.
-- Additive only: a new table, two partial indexes on kpi_figures, eight triggers and the backfill from the figures
-- already kept. No row of another table changes.
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
  INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`)
    SELECT NEW.`farm_id`, k.`kind`, k.`day`, 1 FROM (
      SELECT 'F' AS `kind`, NEW.`day` AS `day` WHERE NEW.`a` = -1000000000
      UNION ALL SELECT 'A', NEW.`a` WHERE NEW.`a` > -1000000000
      UNION ALL SELECT 'M', NEW.`day`
        WHERE NEW.`a` < CAST(strftime('%s', NEW.`day` * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400
    ) AS k WHERE NEW.`kind` = 'D'
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
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'F' AND `day` = OLD.`day` AND OLD.`kind` = 'D' AND OLD.`a` = -1000000000;
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'A' AND `day` = OLD.`a` AND OLD.`kind` = 'D' AND OLD.`a` > -1000000000;
  UPDATE `kpi_day_sums` SET `n` = `n` - 1
    WHERE `farm_id` = OLD.`farm_id` AND `kind` = 'M' AND `day` = OLD.`day` AND OLD.`kind` = 'D'
      AND OLD.`a` < CAST(strftime('%s', OLD.`day` * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cycle_sums_on_insert` AFTER INSERT ON `kpi_figures` WHEN NEW.`kind` IN ('C', 'H')
BEGIN
  INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `v1`, `v2`)
    SELECT NEW.`farm_id`, 'P' || p.`phase`, NEW.`day`, NEW.`kind` = 'C', NEW.`kind` = 'H' FROM (
      SELECT t.column1 AS `phase`, NEW.`day` - ((NEW.`day` - t.column1) % 21) AS `start`
      FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15), (16), (17), (18),
        (19), (20)) AS t
    ) AS p WHERE p.`start` BETWEEN NEW.`a` AND NEW.`b` AND NEW.`flags` < p.`start`
    ON CONFLICT (`farm_id`, `kind`, `day`) DO UPDATE SET `v1` = `v1` + excluded.`v1`, `v2` = `v2` + excluded.`v2`;
END;
--> statement-breakpoint
CREATE TRIGGER `kpi_cycle_sums_on_delete` AFTER DELETE ON `kpi_figures` WHEN OLD.`kind` IN ('C', 'H')
BEGIN
  UPDATE `kpi_day_sums` SET `v1` = `v1` - (OLD.`kind` = 'C'), `v2` = `v2` - (OLD.`kind` = 'H')
    WHERE `farm_id` = OLD.`farm_id` AND `day` = OLD.`day` AND `kind` IN (
      SELECT 'P' || t.column1
      FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15), (16), (17), (18),
        (19), (20)) AS t
      WHERE OLD.`day` - ((OLD.`day` - t.column1) % 21) BETWEEN OLD.`a` AND OLD.`b`
        AND OLD.`flags` < OLD.`day` - ((OLD.`day` - t.column1) % 21));
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
INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `v1`, `v2`)
  SELECT m.`farm_id`, 'P' || t.column1, m.`day`, sum(m.`kind` = 'C'), sum(m.`kind` = 'H')
  FROM `kpi_figures` AS m, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15),
    (16), (17), (18), (19), (20)) AS t
  WHERE m.`kind` IN ('C', 'H') AND m.`day` - ((m.`day` - t.column1) % 21) BETWEEN m.`a` AND m.`b`
    AND m.`flags` < m.`day` - ((m.`day` - t.column1) % 21)
  GROUP BY m.`farm_id`, t.column1, m.`day`;
--> statement-breakpoint
INSERT INTO `kpi_day_sums` (`farm_id`, `kind`, `day`, `n`)
  SELECT `farm_id`, 'E', `block`, sum(`change`) FROM (
    SELECT `farm_id`, `day` - (`day` % 64) AS `block`, 1 AS `change` FROM `kpi_figures` WHERE `kind` = 'L'
    UNION ALL SELECT `farm_id`, (`a` + 1) - ((`a` + 1) % 64), -1 FROM `kpi_figures` WHERE `kind` = 'L'
  ) GROUP BY `farm_id`, `block`;
