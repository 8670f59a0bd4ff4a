-- The roster carries the breeding state a barn visit needs (docs/product.md §20 turn 4, decision 059): parity, last
-- calving, last service, conception, expected calving and the meat withdrawal's end, read from `breeding_status`. The
-- roster's answer is built once per `farm_counts.roster_version` (and JST day) and kept, so every change of one of
-- those columns is a new roster version, in the statement that makes it — whichever path writes it (the breeding
-- engine's recompute, the import's upsert, a restore, the registration). `breeding_status` has no farm: the farm is
-- the animal's. A write that leaves these columns as they were (the engine's day counts, the farmer's memo, the
-- version) is no new roster.
-- Additive only: three triggers; no table is rebuilt and no row changes.
CREATE TRIGGER `roster_version_on_breeding_insert` AFTER INSERT ON `breeding_status`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1
  WHERE `farm_id` = (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `roster_version_on_breeding_update` AFTER UPDATE OF `parity`, `last_calving_date`,
  `last_insemination_date`, `conception_date`, `expected_calving_date`, `withdrawal_meat_until` ON `breeding_status`
WHEN NEW.`parity` IS NOT OLD.`parity` OR NEW.`last_calving_date` IS NOT OLD.`last_calving_date`
  OR NEW.`last_insemination_date` IS NOT OLD.`last_insemination_date`
  OR NEW.`conception_date` IS NOT OLD.`conception_date`
  OR NEW.`expected_calving_date` IS NOT OLD.`expected_calving_date`
  OR NEW.`withdrawal_meat_until` IS NOT OLD.`withdrawal_meat_until`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1
  WHERE `farm_id` = (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `roster_version_on_breeding_delete` AFTER DELETE ON `breeding_status`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1
  WHERE `farm_id` = (SELECT `farm_id` FROM `cattle` WHERE `cattle_id` = OLD.`cattle_id`);
END;
