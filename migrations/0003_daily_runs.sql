CREATE TABLE `daily_runs` (
	`run_date` text PRIMARY KEY NOT NULL,
	`after_owner_id` integer DEFAULT 0 NOT NULL,
	`invocations` integer DEFAULT 0 NOT NULL,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
