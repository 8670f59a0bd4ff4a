-- LINE notifications (docs/product.md §15, decision 023). No table is rebuilt: one column on users, four new tables.
-- The morning digest's channel per user; every existing user keeps mail, the default.
ALTER TABLE `users` ADD COLUMN `digest_channel` text DEFAULT 'mail' NOT NULL;
--> statement-breakpoint
-- Who follows the official account, keyed by the LINE userId (= users.line_id from LINE Login, same provider).
-- A follow can arrive before the user links LINE, so this is not a users column. `event_at` is the webhook
-- event's timestamp: an older event never overwrites a newer one.
CREATE TABLE `line_friends` (
	`line_user_id` text PRIMARY KEY NOT NULL,
	`following` integer NOT NULL,
	`event_at` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
-- Webhook events already handled (webhookEventId): a redelivery changes nothing.
CREATE TABLE `line_webhook_events` (
	`webhook_event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`line_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
-- Every push attempt (sent, refused, failed, or kept in the development outbox), like email_logs for mail.
CREATE TABLE `line_push_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`line_user_id` text NOT NULL,
	`user_id` integer,
	`type` text NOT NULL,
	`attempt` integer NOT NULL,
	`retry_key` text NOT NULL,
	`http_status` integer,
	`request_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `line_push_logs_user_idx` ON `line_push_logs` (`line_user_id`,`created_at`);
--> statement-breakpoint
-- Development only: pushes kept instead of sent (GET /api/v1/dev/line-outbox?to=LINE_USER_ID).
CREATE TABLE `line_dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `line_dev_outbox_to_idx` ON `line_dev_outbox` (`to`,`id`);
