import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { call, newFarmer } from '../support.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const persistTo = process.env.E2E_PERSIST_TO;
const IDS_PER_SHARD = 10 ** 12;

/** A read of one shard of the running app's local databases (the ones `npm start` migrates), through wrangler. */
function query(binding, sql) {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'wrangler'),
    ['d1', 'execute', binding, '--local', '--persist-to', persistTo, '--json', '--command', sql],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: '1' },
    },
  );
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout)[0].results;
}

test('no two farms on two shards share an id in the databases npm start migrates (§24)', {
  skip: !persistTo,
}, async () => {
  // Two new farmers: new farms go to the shard with the fewest farms, so the demo's and theirs cover both shards.
  for (const [k, name] of ['東 一郎', '西 二郎'].entries()) {
    const farmer = await newFarmer(name, 'e2e-shard-ids');
    await call('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: {
        identificationNumber: String(1_400_000_000 + (Date.now() % 10 ** 8) + k),
        name: `${name}の牛`,
        gender: '雌',
        growthStage: 'GROWING',
        birthday: '2024-04-01',
      },
    });
  }
  const cattleIds = [];
  for (const n of [0, 1]) {
    const binding = `FARM_DB_${n}`;
    for (const { name, seq } of query(binding, "SELECT name, seq FROM sqlite_sequence WHERE name <> 'd1_migrations'")) {
      assert.ok(seq >= n * IDS_PER_SHARD && seq < (n + 1) * IDS_PER_SHARD, `${binding}.${name}'s next id ${seq}`);
    }
    const ids = query(binding, 'SELECT cattle_id FROM cattle').map((r) => r.cattle_id);
    assert.ok(ids.length > 0, `${binding} holds animals`);
    assert.ok(
      ids.every((id) => id > n * IDS_PER_SHARD && id < (n + 1) * IDS_PER_SHARD),
      `${binding}'s cattle ids lie in its range`,
    );
    cattleIds.push(...ids);
  }
  assert.equal(new Set(cattleIds).size, cattleIds.length, 'no cattle id on both shards');
});
