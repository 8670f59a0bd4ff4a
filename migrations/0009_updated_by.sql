-- Who last changed a record by hand (docs/product.md §12): the user of the last update; null until changed.
ALTER TABLE `cattle` ADD `updated_by` integer REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `events` ADD `updated_by` integer REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `shipments` ADD `updated_by` integer REFERENCES `users`(`id`) ON DELETE set null;
