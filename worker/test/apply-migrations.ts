import { applyD1Migrations, env } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      FARM_DB_0: D1Database;
      FARM_DB_1: D1Database;
      MIGRATION_DB: D1Database;
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
      DIRECTORY_MIGRATIONS: import('cloudflare:test').D1Migration[];
      SHARD_MIGRATIONS: import('cloudflare:test').D1Migration[];
      SHARD_1_ID_FLOOR: string[];
    }
  }
}

// The directory and both farm-data shards, each from its one squashed init (decision 034).
await Promise.all([
  applyD1Migrations(env.DB, env.DIRECTORY_MIGRATIONS),
  applyD1Migrations(env.FARM_DB_0, env.SHARD_MIGRATIONS),
  applyD1Migrations(env.FARM_DB_1, env.SHARD_MIGRATIONS),
]);

// Shard 1's ids start above 10^12 as in every environment (scripts/shard-id-floor.mjs, decision 051), so no id is on
// both shards: a test that reads a row by its id (worker/test/shards.ts everyShard) finds exactly the one it wrote.
await env.FARM_DB_1.batch(env.SHARD_1_ID_FLOOR.map((statement) => env.FARM_DB_1.prepare(statement)));
