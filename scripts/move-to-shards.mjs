// `npm run db:move-to-shards [-- --remote] [--shard 0] [--persist-to DIR] [-c wrangler.toml]`: turns a single-database
// deployment (migrations/0000–0020 on binding DB) into the directory plus one farm-data shard (decision 034). Run it
// once, before the first `npm run db:migrate` of the sharded layout, with the Worker's writes paused. The old database
// stays the directory (same binding, same id): accounts, sessions and farms do not move. Every farm-data table is
// copied to FARM_DB_<shard> with its ids, compared row by row with the original, and only then dropped from the
// directory; then every database is migrated. Local (wrangler's local D1, through Miniflare) by default; --remote
// works through `wrangler d1 execute --remote` (take a Time Travel bookmark first: `wrangler d1 time-travel info DB`).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { localD1s, remoteD1, root, wranglerRun } from './d1-cli.mjs';
import { migrateAll } from './db-migrate.mjs';
import { moveToShard } from './move-to-shards-core.mjs';

const { values } = parseArgs({
  options: {
    remote: { type: 'boolean', default: false },
    shard: { type: 'string', default: '0' },
    'persist-to': { type: 'string' },
    config: { type: 'string', short: 'c' },
  },
});
const configPath = values.config ?? path.join(root, 'wrangler.toml');
const shardNumber = Number(values.shard);
const shardBinding = `FARM_DB_${shardNumber}`;

// The shard first, so the copy lands in its tables; the directory's init is recorded by the move itself.
wranglerRun(configPath, [
  'd1',
  'migrations',
  'apply',
  shardBinding,
  values.remote ? '--remote' : '--local',
  ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : []),
]);
const local = values.remote ? null : await localD1s(configPath, ['DB', shardBinding], values['persist-to']);
const dbs = local
  ? { source: local.dbs.DB, shard: local.dbs[shardBinding], stop: local.stop }
  : { source: remoteD1(configPath, 'DB'), shard: remoteD1(configPath, shardBinding), stop: async () => {} };
try {
  const counts = await moveToShard(dbs.source, dbs.shard, { shardNumber, log: (line) => console.log(line) });
  console.log(`Moved to ${shardBinding}; every table's rows checked before and after:`);
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(24)} ${n}`);
} finally {
  await dbs.stop();
}
migrateAll({ configPath, persistTo: values['persist-to'], remote: values.remote });
