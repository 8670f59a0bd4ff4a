-- The breeding dates the home screen looks up by value (docs/decisions/036-kept-kpi-figures.md): the expected
-- calvings due soon and the animals under withdrawal are read through these indexes, over the matching rows only,
-- instead of every animal of the farm (calvings) or every breeding state of the shard (withdrawal).
-- Additive only: three indexes, no row changes. (0006 is issue 32's cattle_grams.)
CREATE INDEX `breeding_status_expected_calving_idx` ON `breeding_status` (`expected_calving_date`, `cattle_id`);
--> statement-breakpoint
CREATE INDEX `breeding_status_withdrawal_meat_idx` ON `breeding_status` (`withdrawal_meat_until`);
--> statement-breakpoint
CREATE INDEX `breeding_status_withdrawal_milk_idx` ON `breeding_status` (`withdrawal_milk_until`);
