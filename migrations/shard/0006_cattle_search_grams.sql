-- Search by any digits (§20, issue 32): every 4-character piece of an animal's ear tag, 個体識別番号 and name, so a
-- number of 4 or more digits finds the animals that hold it through an index instead of reading the farm's whole
-- herd (worker/cattle/cattle.queries.ts). Kept by the triggers below on every insert, change and delete of an
-- animal, whichever path writes it (routes, import, restore, the seeders). Positions 1–100 cover every name (≤ 50).
-- VALUES lists, not UNIONs: D1 allows only a few terms in a compound SELECT; one INSERT per column in the triggers.
-- No OR IGNORE in the triggers: an upsert on cattle (the import's herd update) would override it and fail on a piece
-- two columns share; each INSERT skips the pieces already there instead (DISTINCT within the column).
-- Additive only: one new table, its index and triggers, and its backfill from the animals already there.
CREATE TABLE `cattle_grams` (
  `farm_id` integer NOT NULL,
  `gram` text NOT NULL,
  `cattle_id` integer NOT NULL,
  PRIMARY KEY (`farm_id`, `gram`, `cattle_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `cattle_grams_cattle_idx` ON `cattle_grams` (`cattle_id`);
--> statement-breakpoint
CREATE TRIGGER `cattle_grams_on_insert` AFTER INSERT ON `cattle` BEGIN
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, substr(NEW.`ear_tag_number`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`ear_tag_number`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = substr(NEW.`ear_tag_number`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, substr(NEW.`identification_number`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`identification_number`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = substr(NEW.`identification_number`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, substr(NEW.`name`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`name`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = substr(NEW.`name`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
END;
--> statement-breakpoint
CREATE TRIGGER `cattle_grams_on_update` AFTER UPDATE OF `ear_tag_number`, `identification_number`, `name`, `farm_id` ON `cattle` BEGIN
  DELETE FROM `cattle_grams` WHERE `cattle_id` = OLD.`cattle_id`;
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, substr(NEW.`ear_tag_number`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`ear_tag_number`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = substr(NEW.`ear_tag_number`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, substr(NEW.`identification_number`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`identification_number`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = substr(NEW.`identification_number`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, substr(NEW.`name`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`name`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = substr(NEW.`name`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
END;
--> statement-breakpoint
CREATE TRIGGER `cattle_grams_on_delete` AFTER DELETE ON `cattle` BEGIN
  DELETE FROM `cattle_grams` WHERE `cattle_id` = OLD.`cattle_id`;
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
  SELECT c.`farm_id`, substr(CASE f.column1 WHEN 1 THEN c.`ear_tag_number` WHEN 2 THEN c.`identification_number` ELSE c.`name` END, p.i, 4), c.`cattle_id`
  FROM `cattle` AS c
  JOIN (VALUES (1), (2), (3)) AS f
  JOIN (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
  WHERE p.i + 3 <= length(CASE f.column1 WHEN 1 THEN c.`ear_tag_number` WHEN 2 THEN c.`identification_number` ELSE c.`name` END);
