-- The dawn run on Cloudflare Queues (docs/decisions/035-dawn-run-on-queues.md): one row per farm and JST date,
-- claimed atomically by the queue consumer, so that a farm's alerts are regenerated and its digests sent once that
-- day whatever the retries and duplicate deliveries. Additive: a new table; nothing is rebuilt or moved.
CREATE TABLE `dawn_farm_runs` (
	`run_date` text NOT NULL,
	`farm_id` integer NOT NULL,
	`status` text NOT NULL CHECK (`status` IN ('working', 'retrying', 'done', 'dead')),
	`tries` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`news` text,
	`digests` integer,
	`work_ms` integer,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY (`run_date`, `farm_id`)
);
