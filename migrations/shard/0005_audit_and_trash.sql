-- Nothing lost (docs/product.md §23, docs/decisions/042-nothing-lost.md): the change history and the trash.
-- Additive only: two new tables and their indexes; no existing table is touched.
-- audit_log: one row per write to farm data, in the same batch as the write; never updated, kept at least 5 years.
CREATE TABLE `audit_log` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `at` text NOT NULL,
  `user_id` integer,
  `user_name` text,
  `action` text NOT NULL CHECK (`action` IN ('create', 'update', 'delete', 'restore', 'import')),
  `entity` text NOT NULL,
  `entity_id` text NOT NULL,
  `changes` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_farm_at_idx` ON `audit_log` (`farm_id`, `at` DESC, `id` DESC);
--> statement-breakpoint
CREATE INDEX `audit_log_farm_entity_idx` ON `audit_log` (`farm_id`, `entity`, `entity_id`, `at` DESC, `id` DESC);
--> statement-breakpoint
CREATE INDEX `audit_log_farm_user_idx` ON `audit_log` (`farm_id`, `user_id`, `at` DESC, `id` DESC);
--> statement-breakpoint
-- trash: an animal (with its events and per-animal rows) or an event deleted from the live tables, as JSON rows,
-- restorable with the same ids until purge_at (30 days); an animal's 個体識別番号 stays taken while it is here.
CREATE TABLE `trash` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `entity` text NOT NULL CHECK (`entity` IN ('cattle', 'event')),
  `entity_id` integer NOT NULL,
  `cattle_id` integer NOT NULL,
  `label` text NOT NULL,
  `identification_number` text,
  `snapshot` text NOT NULL,
  `deleted_at` text NOT NULL,
  `deleted_by` integer,
  `deleted_by_name` text,
  `purge_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trash_farm_entity_unique` ON `trash` (`farm_id`, `entity`, `entity_id`);
--> statement-breakpoint
CREATE INDEX `trash_farm_deleted_idx` ON `trash` (`farm_id`, `deleted_at` DESC);
--> statement-breakpoint
CREATE INDEX `trash_farm_identification_idx` ON `trash` (`farm_id`, `identification_number`);
--> statement-breakpoint
CREATE INDEX `trash_purge_idx` ON `trash` (`purge_at`);
