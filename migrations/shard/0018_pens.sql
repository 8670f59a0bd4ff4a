-- Pens (牛房, docs/product.md §26, docs/decisions/052-pens-group-work-growth.md). Additive only: a new table, a
-- nullable column on cattle (ALTER TABLE ADD COLUMN: no table is rebuilt, no child row can be lost), two indexes and
-- two roster triggers. Event types are not listed in any CHECK or trigger of the shard, so MOVE_PEN needs none.
-- A pen's name is stored NFKC-normalised (§18) and unique in its farm: a second pen of that name fails inside the
-- batch that inserts or renames it (409).
CREATE TABLE `pens` (
  `pen_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `farm_id` integer NOT NULL,
  `name` text NOT NULL,
  `barn` text,
  `capacity` integer,
  `sort_order` integer DEFAULT 0 NOT NULL,
  `created_by` integer,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  `updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pens_farm_name_unique` ON `pens` (`farm_id`, `name`);
--> statement-breakpoint
-- The pen an animal is in (null: none). Set by MOVE_PEN events and the import; a dead or shipped animal leaves it.
ALTER TABLE `cattle` ADD COLUMN `pen_id` integer;
--> statement-breakpoint
-- The herd list filtered by pen, and a pen's head count and animals.
CREATE INDEX `cattle_farm_pen_idx` ON `cattle` (`farm_id`, `pen_id`);
--> statement-breakpoint
-- The roster the phone keeps shows each animal's pen: a move or a pen's new name is a new roster version.
CREATE TRIGGER `roster_version_on_cattle_pen_update` AFTER UPDATE OF `pen_id` ON `cattle`
WHEN NEW.`pen_id` IS NOT OLD.`pen_id`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `roster_version_on_pen_rename` AFTER UPDATE OF `name` ON `pens`
WHEN NEW.`name` IS NOT OLD.`name`
BEGIN
  UPDATE `farm_counts` SET `roster_version` = `roster_version` + 1 WHERE `farm_id` = NEW.`farm_id`;
END;
