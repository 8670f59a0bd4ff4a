-- The open alerts' list order ends with the animal and the alert type instead of the rowid (docs/product.md §24,
-- decision 062): a farm moved to another shard keeps its animals' ids but not its alerts' rowids, so a page's cursor
-- named another alert after a move, and two alerts due the same day could swap places. One alert per animal, type and
-- due date (its id is their hash), so the order is total. The partial index of shard migration 0012 is rebuilt with
-- the two as its last keys, so a page still reads its rows in order and stops at the page. No table is rebuilt and no
-- row changes: one index is replaced.
DROP INDEX IF EXISTS `alerts_open_order_idx`;
--> statement-breakpoint
CREATE INDEX `alerts_open_order_idx` ON `alerts` (
	`farm_id`,
	(CASE `severity` WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
	coalesce(`due_at`, '9999-12-31'),
	`cattle_id`,
	`type`
) WHERE `status` IN ('active', 'acknowledged');
