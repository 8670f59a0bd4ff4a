-- History a farmer reads (docs/product.md §23, turn 4; decision 054): sending an invitation is audited when sent, as
-- action 'invite'. SQLite cannot change a CHECK in place, so audit_log is rebuilt with the same columns, ids, rows
-- and indexes and 'invite' among its actions. No table refers to audit_log (nothing cascades); its id sequence,
-- raised per shard (decision 051), is carried over.
CREATE TABLE `audit_log_new` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `at` text NOT NULL,
  `user_id` integer,
  `user_name` text,
  `action` text NOT NULL CHECK (`action` IN ('create', 'update', 'delete', 'restore', 'import', 'invite')),
  `entity` text NOT NULL,
  `entity_id` text NOT NULL,
  `changes` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
INSERT INTO `audit_log_new` (`id`, `farm_id`, `at`, `user_id`, `user_name`, `action`, `entity`, `entity_id`, `changes`)
  SELECT `id`, `farm_id`, `at`, `user_id`, `user_name`, `action`, `entity`, `entity_id`, `changes` FROM `audit_log`;
--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq) SELECT 'audit_log_new', 0
  WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'audit_log_new');
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'), 0))
  WHERE name = 'audit_log_new';
--> statement-breakpoint
DROP TABLE `audit_log`;
--> statement-breakpoint
ALTER TABLE `audit_log_new` RENAME TO `audit_log`;
--> statement-breakpoint
CREATE INDEX `audit_log_farm_at_idx` ON `audit_log` (`farm_id`, `at` DESC, `id` DESC);
--> statement-breakpoint
CREATE INDEX `audit_log_farm_entity_idx` ON `audit_log` (`farm_id`, `entity`, `entity_id`, `at` DESC, `id` DESC);
--> statement-breakpoint
CREATE INDEX `audit_log_farm_user_idx` ON `audit_log` (`farm_id`, `user_id`, `at` DESC, `id` DESC);
