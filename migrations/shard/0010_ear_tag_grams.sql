-- Search by any digits, best match first, without reading every match (§20, docs/decisions/045 addendum): the ear
-- tag's 4-character pieces are kept a second time in cattle_grams, marked '#' ('#0107'), so the animals whose ear tag
-- holds a number are found through the index, apart from those whose 個体識別番号 or name holds it. A marked piece is
-- 5 characters and every other piece 4: the two never meet. The insert and update triggers of 0006 are replaced by
-- the same ones writing the marked pieces too (one trigger per event: SQLite's order among several is not a
-- contract, and the update trigger deletes the animal's pieces before writing them again); the delete trigger already
-- deletes them. Additive to the data: the marked pieces of the animals already there are written, no row changes.
DROP TRIGGER `cattle_grams_on_insert`;
--> statement-breakpoint
DROP TRIGGER `cattle_grams_on_update`;
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
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, '#' || substr(NEW.`ear_tag_number`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`ear_tag_number`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = '#' || substr(NEW.`ear_tag_number`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
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
  INSERT INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
    SELECT DISTINCT NEW.`farm_id`, '#' || substr(NEW.`ear_tag_number`, p.i, 4), NEW.`cattle_id` FROM (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
    WHERE p.i + 3 <= length(NEW.`ear_tag_number`) AND NOT EXISTS (
      SELECT 1 FROM `cattle_grams` AS k
      WHERE k.`farm_id` = NEW.`farm_id` AND k.`gram` = '#' || substr(NEW.`ear_tag_number`, p.i, 4) AND k.`cattle_id` = NEW.`cattle_id`
    );
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `cattle_grams` (`farm_id`, `gram`, `cattle_id`)
  SELECT c.`farm_id`, '#' || substr(c.`ear_tag_number`, p.i, 4), c.`cattle_id`
  FROM `cattle` AS c
  JOIN (SELECT t.column1 * 10 + u.column1 + 1 AS i FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS t, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) AS u) AS p
  WHERE p.i + 3 <= length(c.`ear_tag_number`);
