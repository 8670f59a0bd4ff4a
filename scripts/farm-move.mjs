// `npm run farm:move -- --farm ID --to N [--remote] [--undo] [--settle SECONDS] [--persist-to DIR] [-c wrangler.toml]`
// moves one farm's rows with their ids to shard N (docs/product.md §24, decision 055). Meanwhile the farm's writes
// answer 503 'この牧場はただいま移動中です（数分で戻ります）' with Retry-After and its reads go on; other farms are
// untouched. Every row is compared before the directory switches the farm; then the rows left on the old shard are
// deleted. Stopped anywhere, run it again (with or without --to) and it finishes; `--undo` ends a move that has not
// switched yet. The core is farm-move-core.mjs (tested in worker/farms/farm-move.test.ts and timed by the bench).
//
// `--settle` is how long it waits after pausing writes and after switching, for requests that read the farm before
// and for the Worker's kept access answers (5 s) to end: 60 s against Cloudflare, 6 s locally. Locally it works on
// wrangler's local state (.wrangler/state, as `npm start`), which `npm start` may keep serving meanwhile.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { localD1s, remoteD1, root, shardBindingsOf } from './d1-cli.mjs';
import { FarmMoveError, moveFarm, undoMove } from './farm-move-core.mjs';

const { values } = parseArgs({
  options: {
    farm: { type: 'string' },
    to: { type: 'string' },
    undo: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    settle: { type: 'string' },
    'persist-to': { type: 'string' },
    config: { type: 'string', short: 'c' },
  },
});
const configPath = values.config ?? path.join(root, 'wrangler.toml');
const farmId = Number(values.farm);
if (!Number.isInteger(farmId) || farmId < 1) {
  console.error('usage: npm run farm:move -- --farm ID --to N [--remote] [--undo] [--settle SECONDS]');
  process.exit(2);
}
const to = values.to === undefined ? undefined : Number(values.to);
const settleMs = 1000 * Number(values.settle ?? (values.remote ? 60 : 6));
const bindings = shardBindingsOf(configPath);
const local = values.remote ? null : await localD1s(configPath, ['DB', ...bindings], values['persist-to']);
const dbs = local ?? { dbs: Object.fromEntries(['DB', ...bindings].map((b) => [b, remoteD1(configPath, b)])) };
const options = {
  directory: dbs.dbs.DB,
  shards: bindings.map((b) => dbs.dbs[b]),
  farmId,
  log: (line) => console.log(line),
};
try {
  if (values.undo) {
    const { undone } = await undoMove(options);
    console.log(undone ? 'undone' : `farm ${farmId} was not moving`);
  } else {
    const settle = async () => {
      console.log(`waiting ${settleMs / 1000} s for requests that read the farm before to end`);
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    };
    const result = await moveFarm({ ...options, to, settle });
    if (result.already) console.log(`farm ${farmId} is on shard ${result.to} already`);
    else {
      const rows = Object.values(result.copied ?? {}).reduce((a, b) => a + b, 0);
      console.log(
        `farm ${farmId}: shard ${result.from} → ${result.to}, ${rows} rows, ${(result.ms / 1000).toFixed(1)} s`,
      );
    }
  }
} catch (err) {
  console.error(err instanceof FarmMoveError ? err.message : err);
  process.exitCode = 1;
} finally {
  await local?.stop();
}
