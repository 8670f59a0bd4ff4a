-- The mothers list's kept groups name their shipments by id instead of by rowid (docs/product.md §24, decision 062): a
-- farm moved to another shard keeps its shipments' ids but not their rowids, so kept groups copied with it read other
-- farms' shipments, or none. The column is renamed in place (no table rebuild) and every farm's kept groups are
-- dropped with their fresh marks: the first unfiltered read of each farm's list writes them again, as after any
-- change (shard migration 0008).
ALTER TABLE `mother_groups` RENAME COLUMN `shipment_rows` TO `shipment_ids`;
--> statement-breakpoint
DELETE FROM `mother_groups_fresh`;
--> statement-breakpoint
DELETE FROM `mother_groups`;
