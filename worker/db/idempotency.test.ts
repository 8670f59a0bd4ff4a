import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import type { AppEnv, Env } from '../env';
import { EXCEL_SJIS, NLBC_SAMPLE, utf8 } from '../imports/fixtures/files';
import worker from '../index';
import { api, capturingQueue, signUp, testEnv } from '../test/api';
import { everyShard } from '../test/shards';
import { IDEMPOTENCY_MESSAGES, idempotency } from './idempotency';

let identification = 1_900_000_000;
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${++keyCounter}`;

type Member = { token: string; userId: number; farmId: number };
let farmer: Member;
let neighbour: Member;

const cowBody = () => ({
  name: 'はなこ',
  identificationNumber: ++identification,
  earTagNumber: identification % 10000,
  gender: '雌',
  growthStage: 'MULTI_PAROUS',
  breed: '黒毛和種',
});
const post = (path: string, who: Member, body: unknown, key?: string) =>
  api(path, { method: 'POST', token: who.token, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

const count = async (sql: string, ...values: unknown[]) =>
  (
    await (/idempotency_keys/.test(sql) ? env.DB : everyShard)
      .prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n;
const cattleWith = (identificationNumber: number) =>
  count('SELECT count(*) AS n FROM cattle WHERE identification_number = ?', String(identificationNumber));
const eventsOf = (cattleId: number) => count('SELECT count(*) AS n FROM events WHERE cattle_id = ?', cattleId);
const keyRow = (userId: number, key: string) =>
  env.DB.prepare('SELECT * FROM idempotency_keys WHERE user_id = ? AND key = ?').bind(userId, key).first<any>();

async function createCow(who: Member) {
  const res = await post('/cattle', who, cowBody());
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}
const heat = (cattleId: number, offset = -1) => ({
  cattleId,
  eventType: 'ESTRUS',
  eventDatetime: `${addDays(todayJst(), offset)}T08:00:00+09:00`,
});

beforeAll(async () => {
  farmer = await signUp();
  neighbour = await signUp();
});

describe('Idempotency-Key on creating POSTs', () => {
  it('replays the first answer for the same key and creates nothing more', async () => {
    const body = cowBody();
    const key = newKey();
    const first = await post('/cattle', farmer, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await post('/cattle', farmer, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toContain('application/json');
    expect(again.json).toEqual(first.json);
    expect(await cattleWith(body.identificationNumber)).toBe(1);
    expect(await keyRow(farmer.userId, key)).toMatchObject({ state: 'done', status: 201 });
  });

  it('runs each of two different keys', async () => {
    const cow = await createCow(farmer);
    const body = heat(cow);
    expect((await post('/events', farmer, body, newKey())).status).toBe(201);
    const second = await post('/events', farmer, body, newKey());
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await eventsOf(cow)).toBe(2);
  });

  it('keeps keys per user: the same key of another user is independent', async () => {
    const key = newKey();
    const mine = await post('/cattle', farmer, cowBody(), key);
    const theirs = await post('/cattle', neighbour, cowBody(), key);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.json.data.cattleId).not.toBe(mine.json.data.cattleId);
  });

  it('answers 422 for the same key with another body, and writes nothing', async () => {
    const key = newKey();
    expect((await post('/cattle', farmer, cowBody(), key)).status).toBe(201);
    const other = cowBody();
    const res = await post('/cattle', farmer, other, key);
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    expect(await cattleWith(other.identificationNumber)).toBe(0);
  });

  it('answers 422 for the same key on another path or farm', async () => {
    const cow = await createCow(farmer);
    const key = newKey();
    expect((await post('/events', farmer, heat(cow), key)).status).toBe(201);
    expect((await post('/shipments/plans', farmer, heat(cow), key)).status).toBe(422);
    expect(await eventsOf(cow)).toBe(1);
  });

  it('creates exactly once when the same key arrives twice at the same time', async () => {
    const cow = await createCow(farmer);
    const key = newKey();
    const answers = await Promise.all([0, 1, 2].map(() => post('/events', farmer, heat(cow), key)));
    expect(await eventsOf(cow)).toBe(1);
    const created = answers.filter((a) => a.status === 201 && a.headers.get('Idempotent-Replayed') === null);
    expect(created).toHaveLength(1);
    for (const other of answers.filter((a) => !created.includes(a))) {
      if (other.status === 409) expect(other.headers.get('Retry-After')).toBe('1');
      else expect([other.status, other.headers.get('Idempotent-Replayed')]).toEqual([201, 'true']);
    }
  });

  it('answers 409 Retry-After: 1 while the key is being processed, and takes over a claim left by a dead request', async () => {
    const cow = await createCow(farmer);
    const key = newKey();
    expect((await post('/events', farmer, heat(cow), key)).status).toBe(201);
    // As if that request were still running: the row is claimed, with its answer not stored yet.
    const claimed = (createdAt: Date) =>
      env.DB.prepare("UPDATE idempotency_keys SET state = 'in_flight', created_at = ? WHERE user_id = ? AND key = ?")
        .bind(createdAt.toISOString(), farmer.userId, key)
        .run();
    await claimed(new Date());
    const busy = await post('/events', farmer, heat(cow), key);
    expect(busy.status).toBe(409);
    expect(busy.headers.get('Retry-After')).toBe('1');
    expect(busy.json.error.code).toBe('IDEMPOTENCY_KEY_IN_FLIGHT');
    expect(await eventsOf(cow)).toBe(1);
    // A claim a minute old belongs to a request that died before storing its answer: the key runs again.
    await claimed(new Date(Date.now() - 5 * 60 * 1000));
    const retried = await post('/events', farmer, heat(cow), key);
    expect([retried.status, retried.headers.get('Idempotent-Replayed')]).toEqual([201, null]);
    expect(await eventsOf(cow)).toBe(2);
  });

  it('stores 4xx answers: the same failing request is replayed, not run again', async () => {
    const key = newKey();
    const body = heat(999_999_999);
    const first = await post('/events', farmer, body, key);
    expect(first.status).toBe(404);
    const again = await post('/events', farmer, body, key);
    expect(again.status).toBe(404);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json.error.code).toBe(first.json.error.code);
    const invalidKey = newKey();
    expect((await post('/cattle', farmer, { name: 'x' }, invalidKey)).status).toBe(400);
    expect(await keyRow(farmer.userId, invalidKey)).toMatchObject({ state: 'done', status: 400 });
  });

  it('runs a key again after 24 hours', async () => {
    const body = cowBody();
    const key = newKey();
    expect((await post('/cattle', farmer, body, key)).status).toBe(201);
    await env.DB.prepare('UPDATE idempotency_keys SET created_at = ? WHERE user_id = ? AND key = ?')
      .bind(new Date(Date.now() - 25 * 3600 * 1000).toISOString(), farmer.userId, key)
      .run();
    // The same number is already registered: the request runs again (409 for the number), it is not replayed.
    const again = await post('/cattle', farmer, body, key);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.status).toBe(409);
    expect(await cattleWith(body.identificationNumber)).toBe(1);
  });

  it('costs two D1 round trips on a first request (claim, store) and one on a replay', async () => {
    const cow = await createCow(farmer);
    const counted = { ENVIRONMENT: 'development', BENCH_COUNT_D1: '1' } as Partial<Env>;
    const trips = async (key?: string) => {
      const headers: Record<string, string> = key === undefined ? {} : { 'Idempotency-Key': key };
      const res = await api('/events', { method: 'POST', token: farmer.token, body: heat(cow), headers, env: counted });
      expect(res.status).toBe(201);
      return Number(res.headers.get('X-D1-Queries'));
    };
    const plain = await trips();
    const key = newKey();
    expect(await trips(key)).toBe(plain + 2);
    // The replay: the sign-in's read and the claim's batch, nothing of the write.
    expect(await trips(key)).toBeLessThanOrEqual(2);
  });

  it('rejects a malformed key (400) and needs a sign-in (401), storing neither', async () => {
    const bad = await post('/cattle', farmer, cowBody(), 'has space');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect((await post('/cattle', farmer, cowBody(), 'x'.repeat(256))).status).toBe(400);
    const key = newKey();
    const anonymous = await api('/cattle', { method: 'POST', body: cowBody(), headers: { 'Idempotency-Key': key } });
    expect(anonymous.status).toBe(401);
    expect(await count('SELECT count(*) AS n FROM idempotency_keys WHERE key = ?', key)).toBe(0);
  });

  it('is honoured by every creating POST (documented on each)', async () => {
    const [planned, shipped] = [await createCow(farmer), await createCow(farmer)];
    const calls: [string, unknown][] = [
      ['/shipments/plans', { cattleId: planned, plannedShipmentMonth: todayJst().slice(0, 7) }],
      ['/shipments', { cattleId: shipped, shipmentDate: todayJst(), price: 500000 }],
      ['/farms', { name: '第二牧場' }],
      [`/farms/${farmer.farmId}/invitations`, { email: `inv-${Date.now()}@example.jp`, role: 'staff' }],
    ];
    for (const [path, body] of calls) {
      const key = newKey();
      const first = await post(path, farmer, body, key);
      expect([path, first.status]).toEqual([path, 201]);
      const again = await post(path, farmer, body, key);
      expect([path, again.status, again.headers.get('Idempotent-Replayed')]).toEqual([path, 201, 'true']);
      expect(again.json).toEqual(first.json);
    }
  });
});

describe('the herd import', () => {
  it('replays the report of a committed import instead of importing again', async () => {
    const importer = await signUp();
    const key = newKey();
    const send = () =>
      api('/imports/cattle?dryRun=false', {
        method: 'POST',
        token: importer.token,
        body: utf8(NLBC_SAMPLE),
        headers: { 'Content-Type': 'text/csv', 'Idempotency-Key': key },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.json.data.summary).toMatchObject({ create: 5 });
    const again = await send();
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await count('SELECT count(*) AS n FROM cattle WHERE farm_id = ?', importer.farmId)).toBe(5);
  });
});

describe('the fingerprint', () => {
  it('compares the raw bytes: two Shift_JIS files that decode alike as UTF-8 are different requests', async () => {
    const other = EXCEL_SJIS.slice();
    const at = other.findIndex((b) => b >= 0x81 && b <= 0x9f);
    other[at] = other[at] === 0x81 ? 0x82 : 0x81;
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    expect(decode(other)).toBe(decode(EXCEL_SJIS));
    const key = newKey();
    const send = (body: Uint8Array) =>
      api('/imports/cattle?dryRun=true', {
        method: 'POST',
        token: farmer.token,
        body,
        headers: { 'Content-Type': 'text/csv', 'Idempotency-Key': key },
      });
    expect((await send(EXCEL_SJIS)).status).toBe(200);
    const changed = await send(other);
    expect(changed.status).toBe(422);
    expect(changed.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('answers of 5xx', () => {
  let runs = 0;
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('userId', farmer.userId);
      await next();
    })
    .post('/flaky', idempotency, (c) => {
      runs++;
      return runs === 1 ? c.json({ error: 'down' }, 503) : c.json({ runs }, 201);
    })
    .post('/throws', idempotency, () => {
      throw new Error('boom');
    });
  const send = (path: string, key: string) =>
    app.request(path, { method: 'POST', body: '{}', headers: { 'Idempotency-Key': key } }, testEnv);

  it('are not stored: the key is released and a retry runs again', async () => {
    const key = newKey();
    expect((await send('/flaky', key)).status).toBe(503);
    expect(await keyRow(farmer.userId, key)).toBeNull();
    const retry = await send('/flaky', key);
    expect(retry.status).toBe(201);
    expect(runs).toBe(2);
    expect((await send('/flaky', key)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(runs).toBe(2);
    const thrown = newKey();
    expect((await send('/throws', thrown)).status).toBe(500);
    expect(await keyRow(farmer.userId, thrown)).toBeNull();
  });
});

describe('the daily cron', () => {
  it('deletes keys older than 24 hours and keeps the others', async () => {
    const old = newKey();
    const fresh = newKey();
    const now = new Date();
    const insert = (key: string, at: Date) =>
      env.DB.prepare(
        "INSERT INTO idempotency_keys (user_id, key, fingerprint, state, status, body, created_at) VALUES (?, ?, 'f', 'done', 201, '{}', ?)",
      ).bind(neighbour.userId, key, at.toISOString());
    await env.DB.batch([
      insert(old, new Date(now.getTime() - 25 * 3600 * 1000)),
      insert(fresh, new Date(now.getTime() - 3600 * 1000)),
    ]);
    const controller = createScheduledController({ scheduledTime: now, cron: '0 21 * * *' });
    const ctx = createExecutionContext();
    // The farms' dawn messages are kept, not delivered: delivered a second later, they would run on the next test
    // file's databases (the worker project's files share a workerd, decision 063).
    await worker.scheduled(controller, { ...testEnv, DAWN_QUEUE: capturingQueue('ushicho-dawn').binding } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await keyRow(neighbour.userId, old)).toBeNull();
    expect(await keyRow(neighbour.userId, fresh)).not.toBeNull();
  });
});
