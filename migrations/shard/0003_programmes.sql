-- Programmes and tasks (docs/product.md §22, docs/decisions/040-programmes-and-tasks.md). Additive only: three new
-- tables, their indexes and one trigger; no existing table changes.
-- A programme's trigger is kept in columns (the event hook and the dawn run select on them in SQL); its steps as a
-- JSON array [{ day, title, eventType?, details? }] that enrolment expands with json_each.
CREATE TABLE `programmes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `name` text NOT NULL,
  `trigger_kind` text NOT NULL,
  `trigger_event_type` text,
  `trigger_days` integer,
  `steps` text NOT NULL,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  `updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `programmes_farm_trigger_idx` ON `programmes` (`farm_id`, `trigger_kind`, `trigger_event_type`);
--> statement-breakpoint
-- One animal in one programme from one start: the unique key makes enrolment idempotent.
CREATE TABLE `enrolments` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `programme_id` integer NOT NULL,
  `cattle_id` integer NOT NULL,
  `start_date` text NOT NULL,
  `created_by` integer,
  `cancelled_at` text,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrolments_unique_idx` ON `enrolments` (`farm_id`, `programme_id`, `cattle_id`, `start_date`);
--> statement-breakpoint
CREATE INDEX `enrolments_cattle_idx` ON `enrolments` (`cattle_id`);
--> statement-breakpoint
CREATE TABLE `tasks` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `cattle_id` integer NOT NULL,
  `enrolment_id` integer NOT NULL,
  `programme_id` integer NOT NULL,
  `step_index` integer NOT NULL,
  `title` text NOT NULL,
  `event_type` text,
  `details` text,
  `due_date` text NOT NULL,
  `status` text DEFAULT 'open' NOT NULL,
  `assignee_user_id` integer,
  `done_at` text,
  `done_by` integer,
  `event_id` integer,
  `skip_reason` text,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  `updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_enrolment_step_idx` ON `tasks` (`enrolment_id`, `step_index`);
--> statement-breakpoint
-- "Open tasks due on or before today, by farm" (home, the dawn digest, /me/today) and the task list by due date.
CREATE INDEX `tasks_farm_status_due_idx` ON `tasks` (`farm_id`, `status`, `due_date`);
--> statement-breakpoint
CREATE INDEX `tasks_cattle_status_idx` ON `tasks` (`cattle_id`, `status`);
--> statement-breakpoint
-- A task leaves 'open' once: any write of the status of a task no longer open — a second done, a skip after done —
-- rolls its whole batch back, with the event the done would have recorded, and the service answers 409. (Every
-- other status write selects open tasks only.)
CREATE TRIGGER `tasks_leave_open_once` BEFORE UPDATE OF `status` ON `tasks`
WHEN OLD.`status` <> 'open'
BEGIN
  SELECT RAISE(ABORT, 'TASK_NOT_OPEN');
END;
