-- docs/product.md §24 (turn 4), decision 055: a farm moving between shards. `moving_to` is the shard a move is
-- copying the farm to; while it is set the farm's writes answer 503 and `npm run farm:move` can be run again to finish.
-- Additive only: one nullable column; every existing farm keeps its values and is not moving.
ALTER TABLE `farms` ADD `moving_to` integer;
