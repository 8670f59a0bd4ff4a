// Ids unique across shards (docs/product.md §24, decision 051): every farm-data id is an AUTOINCREMENT key, and
// shard n's keys start above n × 10^12, so an id names one row in the whole deployment and a farm can move with its
// ids. SQLite's AUTOINCREMENT takes the next key from sqlite_sequence and never goes below it, so raising each table's
// sequence to the shard's floor is enough; it is run after every migration (a table a later migration creates gets its
// floor too), only raises, and is the same SQL locally, in the tests' setup and on Cloudflare.

/** Ids per shard: shard n's ids lie between n × 10^12 and (n + 1) × 10^12 (a million rows a day for 2,700 years). */
const IDS_PER_SHARD = 10 ** 12;

/** The statements that raise every AUTOINCREMENT table's sequence of shard `n` to its floor (none for shard 0). */
export function idFloorStatements(n) {
  if (!Number.isInteger(n) || n < 0) throw new Error(`shard number ${n} is not a whole number ≥ 0`);
  const floor = n * IDS_PER_SHARD;
  if (floor === 0) return [];
  return [
    `INSERT INTO sqlite_sequence (name, seq) SELECT name, ${floor} FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name <> 'd1_migrations' AND name NOT IN (SELECT name FROM sqlite_sequence)`,
    `UPDATE sqlite_sequence SET seq = ${floor} WHERE seq < ${floor} AND name <> 'd1_migrations'`,
  ];
}

/** The shard number of a farm-data binding (`FARM_DB_3` → 3), or null for another binding (the directory). */
export function shardNumberOf(binding) {
  const match = /^FARM_DB_(\d+)$/.exec(binding);
  return match ? Number(match[1]) : null;
}
