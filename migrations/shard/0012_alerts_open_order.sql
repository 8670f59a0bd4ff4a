-- The open alerts of a farm in the list's order (most severe first, then by due date, undated last), so a page of
-- GET /alerts and the home screen's alerts read their rows in order and stop at the page instead of sorting every
-- open alert of the farm (docs/decisions/036-kept-kpi-figures.md, third addendum). The expressions are the ones
-- worker/alerts/alerts.queries.ts orders by, and the list names its statuses as literals, so SQLite can prove the
-- partial index's condition. Additive only: one new index.
CREATE INDEX `alerts_open_order_idx` ON `alerts` (
	`farm_id`,
	(CASE `severity` WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
	coalesce(`due_at`, '9999-12-31')
) WHERE `status` IN ('active', 'acknowledged');
