CREATE TABLE `owner_counts` (
	`owner_user_id` integer PRIMARY KEY NOT NULL,
	`events` integer DEFAULT 0 NOT NULL,
	`shipments` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `owner_counts` (`owner_user_id`, `events`, `shipments`)
SELECT `u`.`id`,
  (SELECT count(*) FROM `events` `e` WHERE `e`.`owner_user_id` = `u`.`id`),
  (SELECT count(*) FROM `shipments` `s` WHERE `s`.`owner_user_id` = `u`.`id`)
FROM `users` `u`;
--> statement-breakpoint
CREATE TRIGGER `events_counted_on_insert` AFTER INSERT ON `events` BEGIN
  INSERT OR IGNORE INTO `owner_counts` (`owner_user_id`) VALUES (NEW.`owner_user_id`);
  UPDATE `owner_counts` SET `events` = `events` + 1 WHERE `owner_user_id` = NEW.`owner_user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `events_counted_on_delete` AFTER DELETE ON `events` BEGIN
  UPDATE `owner_counts` SET `events` = `events` - 1 WHERE `owner_user_id` = OLD.`owner_user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipments_counted_on_insert` AFTER INSERT ON `shipments` BEGIN
  INSERT OR IGNORE INTO `owner_counts` (`owner_user_id`) VALUES (NEW.`owner_user_id`);
  UPDATE `owner_counts` SET `shipments` = `shipments` + 1 WHERE `owner_user_id` = NEW.`owner_user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipments_counted_on_delete` AFTER DELETE ON `shipments` BEGIN
  UPDATE `owner_counts` SET `shipments` = `shipments` - 1 WHERE `owner_user_id` = OLD.`owner_user_id`;
END;
