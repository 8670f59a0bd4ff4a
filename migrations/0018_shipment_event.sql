-- Every shipment record has its SHIPMENT event (docs/product.md §9, docs/decisions/031-shipment-event.md): the
-- record points at it, so correcting the record's date moves the event and deleting the record deletes the event.
-- Records kept before this adopt the animal's first SHIPMENT event when it has one; the others get one written on
-- the record's date (00:00 JST, as import arrivals are dated), by the record's author at the record's time.
-- No table is rebuilt: one column added, nothing else changes shape.
ALTER TABLE `shipments` ADD COLUMN `event_id` integer REFERENCES `events`(`event_id`) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX `shipments_event_idx` ON `shipments` (`event_id`);
--> statement-breakpoint
UPDATE `shipments` SET `event_id` = (
  SELECT e.`event_id` FROM `events` e
  WHERE e.`cattle_id` = `shipments`.`cattle_id` AND e.`event_type` = 'SHIPMENT'
  ORDER BY e.`event_datetime`, e.`event_id` LIMIT 1
);
--> statement-breakpoint
INSERT INTO `events` (`cattle_id`, `farm_id`, `created_by`, `event_type`, `event_datetime`, `details`, `notes`, `created_at`, `updated_at`)
SELECT s.`cattle_id`, s.`farm_id`, s.`created_by`, 'SHIPMENT', strftime('%Y-%m-%dT%H:%M:%fZ', s.`shipment_date`, '-9 hours'),
  NULL, NULL, s.`created_at`, s.`created_at`
FROM `shipments` s WHERE s.`event_id` IS NULL;
--> statement-breakpoint
UPDATE `shipments` SET `event_id` = (
  SELECT e.`event_id` FROM `events` e
  WHERE e.`cattle_id` = `shipments`.`cattle_id` AND e.`event_type` = 'SHIPMENT'
  ORDER BY e.`event_datetime`, e.`event_id` LIMIT 1
)
WHERE `event_id` IS NULL;
