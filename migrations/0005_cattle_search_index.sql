DROP INDEX `cattle_owner_ear_tag_idx`;--> statement-breakpoint
CREATE INDEX `cattle_owner_ear_tag_search_idx` ON `cattle` (`owner_user_id`,`ear_tag_number`,`identification_number`,`name`);