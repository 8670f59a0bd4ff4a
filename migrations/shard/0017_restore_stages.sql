-- A restore that is all or nothing at any size and one at a time per farm (docs/decisions/050-restore.md): a farm's
-- running restore holds one `restores` row (its token and start; a second restore finds it and answers 409, a row
-- older than the restore's time limit is taken over), and the remapped rows it writes wait in `restore_rows` (one
-- JSON array per table chunk) — no read looks there — until one final batch inserts them into the farm's tables,
-- deletes them and the marker. A stage that fails deletes its farm's staged rows. Additive only: two new tables.
CREATE TABLE `restores` (
	`farm_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`started_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `restore_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`farm_id` integer NOT NULL,
	`token` text NOT NULL,
	`tbl` text NOT NULL,
	`rows` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `restore_rows_farm_idx` ON `restore_rows` (`farm_id`, `tbl`, `id`);
