// Iteration helper (not part of `npm run bench`): serves a fresh snapshot of the Worker against a kept, seeded
// benchmark database so one call can be re-measured after a change without re-seeding.
//   node bench/farm-dev.mjs --dir /tmp/b/2000 --size 2000 --port 8811 --minutes 30
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDevVars } from '../scripts/local-server.mjs';
import { seedFarm } from './seed.mjs';
import { migrateSnapshot, serveSnapshot, snapshotWorker } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    size: { type: 'string', default: '2000' },
    port: { type: 'string', default: '8811' },
    minutes: { type: 'string', default: '30' },
    'small-owners': { type: 'string', default: '50' },
    runtime: { type: 'string', default: 'miniflare' },
  },
});
ensureDevVars();
const dir = args.dir;
mkdirSync(dir, { recursive: true });
const persistTo = path.join(dir, 'd1');
const configPath = snapshotWorker(mkdtempSync(path.join(os.tmpdir(), 'ushicho-farm-worker-')));
migrateSnapshot(configPath, persistTo);
const port = Number(args.port);
const server = await serveSnapshot({ runtime: args.runtime, configPath, persistTo, port });
const farmFile = path.join(dir, 'farm.json');
if (!existsSync(farmFile)) {
  const farm = await seedFarm(server.url, {
    herdSize: Number(args.size),
    smallOwners: Number(args['small-owners']),
    log: console.log,
  });
  await server.scheduled('0 21 * * *');
  writeFileSync(farmFile, JSON.stringify(farm));
}
console.log(`ready ${server.url} ${farmFile}`);
const stop = () => {
  server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
setTimeout(stop, Number(args.minutes) * 60_000);
