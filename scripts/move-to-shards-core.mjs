// The single-database move (decision 034), on anything with D1's prepare/bind/all/run/batch: the Worker's bindings in
// the test (worker/db/move-to-shards.test.ts), Miniflare's local D1 or wrangler's remote D1 in
// scripts/move-to-shards.mjs. The old database stays the directory; the farm data is copied to one shard, checked
// row by row, and only then dropped from the directory.

/** The farm-data tables, parents before children (the shard's foreign keys), farm_counts last. */
export const SHARD_TABLES = [
  'cattle',
  'bloodline',
  'mother_info',
  'breeding_status',
  'breeding_summary',
  'events',
  'cattle_status_history',
  'alerts',
  'alert_history',
  'shipments',
  'shipment_plans',
  'farm_counts',
];

export const DIRECTORY_TABLES = [
  'users',
  'sessions',
  'password_resets',
  'farms',
  'farm_members',
  'farm_invitations',
  'registrations',
  'email_logs',
  'dev_outbox',
  'rate_limit_hits',
  'idempotency_keys',
  'line_friends',
  'line_webhook_events',
  'line_push_logs',
  'line_dev_outbox',
  'daily_runs',
];

/** The directory's first migration, recorded as applied once the old database has become the directory. */
export const DIRECTORY_INIT = '0000_directory.sql';

const PAGE = 500;
// D1 binds at most 100 values per statement.
const MAX_PARAMS = 100;

/** The database's own tables (not SQLite's, D1's or the migrations' bookkeeping). */
export async function tablesOf(db) {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    )
    .all();
  return results.map((r) => r.name);
}

async function columnsOf(db, table) {
  const { results } = await db.prepare(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`).all();
  return results.map((r) => r.name);
}

/**
 * The columns later shard migrations added to each farm table (the shard has them, the single database never did):
 * left to their defaults by the copy and out of its comparison. One without a default that refuses NULL stops the move.
 */
export async function shardOnlyColumns(source, shard) {
  const out = {};
  for (const table of SHARD_TABLES) {
    const sourceColumns = new Set(await columnsOf(source, table));
    const { results } = await shard
      .prepare(`SELECT name, "notnull", dflt_value FROM pragma_table_info('${table}')`)
      .all();
    const added = results.filter((c) => !sourceColumns.has(c.name));
    const required = added.filter((c) => c.notnull && c.dflt_value === null).map((c) => c.name);
    if (required.length) throw new Error(`${table}: the source has no ${required.join(', ')}`);
    if (added.length) out[table] = added.map((c) => c.name);
  }
  return out;
}

/** Every row of a table in rowid order, page by page. */
export async function* rowsOf(db, table, columns) {
  const list = columns ? columns.map((c) => `"${c}"`).join(', ') : '*';
  for (let after = null; ; ) {
    const { results } = await db
      .prepare(
        `SELECT rowid AS _rowid, ${list} FROM "${table}" ${after === null ? '' : 'WHERE rowid > ?'} ORDER BY rowid LIMIT ${PAGE}`,
      )
      .bind(...(after === null ? [] : [after]))
      .all();
    if (!results.length) return;
    after = results[results.length - 1]._rowid;
    yield results.map(({ _rowid, ...row }) => row);
  }
}

/** Each table's row count and rows (as JSON, in rowid order): what the move must keep. */
export async function snapshot(db, tables, omit = {}) {
  const out = {};
  for (const table of tables) {
    const columns = (await columnsOf(db, table)).filter((c) => !(omit[table] ?? []).includes(c));
    const rows = [];
    for await (const page of rowsOf(db, table, columns)) rows.push(...page.map((r) => JSON.stringify(r)));
    out[table] = { count: rows.length, rows };
  }
  return out;
}

/** Refuses a database that has a table the move does not know: it would be left behind. */
export async function checkTables(source) {
  const known = new Set([...SHARD_TABLES, ...DIRECTORY_TABLES]);
  const unknown = (await tablesOf(source)).filter((t) => !known.has(t));
  if (unknown.length) throw new Error(`tables the move does not know (add them to a list): ${unknown.join(', ')}`);
}

/**
 * Copies every farm-data table from `source` (the single database) to `shard` (freshly migrated, empty), with its
 * ids. The shard's triggers count the copied rows into farm_counts; the source's own farm_counts replace them.
 */
export async function copyFarmData(source, shard) {
  await checkTables(source);
  for (const table of SHARD_TABLES) {
    const existing = await shard.prepare(`SELECT count(*) AS n FROM "${table}"`).first();
    if (table !== 'farm_counts' && existing.n > 0) throw new Error(`the shard's ${table} is not empty`);
  }
  await shard.prepare('DELETE FROM farm_counts').run();
  const added = await shardOnlyColumns(source, shard);
  const copied = {};
  for (const table of SHARD_TABLES) {
    const columns = (await columnsOf(shard, table)).filter((c) => !(added[table] ?? []).includes(c));
    if (table === 'farm_counts') await shard.prepare('DELETE FROM farm_counts').run();
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
    copied[table] = 0;
    for await (const page of rowsOf(source, table, columns)) {
      const statements = [];
      for (let i = 0; i < page.length; i += perStatement) {
        const rows = page.slice(i, i + perStatement);
        const placeholders = rows.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
        statements.push(
          shard
            .prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${placeholders}`)
            .bind(...rows.flatMap((r) => columns.map((c) => r[c]))),
        );
      }
      await shard.batch(statements);
      copied[table] += page.length;
    }
  }
  return copied;
}

/** Compares two snapshots table by table; returns the differences (none means nothing was lost or changed). */
export function differences(before, after, tables) {
  const out = [];
  for (const table of tables) {
    const a = before[table];
    const b = after[table];
    if (!b) out.push(`${table}: missing after the move`);
    else if (a.count !== b.count) out.push(`${table}: ${a.count} rows before, ${b.count} after`);
    else {
      const i = a.rows.findIndex((row, k) => row !== b.rows[k]);
      if (i >= 0) out.push(`${table}: row ${i + 1} differs: ${a.rows[i]} → ${b.rows[i]}`);
    }
  }
  return out;
}

/**
 * Makes the single database the directory: drops the farm-data tables (children first; their triggers go with them),
 * adds farms.shard (every farm on `shard`) and records the directory's init migration as applied, so that
 * `npm run db:migrate` continues from there.
 */
export async function becomeDirectory(db, shard = 0) {
  const statements = [...SHARD_TABLES].reverse().map((table) => db.prepare(`DROP TABLE IF EXISTS "${table}"`));
  statements.push(
    db.prepare('ALTER TABLE farms ADD shard integer DEFAULT 0 NOT NULL'),
    db.prepare('UPDATE farms SET shard = ?').bind(shard),
    db.prepare('CREATE INDEX farms_shard_idx ON farms (shard)'),
    db.prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)',
    ),
    db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(DIRECTORY_INIT),
  );
  await db.batch(statements);
}

/**
 * The whole move: snapshot, copy, check the copy against the snapshot, become the directory, check again. Throws
 * (before anything is dropped) when the copy differs. Returns each table's row count.
 */
export async function moveToShard(source, shard, { shardNumber = 0, log = () => {} } = {}) {
  // A directory first: migrated since its move, it has tables the single database never had.
  const cols = await columnsOf(source, 'farms');
  if (cols.includes('shard')) throw new Error('this database is a directory already (farms.shard exists)');
  await checkTables(source);
  const tables = await tablesOf(source);
  const before = await snapshot(source, tables);
  log(`read ${tables.length} tables`);
  const copied = await copyFarmData(source, shard);
  log(`copied ${Object.values(copied).reduce((a, b) => a + b, 0)} farm rows`);
  const onShard = await snapshot(shard, SHARD_TABLES, await shardOnlyColumns(source, shard));
  const copyDiff = differences(before, onShard, SHARD_TABLES);
  if (copyDiff.length) throw new Error(`the copy differs, nothing dropped:\n${copyDiff.join('\n')}`);
  await becomeDirectory(source, shardNumber);
  const directoryTables = tables.filter((t) => !SHARD_TABLES.includes(t));
  const after = await snapshot(source, directoryTables, { farms: ['shard'] });
  const directoryDiff = differences(before, after, directoryTables);
  if (directoryDiff.length) throw new Error(`the directory differs:\n${directoryDiff.join('\n')}`);
  return Object.fromEntries(tables.map((t) => [t, before[t].count]));
}
