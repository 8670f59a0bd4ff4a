-- Idempotency keys (docs/product.md §14, decision 027). No table is rebuilt: one new table.
-- One row per (user, Idempotency-Key) of a creating POST: claimed 'in_flight' before the handler runs (the primary
-- key makes the claim atomic across isolates), then 'done' with the answer that is replayed. 5xx answers are not
-- kept (the row is deleted so a retry runs again). The daily cron deletes rows older than 24 hours.
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
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);
