DROP INDEX `cattle_owner_status_idx`;--> statement-breakpoint
CREATE INDEX `cattle_owner_status_gender_idx` ON `cattle` (`owner_user_id`,`status`,`gender`);--> statement-breakpoint
ALTER TABLE `owner_counts` ADD `cattle` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `owner_counts` (`owner_user_id`) SELECT DISTINCT `owner_user_id` FROM `cattle`;
--> statement-breakpoint
UPDATE `owner_counts` SET `cattle` = (SELECT count(*) FROM `cattle` `c` WHERE `c`.`owner_user_id` = `owner_counts`.`owner_user_id`);
--> statement-breakpoint
CREATE TRIGGER `cattle_counted_on_insert` AFTER INSERT ON `cattle` BEGIN
  INSERT OR IGNORE INTO `owner_counts` (`owner_user_id`) VALUES (NEW.`owner_user_id`);
  UPDATE `owner_counts` SET `cattle` = `cattle` + 1 WHERE `owner_user_id` = NEW.`owner_user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cattle_counted_on_delete` AFTER DELETE ON `cattle` BEGIN
  UPDATE `owner_counts` SET `cattle` = `cattle` - 1 WHERE `owner_user_id` = OLD.`owner_user_id`;
END;
