-- NLBC filings (docs/product.md §21, docs/decisions/041-filings.md): one row per (animal, kind), written with the
-- event that obliges it in the event write's batch (worker/filings/filings.record.ts). Fields and what is missing are
-- computed on read. Additive only: a new table and its indexes; existing events create no filings (the herd's past
-- is taken as filed, as an import's is).
CREATE TABLE `filings` (
  `filing_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `cattle_id` integer NOT NULL,
  `kind` text NOT NULL,
  `event_id` integer NOT NULL,
  `event_date` text NOT NULL,
  `due_date` text NOT NULL,
  `status` text DEFAULT 'pending' NOT NULL,
  `filed_at` text,
  `filed_by` integer,
  `filed_by_name` text,
  `event_deleted` integer DEFAULT 0 NOT NULL,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  `updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `filings_animal_kind_unique` ON `filings` (`farm_id`, `cattle_id`, `kind`);
--> statement-breakpoint
CREATE INDEX `filings_farm_status_due_idx` ON `filings` (`farm_id`, `status`, `due_date`, `filing_id`);
--> statement-breakpoint
CREATE INDEX `filings_event_idx` ON `filings` (`event_id`);
--> statement-breakpoint
-- A shipment record's counterparty (market, buyer or abattoir) for its move-out filing.
ALTER TABLE `shipments` ADD `to_farmer_code` text;
--> statement-breakpoint
ALTER TABLE `shipments` ADD `to_name` text;
