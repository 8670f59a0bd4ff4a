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
    }
  }
}

// The directory and both farm-data shards, each from its one squashed init (decision 034).
await Promise.all([
  applyD1Migrations(env.DB, env.DIRECTORY_MIGRATIONS),
  applyD1Migrations(env.FARM_DB_0, env.SHARD_MIGRATIONS),
  applyD1Migrations(env.FARM_DB_1, env.SHARD_MIGRATIONS),
]);

// Shard 1's ids start at 1,000,000,000, so no animal, event or alert id is on both shards: a test that reads a row by
// its id (worker/test/shards.ts everyShard) finds exactly the one it wrote.
const AUTOINCREMENT = [
  'cattle',
  'events',
  'bloodline',
  'mother_info',
  'breeding_status',
  'breeding_summary',
  'cattle_status_history',
  'alert_history',
  'programmes',
  'enrolments',
  'tasks',
];
await env.FARM_DB_1.batch(
  AUTOINCREMENT.map((table) =>
    env.FARM_DB_1.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, 1000000000)').bind(table),
  ),
);
