import { env } from 'cloudflare:test';

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

/**
 * Applies every migration in one batch (one round trip, one transaction) and records each as applyD1Migrations does
 * in `d1_migrations`; a fresh test database has none applied. It costs each test file a third of applyD1Migrations'
 * one batch per migration (the shard has 22).
 */
function applyAll(db: D1Database, migrations: import('cloudflare:test').D1Migration[]) {
  const record = db.prepare('INSERT INTO d1_migrations (name) VALUES (?)');
  return db.batch([
    db.prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    ),
    ...migrations.flatMap((migration) => [
      ...migration.queries.map((query) => db.prepare(query)),
      record.bind(migration.name),
    ]),
  ]);
}

// The directory and both farm-data shards, each from its one squashed init (decision 034) and the migrations since.
await Promise.all([
  applyAll(env.DB, env.DIRECTORY_MIGRATIONS),
  applyAll(env.FARM_DB_0, env.SHARD_MIGRATIONS),
  applyAll(env.FARM_DB_1, env.SHARD_MIGRATIONS),
]);

// Shard 1's ids start above 10^12 as in every environment (scripts/shard-id-floor.mjs, decision 051), so no id is on
// both shards: a test that reads a row by its id (worker/test/shards.ts everyShard) finds exactly the one it wrote.
await env.FARM_DB_1.batch(env.SHARD_1_ID_FLOOR.map((statement) => env.FARM_DB_1.prepare(statement)));
