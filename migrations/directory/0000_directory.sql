-- The directory (decision 034): accounts, sessions, farms and their members, invitations, mail and LINE logs,
-- rate limits, idempotency keys, the dawn run's bookkeeping, and each farm's shard. The schema of migrations/0000–0020
-- squashed, plus farms.shard.
CREATE TABLE `dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `email_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`type` text NOT NULL,
	`http_status` integer,
	`resend_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
CREATE TABLE `registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`referral_source` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`locale` text DEFAULT 'ja' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_name` text DEFAULT '仮登録ユーザー' NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`verification_token_hash` text,
	`verification_token_expires_at` text,
	`last_login_at` text,
	`theme` text DEFAULT 'light' NOT NULL,
	`google_id` text,
	`line_id` text,
	`oauth_provider` text DEFAULT 'email' NOT NULL,
	`avatar_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
, `default_farm_id` integer REFERENCES `farms`(`id`) ON DELETE set null, `digest_channel` text DEFAULT 'mail' NOT NULL);
CREATE TABLE `daily_runs` (
	`run_date` text PRIMARY KEY NOT NULL,
	`after_owner_id` integer DEFAULT 0 NOT NULL,
	`invocations` integer DEFAULT 0 NOT NULL,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `farms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `farm_members` (
	`farm_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`farm_id`, `user_id`),
	FOREIGN KEY (`farm_id`) REFERENCES `farms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE TABLE `farm_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`farm_id` integer NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`accepted_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`farm_id`) REFERENCES `farms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE TABLE `line_friends` (
	`line_user_id` text PRIMARY KEY NOT NULL,
	`following` integer NOT NULL,
	`event_at` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `line_webhook_events` (
	`webhook_event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`line_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
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
CREATE TABLE `line_dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`state` text NOT NULL,
	`status` integer,
	`body` text,
	`content_type` text,
	`created_at` text NOT NULL,
	PRIMARY KEY (`user_id`, `key`)
);
CREATE INDEX `dev_outbox_to_idx` ON `dev_outbox` (`to`,`id`);
CREATE INDEX `email_logs_email_idx` ON `email_logs` (`email`,`created_at`);
CREATE INDEX `rate_limit_hits_key_idx` ON `rate_limit_hits` (`key`,`created_at`);
CREATE UNIQUE INDEX `registrations_email_unique` ON `registrations` (`email`);
CREATE INDEX `registrations_created_idx` ON `registrations` (`created_at`);
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`google_id`);
CREATE UNIQUE INDEX `users_line_id_unique` ON `users` (`line_id`);
CREATE INDEX `users_verification_token_idx` ON `users` (`verification_token_hash`);
CREATE INDEX `farm_members_user_idx` ON `farm_members` (`user_id`,`farm_id`,`role`);
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);
CREATE UNIQUE INDEX `farm_invitations_token_unique` ON `farm_invitations` (`token_hash`);
CREATE INDEX `farm_invitations_farm_idx` ON `farm_invitations` (`farm_id`,`created_at`);
CREATE INDEX `line_push_logs_user_idx` ON `line_push_logs` (`line_user_id`,`created_at`);
CREATE INDEX `line_dev_outbox_to_idx` ON `line_dev_outbox` (`to`,`id`);
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);
ALTER TABLE `farms` ADD `shard` integer DEFAULT 0 NOT NULL;
CREATE INDEX `farms_shard_idx` ON `farms` (`shard`);
