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
 * Drops every table, view and trigger in `db`. A table goes before the tables it references: SQLite checks a dropped
 * table's foreign keys against its parents, and D1 does not let a statement read `pragma_foreign_key_list`, so the
 * references are read from each table's SQL.
 */
async function dropEverything(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ type: 'table' | 'view' | 'trigger'; name: string; sql: string }>();
  if (results.length === 0) return;
  const parents = new Map(
    results
      .filter(({ type }) => type === 'table')
      .map(({ name, sql }) => [name, [...sql.matchAll(/REFERENCES\s+[`"]?(\w+)/gi)].map((m) => m[1])]),
  );
  const tables: string[] = [];
  while (parents.size > 0) {
    const referenced = new Set([...parents].flatMap(([name, of]) => of.filter((parent) => parent !== name)));
    const unreferenced = [...parents.keys()].filter((name) => !referenced.has(name));
    // A cycle of references (none today) is dropped as it stands.
    for (const name of unreferenced.length > 0 ? unreferenced : [...parents.keys()]) {
      tables.push(name);
      parents.delete(name);
    }
  }
  const drops = [
    ...results
      .filter(({ type }) => type !== 'table')
      .map(({ type, name }) => `DROP ${type.toUpperCase()} IF EXISTS "${name}"`),
    // IF EXISTS: a virtual table (none today) drops its shadow tables with it.
    ...tables.map((name) => `DROP TABLE IF EXISTS "${name}"`),
  ];
  await db.batch(drops.map((sql) => db.prepare(sql)));
}

/**
 * Applies every migration in one batch (one round trip, one transaction) and records each as applyD1Migrations does
 * in `d1_migrations`. It costs a third of applyD1Migrations' one batch per migration (the shard has 26).
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

/**
 * Empty, migrated databases, as a new deployment has: whatever an earlier test file in this workerd wrote is dropped
 * (decision 063), then the directory and both farm-data shards are built from their one squashed init (decision 034)
 * and the migrations since. The migration tests' MIGRATION_DB is left empty for them to migrate.
 */
export async function freshDatabases() {
  await Promise.all([env.DB, env.FARM_DB_0, env.FARM_DB_1, env.MIGRATION_DB].map(dropEverything));
  await Promise.all([
    applyAll(env.DB, env.DIRECTORY_MIGRATIONS),
    applyAll(env.FARM_DB_0, env.SHARD_MIGRATIONS),
    applyAll(env.FARM_DB_1, env.SHARD_MIGRATIONS),
  ]);
  // Shard 1's ids start above 10^12 as in every environment (scripts/shard-id-floor.mjs, decision 051), so no id is on
  // both shards: a test that reads a row by its id (worker/test/shards.ts everyShard) finds exactly the one it wrote.
  await env.FARM_DB_1.batch(env.SHARD_1_ID_FLOOR.map((statement) => env.FARM_DB_1.prepare(statement)));
}
