DROP INDEX `events_owner_type_time_idx`;--> statement-breakpoint
CREATE INDEX `events_owner_type_time_cattle_idx` ON `events` (`owner_user_id`,`event_type`,`event_datetime`,`cattle_id`);--> statement-breakpoint
CREATE INDEX `events_cattle_type_time_idx` ON `events` (`cattle_id`,`event_type`,`event_datetime`);