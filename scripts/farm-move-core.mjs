// Moving one farm between shards with its ids (docs/product.md §24 turn 4, decision 055), on anything with D1's
// prepare/bind/all/first/run/batch: the Worker's bindings in its test (worker/farms/farm-move.test.ts), Miniflare's
// local D1 or wrangler's remote D1 in scripts/farm-move.mjs.
//
// The directory's `farms.moving_to` is the whole state of a move, so a run stopped anywhere is finished by the next:
//   1. moving_to := target — the farm's writes answer 503 (farm-access.ts), its reads go on; wait `settle` for
//      requests that read the farm before it (and isolates' kept answers, 5 s) to end;
//   2. while farms.shard is still the source: clear whatever an earlier run copied, copy every farm row with its
//      ids, compare every row, switch farms.shard (guarded on the source); wait `settle` again;
//   3. delete the farm's rows from every shard but its own, and clear moving_to.
// Where the farm's ids lie above the target's next id (a move down), the target first leases a block of ids no other
// shard takes (leaseIds). A farm's rows are found through farm_id, or through the parent that has one (cattle, alerts). Tables are copied
// parents first and, where a table's triggers write another table (counts, grams, kept figures), the writer first; a
// table is cleared of the farm's rows just before its own rows are copied, so what the triggers made is replaced by
// the source's rows.

const PAGE = 500;

export class FarmMoveError extends Error {}

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

async function rows(db, sql, params = []) {
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all();
  return results;
}

/** The shard's own tables: how each reaches its farm, its columns, its key and whether it has a rowid. */
export async function farmTables(db) {
  const master = await rows(
    db,
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  );
  const tables = new Map();
  for (const t of master.filter((m) => m.type === 'table')) {
    const info = await rows(db, `SELECT name, pk FROM pragma_table_info(?) ORDER BY cid`, [t.name]);
    const fks = await rows(db, `SELECT "table" AS parent, "from" AS col, "to" AS ref FROM pragma_foreign_key_list(?)`, [
      t.name,
    ]);
    tables.set(t.name, {
      name: t.name,
      columns: info.map((c) => c.name),
      key: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      rowid: !/WITHOUT\s+ROWID/i.test(t.sql ?? ''),
      autoincrement: /AUTOINCREMENT/i.test(t.sql ?? ''),
      fks,
      writes: new Set(),
    });
  }
  for (const trigger of master.filter((m) => m.type === 'trigger')) {
    const body = (trigger.sql ?? '').replace(/^[\s\S]*?\bBEGIN\b/i, '');
    const pattern = /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+(?:OR\s+\w+\s+)?|DELETE\s+FROM)\s+["`]?(\w+)/gi;
    for (const m of body.matchAll(pattern)) {
      if (m[1] !== trigger.tbl_name && tables.has(m[1])) tables.get(trigger.tbl_name)?.writes.add(m[1]);
    }
  }
  for (const table of tables.values()) table.where = farmCondition(table, tables);
  return orderTables(tables);
}

/** The SQL condition (one `?`, the farm id) that selects a table's rows of one farm. */
function farmCondition(table, tables) {
  if (table.columns.includes('farm_id')) return 'farm_id = ?';
  // Through a parent that has farm_id (mother_info names two animals: its own row is cattle_id's).
  const parents = table.fks.filter(
    (fk) => fk.parent !== table.name && tables.get(fk.parent)?.columns.includes('farm_id'),
  );
  const viaParent = parents.find((fk) => fk.col === 'cattle_id') ?? parents[0];
  if (!viaParent)
    throw new FarmMoveError(`${table.name}: the move does not know how its rows belong to a farm (no farm_id)`);
  return `${quote(viaParent.col)} IN (SELECT ${quote(viaParent.ref)} FROM ${quote(viaParent.parent)} WHERE farm_id = ?)`;
}

/** Parents before children, and a table whose triggers write another before that one. */
function orderTables(tables) {
  const before = new Map([...tables.keys()].map((name) => [name, new Set()]));
  for (const t of tables.values()) {
    for (const fk of t.fks) if (fk.parent !== t.name && tables.has(fk.parent)) before.get(t.name).add(fk.parent);
    for (const written of t.writes) before.get(written).add(t.name);
  }
  const ordered = [];
  const done = new Set();
  while (ordered.length < tables.size) {
    const next = [...tables.keys()]
      .sort()
      .find((name) => !done.has(name) && [...before.get(name)].every((b) => done.has(b)));
    if (!next) {
      const left = [...tables.keys()].filter((n) => !done.has(n));
      throw new FarmMoveError(`the tables' triggers or keys form a cycle: ${left.join(', ')}`);
    }
    done.add(next);
    ordered.push(tables.get(next));
  }
  return ordered;
}

/** One farm's rows of a table, page by page (by rowid, or by key where the table has none). */
async function* farmRows(db, table, farmId) {
  const list = table.columns.map(quote).join(', ');
  if (table.rowid) {
    for (let after = -1; ; ) {
      const page = await rows(
        db,
        `SELECT rowid AS _rowid_, ${list} FROM ${quote(table.name)} WHERE ${table.where} AND rowid > ? ORDER BY rowid LIMIT ${PAGE}`,
        [farmId, after],
      );
      if (!page.length) return;
      after = page[page.length - 1]._rowid_;
      yield page.map(({ _rowid_, ...row }) => row);
    }
  }
  const order = table.key.length ? table.key.map(quote).join(', ') : list;
  for (let offset = 0; ; offset += PAGE) {
    const page = await rows(
      db,
      `SELECT ${list} FROM ${quote(table.name)} WHERE ${table.where} ORDER BY ${order} LIMIT ${PAGE} OFFSET ${offset}`,
      [farmId],
    );
    if (!page.length) return;
    yield page;
  }
}

/** Deletes one farm's rows from a table and returns how many there were (the statement's own, not its triggers'). */
async function clearTable(db, table, farmId) {
  const result = await db
    .prepare(`DELETE FROM ${quote(table.name)} WHERE ${table.where}`)
    .bind(farmId)
    .run();
  return result?.meta?.changes ?? 0;
}

/**
 * Deletes every row of the farm from a shard: children and trigger-written tables after what writes them, repeated
 * until a pass finds nothing (a delete's triggers can write rows of the farm into tables already cleared).
 */
export async function clearFarm(db, tables, farmId) {
  for (let pass = 0; pass < 5; pass++) {
    let found = 0;
    for (const table of [...tables].reverse()) found += await clearTable(db, table, farmId);
    if (!found) return;
  }
  throw new FarmMoveError(`farm ${farmId}'s rows keep coming back on the shard (a trigger writes them)`);
}

/** Copies every row of the farm from `source` to `target` with its ids; returns each table's row count. */
/** A page's rows as JSON arrays of at most this many characters, one bound value each (D1 takes 2 MB a value). */
const JSON_CHUNK = 512 * 1024;

function* jsonChunks(rows) {
  let part = [];
  let size = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (part.length && size + text.length > JSON_CHUNK) {
      yield `[${part.join(',')}]`;
      part = [];
      size = 0;
    }
    part.push(text);
    size += text.length + 1;
  }
  if (part.length) yield `[${part.join(',')}]`;
}

/**
 * Copies every row of the farm from `source` to `target` with its ids; returns each table's row count. A page of rows
 * goes as one JSON value per statement (`json_each`), each column read back with its JSON type, so a page is one
 * statement rather than one per 100 bound values; the compare after the copy checks every value.
 */
async function copyFarm(source, target, tables, farmId, { log, afterBatch }) {
  const copied = {};
  for (const table of tables) {
    // What earlier tables' triggers wrote for this farm is replaced by the source's own rows.
    await clearTable(target, table, farmId);
    const columns = table.columns;
    const values = columns.map((c) => `j.value ->> '$.${JSON.stringify(c)}'`).join(', ');
    const insert = `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(', ')}) SELECT ${values} FROM json_each(?) j ORDER BY j.key`;
    copied[table.name] = 0;
    for await (const page of farmRows(source, table, farmId)) {
      await target.batch([...jsonChunks(page)].map((json) => target.prepare(insert).bind(json)));
      copied[table.name] += page.length;
      await afterBatch?.(table.name, copied[table.name]);
    }
  }
  log(`copied ${Object.values(copied).reduce((a, b) => a + b, 0)} rows in ${tables.length} tables`);
  return copied;
}

/** The farm's rows of every table on a shard, as sorted JSON lines: what must be the same on both sides. */
async function farmSnapshot(db, tables, farmId) {
  const out = {};
  for (const table of tables) {
    const lines = [];
    for await (const page of farmRows(db, table, farmId)) for (const row of page) lines.push(JSON.stringify(row));
    out[table.name] = lines.sort();
  }
  return out;
}

/** The tables whose rows differ, with the first difference of each; none means the copy is the source. */
export async function compareFarm(source, target, tables, farmId) {
  const a = await farmSnapshot(source, tables, farmId);
  const b = await farmSnapshot(target, tables, farmId);
  const out = [];
  for (const table of tables) {
    const x = a[table.name];
    const y = b[table.name];
    if (x.length !== y.length) out.push(`${table.name}: ${x.length} rows on the source, ${y.length} on the target`);
    else {
      const i = x.findIndex((line, k) => line !== y[k]);
      if (i >= 0) out.push(`${table.name}: ${x[i]} ≠ ${y[i]}`);
    }
  }
  return out;
}

/** The shard's schema must be the source's, table by table and column by column. */
function sameSchema(sourceTables, targetTables, to) {
  const describe = (tables) => tables.map((t) => `${t.name}(${t.columns.join(',')})`).sort();
  const a = describe(sourceTables);
  const b = new Set(describe(targetTables));
  const missing = a.filter((t) => !b.has(t));
  if (missing.length)
    throw new FarmMoveError(`shard ${to} is not migrated like the source (npm run db:migrate): ${missing.join(' ')}`);
}

/** Ids a shard takes for itself when a farm's ids would raise its next id into another shard's ids (see leaseIds). */
const LEASE = 10 ** 9;

/** Where a shard's next id of an AUTOINCREMENT table comes from: the larger of its sequence and its largest rowid. */
async function nextIdBase(db, table) {
  const row = await db
    .prepare(
      `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0), coalesce((SELECT max(rowid) FROM ${quote(table)}), 0)) AS base`,
    )
    .bind(table)
    .first();
  return row.base;
}

/**
 * AUTOINCREMENT hands out max(sequence, largest rowid) + 1, so a farm whose ids lie above the target's next id (a
 * farm moving down from a higher shard) would make the target hand out ids another shard has given or will give
 * (decision 051). Before the copy, for each such table, the shard whose next id is the highest (the top) skips
 * LEASE ids, and the target's sequence is set to the start of that skipped block: the target's next ids are the
 * block's, which no other shard takes. Run again, it finds nothing to do (the target's next id is then above the
 * farm's ids).
 */
async function leaseIds(shards, source, tables, farmId, to, log) {
  for (const table of tables.filter((t) => t.autoincrement && t.rowid)) {
    const moved = await source
      .prepare(`SELECT max(rowid) AS top FROM ${quote(table.name)} WHERE ${table.where}`)
      .bind(farmId)
      .first();
    if (moved?.top == null) continue;
    const bases = [];
    for (const db of shards) bases.push(await nextIdBase(db, table.name));
    if (moved.top <= bases[to]) continue;
    const top = bases.reduce((best, base, n) => (base >= bases[best] ? n : best), 0);
    const pushed = await shards[top]
      .prepare(
        `UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(rowid) FROM ${quote(table.name)}), 0)) + ? WHERE name = ? RETURNING seq`,
      )
      .bind(LEASE, table.name)
      .first();
    if (!pushed) throw new FarmMoveError(`${table.name}: shard ${top} has no sequence to lease ids from`);
    await shards[to].batch([
      shards[to]
        .prepare(
          'INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)',
        )
        .bind(table.name, table.name),
      shards[to].prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').bind(pushed.seq - LEASE, table.name),
    ]);
    log(`${table.name}: shard ${to} takes ids ${pushed.seq - LEASE + 1}… (shard ${top} skips them)`);
  }
}

async function farmRow(directory, farmId) {
  const farm = await directory.prepare('SELECT id, shard, moving_to FROM farms WHERE id = ?').bind(farmId).first();
  if (!farm) throw new FarmMoveError(`farm ${farmId} does not exist`);
  return farm;
}

/**
 * Moves farm `farmId` to shard `to`, or finishes a move an earlier run began. `shards[n]` is FARM_DB_n. `settle` is
 * awaited after writes are paused and after the switch (requests and kept answers that read the farm before must
 * end). `afterBatch(table, copied)` is called after each copied page (the test stops a move there).
 */
export async function moveFarm({ directory, shards, farmId, to, settle = async () => {}, log = () => {}, afterBatch }) {
  const started = Date.now();
  let farm = await farmRow(directory, farmId);
  if (farm.moving_to === null) {
    if (!Number.isInteger(to) || !shards[to]) throw new FarmMoveError(`shard ${to} is not bound`);
    if (farm.shard === to) return { farmId, from: farm.shard, to, copied: null, ms: 0, already: true };
    const source = shards[farm.shard];
    const tables = await farmTables(source);
    sameSchema(tables, await farmTables(shards[to]), to);
    const restoring = await source.prepare('SELECT 1 AS busy FROM restores WHERE farm_id = ?').bind(farmId).first();
    if (restoring) throw new FarmMoveError(`farm ${farmId} is being restored; move it when the restore has ended`);
    await directory.prepare('UPDATE farms SET moving_to = ? WHERE id = ? AND moving_to IS NULL').bind(to, farmId).run();
    log(`farm ${farmId}: writes paused, moving from shard ${farm.shard} to shard ${to}`);
    await settle();
    farm = await farmRow(directory, farmId);
  } else if (to !== undefined && to !== farm.moving_to) {
    throw new FarmMoveError(
      `farm ${farmId} is moving to shard ${farm.moving_to}: run again with --to ${farm.moving_to} to finish, or --undo`,
    );
  } else {
    log(`farm ${farmId}: finishing its move to shard ${farm.moving_to}`);
  }
  const target = farm.moving_to;
  const from = farm.shard;
  let copied = null;
  if (farm.shard !== target) {
    const source = shards[farm.shard];
    const tables = await farmTables(source);
    await clearFarm(shards[target], tables, farmId);
    await leaseIds(shards, source, tables, farmId, target, log);
    copied = await copyFarm(source, shards[target], tables, farmId, { log, afterBatch });
    const differs = await compareFarm(source, shards[target], tables, farmId);
    if (differs.length)
      throw new FarmMoveError(`the copy differs, the farm stays on shard ${farm.shard}:\n${differs.join('\n')}`);
    log(`farm ${farmId}: every row compared, switching to shard ${target}`);
    await directory
      .prepare('UPDATE farms SET shard = ? WHERE id = ? AND shard = ? AND moving_to = ?')
      .bind(target, farmId, farm.shard, target)
      .run();
    await settle();
  }
  const tables = await farmTables(shards[target]);
  for (let n = 0; n < shards.length; n++) if (n !== target) await clearFarm(shards[n], tables, farmId);
  await directory.prepare('UPDATE farms SET moving_to = NULL WHERE id = ? AND shard = ?').bind(farmId, target).run();
  log(`farm ${farmId}: on shard ${target}, writes open`);
  return { farmId, from, to: target, copied, ms: Date.now() - started, already: false };
}

/** Ends a move that has not switched yet: the copy is deleted and the farm's writes open again on its own shard. */
export async function undoMove({ directory, shards, farmId, log = () => {} }) {
  const farm = await farmRow(directory, farmId);
  if (farm.moving_to === null) return { farmId, undone: false };
  if (farm.shard === farm.moving_to)
    throw new FarmMoveError(`farm ${farmId} has switched to shard ${farm.shard} already: run the move again to finish`);
  const tables = await farmTables(shards[farm.shard]);
  await clearFarm(shards[farm.moving_to], tables, farmId);
  await directory.prepare('UPDATE farms SET moving_to = NULL WHERE id = ?').bind(farmId).run();
  log(`farm ${farmId}: move undone, on shard ${farm.shard}, writes open`);
  return { farmId, undone: true };
}
