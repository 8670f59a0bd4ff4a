-- Each shipment plan carries its animal's ear tag, kept by triggers, so the plan board's page — by month, then ear
-- tag — is read in index order and stops after its rows, however many plans the farm has (issue 24: the page grew
-- with the herd because each month's plans were sorted by their animals' ear tags first). No table is rebuilt.
ALTER TABLE `shipment_plans` ADD COLUMN `ear_tag_number` text;
--> statement-breakpoint
UPDATE `shipment_plans` SET `ear_tag_number` = (
  SELECT c.`ear_tag_number` FROM `cattle` c WHERE c.`cattle_id` = `shipment_plans`.`cattle_id`
);
--> statement-breakpoint
DROP INDEX `shipment_plans_farm_month_idx`;
--> statement-breakpoint
CREATE INDEX `shipment_plans_farm_month_ear_tag_idx` ON `shipment_plans`
  (`farm_id`, `planned_shipment_month`, CAST(`ear_tag_number` AS integer), `ear_tag_number`, `cattle_id`);
--> statement-breakpoint
CREATE TRIGGER `shipment_plans_ear_tag_on_insert` AFTER INSERT ON `shipment_plans`
BEGIN
  UPDATE `shipment_plans` SET `ear_tag_number` = (SELECT `ear_tag_number` FROM `cattle` WHERE `cattle_id` = NEW.`cattle_id`)
  WHERE `plan_id` = NEW.`plan_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipment_plans_ear_tag_on_cattle_update` AFTER UPDATE OF `ear_tag_number` ON `cattle`
BEGIN
  UPDATE `shipment_plans` SET `ear_tag_number` = NEW.`ear_tag_number` WHERE `cattle_id` = NEW.`cattle_id`;
END;
