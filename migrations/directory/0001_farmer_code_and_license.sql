-- docs/product.md §21: the farm's NLBC farmer code (農家コード) and the inseminator's licence number (免許番号).
-- Additive only: two nullable columns; every existing row keeps its values and has neither yet.
ALTER TABLE `farms` ADD `farmer_code` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `inseminator_license` text;
