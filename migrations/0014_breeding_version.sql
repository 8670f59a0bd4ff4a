-- Issue 23: concurrent writes on one animal never lose an update (docs/decisions/025-no-lost-updates.md).
-- Every write of the breeding engine's result sets version = the version it read + 1; a write computed from a
-- state another write has replaced since is refused inside its D1 batch, so the whole batch rolls back and the
-- writer re-reads and retries. Writers that do not set the version (none of the engine's) are not checked.
ALTER TABLE `breeding_status` ADD `version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `breeding_status_version_guard` BEFORE UPDATE OF `version` ON `breeding_status`
WHEN NEW.`version` <> OLD.`version` + 1
BEGIN
  SELECT RAISE(ABORT, 'STALE_BREEDING_STATE');
END;
