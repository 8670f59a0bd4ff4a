-- A protocol stops when the cow's state says so, and is for the animals it fits (docs/product.md §22 turn 4,
-- docs/decisions/048-programmes-stop-and-eligible.md). Additive only: three columns (ALTER TABLE ADD COLUMN, no
-- rebuild, so no enrolment or task is cascaded away), the examples' rules, and the stop of Ovsynch enrolments of cows
-- already pregnant.
-- A programme's stop conditions, [{ eventType, result? }], and who may be enrolled, { gender?, notPregnant?,
-- statuses?, minDaysSinceCalving? }: empty for every farm's own programmes (nothing stops them but death and
-- shipment, as before; every animal may be enrolled).
ALTER TABLE `programmes` ADD `stop_when` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `programmes` ADD `eligible` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Why a stopped task was cancelled ('中止：授精が記録されました'); null for the cancellations before and for those of a
-- deleted programme, a cancelled enrolment, a death or a shipment.
ALTER TABLE `tasks` ADD `cancel_reason` text;
--> statement-breakpoint
-- The example every farm got, under its name: stops on a service, a positive check, a calving or an abortion; for
-- cows and heifers not pregnant, 40 days or more after calving.
UPDATE `programmes`
SET `stop_when` = '[{"eventType":"INSEMINATION"},{"eventType":"PREGNANCY_CHECK","result":"PREGNANT"},{"eventType":"CALVING"},{"eventType":"ABORTION"}]',
  `eligible` = '{"gender":["雌"],"notPregnant":true,"minDaysSinceCalving":40}'
WHERE `name` = 'Ovsynch（定時授精）';
--> statement-breakpoint
-- An Ovsynch enrolment of a cow already pregnant: its open steps (a PGF2α among them) are stopped, with the reason.
UPDATE `tasks`
SET `status` = 'cancelled', `cancel_reason` = '中止：妊娠が確認されました',
  `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `status` = 'open'
  AND `programme_id` IN (SELECT `id` FROM `programmes` WHERE `name` = 'Ovsynch（定時授精）')
  AND `cattle_id` IN (SELECT `cattle_id` FROM `cattle` WHERE `status` = 'PREGNANT');
