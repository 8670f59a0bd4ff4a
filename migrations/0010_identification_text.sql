-- 個体識別番号 and 耳標番号 become text (docs/product.md §5, docs/decisions/019-identification-numbers.md): the
-- national number keeps its leading zero ("0812345675") and a calf from a calving has none until it is tagged.
-- No table is rebuilt (a D1 rebuild of cattle would cascade-delete its events and breeding rows): each column gets
-- a text twin, the values are copied, the integer column is dropped and the twin takes its name.
-- Integers are left-padded to 10 digits; provisional negative calf numbers become null; an ear tag that is the
-- number's digits 6–9 gets back the zero it lost ("0567" rather than 567).
DROP INDEX `cattle_farm_search_idx`;
--> statement-breakpoint
DROP INDEX `cattle_farm_identification_unique`;
--> statement-breakpoint
ALTER TABLE `cattle` ADD `identification_number_text` text;
--> statement-breakpoint
ALTER TABLE `cattle` ADD `ear_tag_number_text` text;
--> statement-breakpoint
UPDATE `cattle` SET `identification_number_text` = CASE
  WHEN `identification_number` > 0 THEN printf('%010d', `identification_number`) END;
--> statement-breakpoint
UPDATE `cattle` SET `ear_tag_number_text` = CASE
  WHEN `ear_tag_number` IS NULL OR `ear_tag_number` < 0 THEN NULL
  WHEN `identification_number_text` IS NOT NULL
    AND `ear_tag_number` = CAST(substr(`identification_number_text`, 6, 4) AS INTEGER)
    THEN substr(`identification_number_text`, 6, 4)
  ELSE CAST(`ear_tag_number` AS TEXT) END;
--> statement-breakpoint
ALTER TABLE `cattle` DROP COLUMN `identification_number`;
--> statement-breakpoint
ALTER TABLE `cattle` DROP COLUMN `ear_tag_number`;
--> statement-breakpoint
ALTER TABLE `cattle` RENAME COLUMN `identification_number_text` TO `identification_number`;
--> statement-breakpoint
ALTER TABLE `cattle` RENAME COLUMN `ear_tag_number_text` TO `ear_tag_number`;
--> statement-breakpoint
CREATE INDEX `cattle_farm_search_idx` ON `cattle` (`farm_id`,`ear_tag_number`,`identification_number`,`name`);
--> statement-breakpoint
CREATE UNIQUE INDEX `cattle_farm_identification_unique` ON `cattle` (`farm_id`,`identification_number`);
--> statement-breakpoint
ALTER TABLE `mother_info` ADD `mother_identification_number_text` text;
--> statement-breakpoint
UPDATE `mother_info` SET `mother_identification_number_text` = CASE
  WHEN `mother_identification_number` > 0 THEN printf('%010d', `mother_identification_number`) END;
--> statement-breakpoint
ALTER TABLE `mother_info` DROP COLUMN `mother_identification_number`;
--> statement-breakpoint
ALTER TABLE `mother_info` RENAME COLUMN `mother_identification_number_text` TO `mother_identification_number`;
--> statement-breakpoint
ALTER TABLE `alerts` ADD `cattle_ear_tag_number_text` text;
--> statement-breakpoint
UPDATE `alerts` SET `cattle_ear_tag_number_text` =
  (SELECT `ear_tag_number` FROM `cattle` WHERE `cattle`.`cattle_id` = `alerts`.`cattle_id`);
--> statement-breakpoint
ALTER TABLE `alerts` DROP COLUMN `cattle_ear_tag_number`;
--> statement-breakpoint
ALTER TABLE `alerts` RENAME COLUMN `cattle_ear_tag_number_text` TO `cattle_ear_tag_number`;
--> statement-breakpoint
-- A calving's calf as recorded in its details: the numbers become strings too, a provisional one disappears.
UPDATE `events` SET `details` = json_set(`details`, '$.calf.identificationNumber',
    printf('%010d', json_extract(`details`, '$.calf.identificationNumber')))
  WHERE `event_type` = 'CALVING' AND json_type(`details`, '$.calf.identificationNumber') = 'integer'
    AND json_extract(`details`, '$.calf.identificationNumber') > 0;
--> statement-breakpoint
UPDATE `events` SET `details` = json_remove(`details`, '$.calf.identificationNumber')
  WHERE `event_type` = 'CALVING' AND json_type(`details`, '$.calf.identificationNumber') = 'integer';
--> statement-breakpoint
UPDATE `events` SET `details` = json_set(`details`, '$.calf.earTagNumber',
    CAST(json_extract(`details`, '$.calf.earTagNumber') AS TEXT))
  WHERE `event_type` = 'CALVING' AND json_type(`details`, '$.calf.earTagNumber') = 'integer';
