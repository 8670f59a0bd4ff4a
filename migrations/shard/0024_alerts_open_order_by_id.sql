-- The open alerts' list order ends with the alert's id instead of its rowid (docs/product.md §24): a farm moved to
-- another shard keeps its alerts' ids but not their rowids, so a page's cursor named another alert after a move, and
-- two alerts due the same day could swap places. The partial index of shard migration 0012 is rebuilt with the id as
-- its last key, so a page still reads its rows in order and stops at the page. Additive in effect: one index is
-- replaced; no table is rebuilt and no row changes.
DROP INDEX IF EXISTS `alerts_open_order_idx`;
--> statement-breakpoint
CREATE INDEX `alerts_open_order_idx` ON `alerts` (
	`farm_id`,
	(CASE `severity` WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
	coalesce(`due_at`, '9999-12-31'),
	`id`
) WHERE `status` IN ('active', 'acknowledged');
