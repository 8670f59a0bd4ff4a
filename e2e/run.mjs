// `npm run test:e2e`: a fresh database, the built app under wrangler dev, the demo farm, then every *.e2e.mjs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb, ensureDevVars, migrate, root, seedDemoFarm } from '../scripts/local-server.mjs';
import { freePort, serveForTests } from './server.mjs';

const persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-e2e-'));
const port = Number(process.env.E2E_PORT ?? (await freePort()));
ensureDevVars();
if (!process.env.E2E_SKIP_BUILD) buildWeb();
migrate(persistTo);
const server = await serveForTests({ port, persistTo });
// The whole suite is bounded: a stuck browser cannot keep CI waiting.
const guard = setTimeout(() => {
  console.error('e2e suite exceeded 20 minutes');
  server.stop();
  process.exit(1);
}, 20 * 60_000);
let status = 1;
try {
  await seedDemoFarm(server.url);
  const dir = path.join(root, 'e2e', 'tests');
  const only = process.argv.slice(2);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.mjs'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .map((f) => path.join(dir, f));
  const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: server.url, E2E_PERSIST_TO: persistTo },
  });
  status = result.status ?? 1;
} finally {
  clearTimeout(guard);
  server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);
