-- docs/product.md §25 (LINE in both directions): the one-use link code, the LINE farm, the one-use postback actions
-- and the development outbox's LINE message objects. Additive only: a nullable column on users, two new tables, and
-- three columns on line_dev_outbox (old rows are pushes of their text); no table is rebuilt.
ALTER TABLE `users` ADD `line_farm_id` integer REFERENCES `farms`(`id`) ON DELETE set null;
--> statement-breakpoint
CREATE TABLE `line_link_codes` (
	`user_id` integer PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `line_link_codes_hash_unique` ON `line_link_codes` (`code_hash`);
--> statement-breakpoint
CREATE TABLE `line_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`line_user_id` text NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `line_actions_user_idx` ON `line_actions` (`line_user_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `line_dev_outbox` ADD `kind` text DEFAULT 'push' NOT NULL;
--> statement-breakpoint
ALTER TABLE `line_dev_outbox` ADD `reply_token` text;
--> statement-breakpoint
ALTER TABLE `line_dev_outbox` ADD `messages` text;
