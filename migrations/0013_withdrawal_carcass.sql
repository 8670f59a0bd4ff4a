-- Withdrawal periods (休薬期間, docs/product.md §16) and carcass results (枝肉成績, §9.3), decision 024.
-- No table is rebuilt: columns are added, and the stored withdrawal ends are computed once from the events.

-- The latest end of the animal's meat and milk withdrawal (JST date), kept by every event write with the rest of
-- its breeding state (worker/breeding/recompute.ts): no list or detail read scans events for it.
ALTER TABLE `breeding_status` ADD COLUMN `withdrawal_meat_until` text;
--> statement-breakpoint
ALTER TABLE `breeding_status` ADD COLUMN `withdrawal_milk_until` text;
--> statement-breakpoint
-- A treatment's end = its JST date + its days; 0 days (or none) is no restriction. Every animal with events has
-- its breeding_status row (written by every event write), so updating the rows there is enough.
UPDATE `breeding_status` SET
  `withdrawal_meat_until` = (
    SELECT max(date(e.`event_datetime`, '+9 hours', '+' || CAST(json_extract(e.`details`, '$.withdrawalMeatDays') AS integer) || ' days'))
    FROM `events` e
    WHERE e.`cattle_id` = `breeding_status`.`cattle_id` AND e.`event_type` IN ('MEDICATION', 'VACCINATION')
      AND CAST(json_extract(e.`details`, '$.withdrawalMeatDays') AS integer) > 0),
  `withdrawal_milk_until` = (
    SELECT max(date(e.`event_datetime`, '+9 hours', '+' || CAST(json_extract(e.`details`, '$.withdrawalMilkDays') AS integer) || ' days'))
    FROM `events` e
    WHERE e.`cattle_id` = `breeding_status`.`cattle_id` AND e.`event_type` IN ('MEDICATION', 'VACCINATION')
      AND CAST(json_extract(e.`details`, '$.withdrawalMilkDays') AS integer) > 0)
  WHERE `cattle_id` IN (SELECT `cattle_id` FROM `events` WHERE `event_type` IN ('MEDICATION', 'VACCINATION'));
--> statement-breakpoint
ALTER TABLE `shipments` ADD COLUMN `carcass_weight_kg` real;
--> statement-breakpoint
ALTER TABLE `shipments` ADD COLUMN `carcass_yield_grade` text;
--> statement-breakpoint
ALTER TABLE `shipments` ADD COLUMN `carcass_quality_grade` integer;
--> statement-breakpoint
ALTER TABLE `shipments` ADD COLUMN `carcass_bms` integer;
--> statement-breakpoint
ALTER TABLE `shipments` ADD COLUMN `carcass_notes` text;
