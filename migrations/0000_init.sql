CREATE TABLE `alert_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` text NOT NULL,
	`action` text NOT NULL,
	`previous_status` text,
	`new_status` text,
	`changed_by` text NOT NULL,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_history_alert_idx` ON `alert_history` (`alert_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`severity` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`cattle_id` integer NOT NULL,
	`cattle_name` text,
	`cattle_ear_tag_number` integer,
	`due_at` text,
	`message` text NOT NULL,
	`memo` text,
	`owner_user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`acknowledged_at` text,
	`resolved_at` text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_owner_status_idx` ON `alerts` (`owner_user_id`,`status`,`severity`,`due_at`);--> statement-breakpoint
CREATE INDEX `alerts_cattle_idx` ON `alerts` (`cattle_id`,`status`);--> statement-breakpoint
CREATE TABLE `bloodline` (
	`bloodline_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`father_cattle_name` text,
	`mother_father_cattle_name` text,
	`mother_grand_father_cattle_name` text,
	`mother_great_grand_father_cattle_name` text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bloodline_cattle_id_unique` ON `bloodline` (`cattle_id`);--> statement-breakpoint
CREATE TABLE `breeding_status` (
	`breeding_status_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`initial_parity` integer DEFAULT 0 NOT NULL,
	`parity` integer DEFAULT 0 NOT NULL,
	`expected_calving_date` text,
	`scheduled_pregnancy_check_date` text,
	`last_calving_date` text,
	`last_insemination_date` text,
	`conception_date` text,
	`last_estrus_date` text,
	`days_after_calving` integer,
	`days_open` integer,
	`pregnancy_days` integer,
	`days_after_insemination` integer,
	`insemination_count` integer DEFAULT 0 NOT NULL,
	`breeding_memo` text,
	`is_difficult_birth` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `breeding_status_cattle_id_unique` ON `breeding_status` (`cattle_id`);--> statement-breakpoint
CREATE TABLE `breeding_summary` (
	`breeding_summary_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`total_insemination_count` integer DEFAULT 0 NOT NULL,
	`average_days_open` real,
	`average_pregnancy_period` real,
	`average_calving_interval` real,
	`difficult_birth_count` integer DEFAULT 0 NOT NULL,
	`pregnancy_head_count` integer DEFAULT 0 NOT NULL,
	`pregnancy_success_rate` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `breeding_summary_cattle_id_unique` ON `breeding_summary` (`cattle_id`);--> statement-breakpoint
CREATE TABLE `cattle` (
	`cattle_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` integer NOT NULL,
	`identification_number` integer NOT NULL,
	`ear_tag_number` integer,
	`name` text,
	`growth_stage` text,
	`birthday` text,
	`gender` text,
	`weight` real,
	`score` integer,
	`breed` text,
	`status` text DEFAULT 'HEALTHY' NOT NULL,
	`producer_name` text,
	`barn` text,
	`breeding_value` text,
	`notes` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cattle_owner_idx` ON `cattle` (`owner_user_id`,`cattle_id`);--> statement-breakpoint
CREATE INDEX `cattle_owner_ear_tag_idx` ON `cattle` (`owner_user_id`,`ear_tag_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `cattle_owner_identification_unique` ON `cattle` (`owner_user_id`,`identification_number`);--> statement-breakpoint
CREATE INDEX `cattle_owner_status_idx` ON `cattle` (`owner_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `cattle_owner_birthday_idx` ON `cattle` (`owner_user_id`,`birthday`);--> statement-breakpoint
CREATE INDEX `cattle_owner_name_idx` ON `cattle` (`owner_user_id`,`name`);--> statement-breakpoint
CREATE TABLE `cattle_status_history` (
	`history_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`old_status` text,
	`new_status` text NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`changed_by` text NOT NULL,
	`reason` text,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cattle_status_history_cattle_idx` ON `cattle_status_history` (`cattle_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_outbox_to_idx` ON `dev_outbox` (`to`,`id`);--> statement-breakpoint
CREATE TABLE `email_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`type` text NOT NULL,
	`http_status` integer,
	`resend_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_logs_email_idx` ON `email_logs` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`event_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`owner_user_id` integer NOT NULL,
	`event_type` text NOT NULL,
	`event_datetime` text NOT NULL,
	`details` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_cattle_time_idx` ON `events` (`cattle_id`,`event_datetime`);--> statement-breakpoint
CREATE INDEX `events_owner_time_idx` ON `events` (`owner_user_id`,`event_datetime`);--> statement-breakpoint
CREATE INDEX `events_owner_type_time_idx` ON `events` (`owner_user_id`,`event_type`,`event_datetime`);--> statement-breakpoint
CREATE TABLE `mother_info` (
	`mother_info_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cattle_id` integer NOT NULL,
	`mother_cattle_id` integer,
	`mother_name` text,
	`mother_identification_number` integer,
	`mother_score` integer,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mother_cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mother_info_cattle_id_unique` ON `mother_info` (`cattle_id`);--> statement-breakpoint
CREATE INDEX `mother_info_mother_idx` ON `mother_info` (`mother_cattle_id`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_idx` ON `rate_limit_hits` (`key`,`created_at`);--> statement-breakpoint
CREATE TABLE `registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`referral_source` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`locale` text DEFAULT 'ja' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_email_unique` ON `registrations` (`email`);--> statement-breakpoint
CREATE INDEX `registrations_created_idx` ON `registrations` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `shipment_plans` (
	`plan_id` text PRIMARY KEY NOT NULL,
	`cattle_id` integer NOT NULL,
	`owner_user_id` integer NOT NULL,
	`planned_shipment_month` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipment_plans_cattle_id_unique` ON `shipment_plans` (`cattle_id`);--> statement-breakpoint
CREATE INDEX `shipment_plans_owner_month_idx` ON `shipment_plans` (`owner_user_id`,`planned_shipment_month`);--> statement-breakpoint
CREATE TABLE `shipments` (
	`shipment_id` text PRIMARY KEY NOT NULL,
	`cattle_id` integer NOT NULL,
	`owner_user_id` integer NOT NULL,
	`shipment_date` text NOT NULL,
	`price` integer NOT NULL,
	`weight` real,
	`age_at_shipment` integer,
	`buyer` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cattle_id`) REFERENCES `cattle`(`cattle_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shipments_cattle_date_idx` ON `shipments` (`cattle_id`,`shipment_date`);--> statement-breakpoint
CREATE INDEX `shipments_owner_date_idx` ON `shipments` (`owner_user_id`,`shipment_date`);--> statement-breakpoint
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
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`google_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_line_id_unique` ON `users` (`line_id`);--> statement-breakpoint
CREATE INDEX `users_verification_token_idx` ON `users` (`verification_token_hash`);