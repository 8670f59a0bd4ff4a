import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { forgetKeptAccess } from '../auth/farm-access';
import { forgetKeptRosters } from '../cattle/roster.queries';
import { api, signUp } from './api';
import { freshDatabases } from './fresh-databases';

/** Every table's row count, d1_migrations and sqlite_sequence apart. */
async function rowCounts(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  const counts = await db.batch<{ n: number }>(
    results.map(({ name }) => db.prepare(`SELECT count(*) AS n FROM "${name}"`)),
  );
  return Object.fromEntries(results.map(({ name }, i) => [name, counts[i].results[0].n]));
}

const register = (token: string, name: string, identificationNumber: string) =>
  api('/cattle', { method: 'POST', token, body: { name, identificationNumber, gender: '雌', growthStage: 'CALF' } });
const rosterNames = async (token: string) =>
  (await api('/cattle/roster', { token })).json.data.map((animal: { name: string }) => animal.name);

// Every worker test file starts from what this builds (worker/test/file-setup.ts, decision 063): the one before it in
// the same workerd must leave nothing behind.
describe('a test file starts from empty, migrated databases', () => {
  it('drops what an earlier file wrote, migrates again and keeps shard 1 above its id floor', async () => {
    const first = await signUp();
    expect((await register(first.token, 'ゆり', '1234567890')).status).toBe(201);
    expect(await rosterNames(first.token)).toEqual(['ゆり']);
    const written = await rowCounts(env.DB);
    expect(written.users).toBe(1);
    expect(written.farms).toBe(1);

    await freshDatabases();
    forgetKeptAccess();
    forgetKeptRosters();

    for (const db of [env.DB, env.FARM_DB_0, env.FARM_DB_1]) {
      const counts = await rowCounts(db);
      expect(Object.keys(counts).length).toBeGreaterThan(5);
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    }
    const migrated = await env.FARM_DB_0.prepare('SELECT count(*) AS n FROM d1_migrations').first<{ n: number }>();
    expect(migrated?.n).toBe(env.SHARD_MIGRATIONS.length);
    const belowFloor = await env.FARM_DB_1.prepare(
      "SELECT count(*) AS n FROM sqlite_sequence WHERE seq < 1000000000000 AND name <> 'd1_migrations'",
    ).first<{ n: number }>();
    expect(belowFloor?.n).toBe(0);

    // The next farm takes the first one's id and, with one animal, its roster version: the setup also forgets the
    // roster kept for that id, or this farm would be shown the first one's cow.
    const second = await signUp();
    expect(second.farmId).toBe(first.farmId);
    expect((await register(second.token, 'さくら', '1234567891')).status).toBe(201);
    expect(await rosterNames(second.token)).toEqual(['さくら']);
  });
});
