-- docs/product.md §25: where an event came from ('web' | 'line' | 'import' | 'task' | 'api'). Additive only: a
-- nullable column; events recorded before it keep every value and have no source.
ALTER TABLE `events` ADD `source` text;
