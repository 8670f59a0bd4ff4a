import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Env } from '../env';
import worker from '../index';
import { api, signUp, testEnv } from '../test/api';
import { assertMatchesContract } from '../test/contract';
import { acceptsGzip } from './roster.queries';

type Session = Awaited<ReturnType<typeof signUp>>;
let nextId = 1_500_000_000;

async function register(session: Session, overrides: Record<string, unknown> = {}) {
  const body = {
    name: 'ゆり',
    identificationNumber: String(++nextId),
    gender: '雌',
    growthStage: 'CALF',
    ...overrides,
  };
  const res = await api('/cattle', { method: 'POST', token: session.token, body });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.json.data.cattleId as number;
}

const roster = (session: Session, headers: Record<string, string> = {}) =>
  api('/cattle/roster', { token: session.token, headers });

/**
 * The roster as a browser asks for it (`Accept-Encoding: gzip`): the Worker's own response, its bytes as sent, and the
 * JSON they decode to, checked against the route's contract.
 */
async function gzipRoster(session: Session, headers: Record<string, string> = {}) {
  const request = new Request('http://127.0.0.1:8787/api/v1/cattle/roster', {
    headers: { Authorization: `Bearer ${session.token}`, 'Accept-Encoding': 'gzip, deflate, br', ...headers },
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, testEnv as Env, ctx);
  await waitOnExecutionContext(ctx);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = response.headers.get('Content-Encoding') === 'gzip';
  const text = gzipped
    ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
    : new TextDecoder().decode(bytes);
  const json = text ? JSON.parse(text) : undefined;
  assertMatchesContract('GET', '/cattle/roster', response.status, response.headers.get('Content-Type') ?? '', json);
  return { status: response.status, headers: response.headers, bytes, json };
}

describe('acceptsGzip', () => {
  it('takes gzip or any coding unless its weight is 0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('GET /cattle/roster (§20: the herd on the phone)', () => {
  let farmer: Session;
  let neighbour: Session;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    farmer = await signUp({ name: '北牧場' });
    neighbour = await signUp({ name: '南牧場' });
    ids.yuri = await register(farmer, {
      name: 'ゆり',
      identificationNumber: '0812345675',
      earTagNumber: '0010',
      birthday: '2020-04-01',
      breed: '黒毛和種',
    });
    ids.dead = await register(farmer, { name: 'しんだ', status: 'DEAD' });
    ids.neighbours = await register(neighbour, { name: 'よそのうし' });
  });

  it('lists every animal not shipped or dead, in the roster’s fields, with an ETag', async () => {
    const res = await roster(farmer);
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBe(`"roster-${farmer.farmId}-${res.json.version}-2"`);
    expect(res.json.data).toEqual([
      {
        cattleId: ids.yuri,
        identificationNumber: '0812345675',
        earTagNumber: '0010',
        name: 'ゆり',
        gender: '雌',
        breed: '黒毛和種',
        status: 'HEALTHY',
        growthStage: 'CALF',
        birthday: '2020-04-01',
        penId: null,
        parity: 0,
        lastCalvingDate: null,
        lastServiceDate: null,
        conceptionDate: null,
        expectedCalvingDate: null,
        withdrawalUntil: null,
        daysOpen: null,
      },
    ]);
    // The second answer comes from the JSON this isolate kept for that version: the same.
    const again = await roster(farmer);
    expect(again.json).toEqual(res.json);
    expect(again.headers.get('Content-Type')).toContain('application/json');
  });

  it('answers 304 with no body to its own ETag, and 200 to another farm’s tag of the same number', async () => {
    const first = await roster(farmer);
    const etag = first.headers.get('ETag')!;
    const again = await roster(farmer, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    expect((await roster(farmer, { 'If-None-Match': `W/${etag}` })).status).toBe(304);
    const otherFarmsTag = `"roster-${neighbour.farmId}-${first.json.version}-2"`;
    expect((await roster(farmer, { 'If-None-Match': otherFarmsTag })).status).toBe(200);
    // A roster kept before the breeding state was added (shape 1, no shape in its tag) is sent again in full.
    const oldShape = `"roster-${farmer.farmId}-${first.json.version}"`;
    expect((await roster(farmer, { 'If-None-Match': oldShape })).status).toBe(200);
    expect((await roster(farmer, { 'If-None-Match': `${oldShape.slice(0, -1)}-1"` })).status).toBe(200);
    expect((await roster(farmer, { 'If-None-Match': '"nonsense"' })).status).toBe(200);
  });

  it('is sent gzipped as kept, to a client that takes gzip: the same JSON, ETag and 304', async () => {
    const plain = await roster(farmer);
    // Twice: the answer built for this version, then the one this isolate kept.
    for (const round of [1, 2]) {
      const res = await gzipRoster(farmer);
      expect({ round, status: res.status }).toEqual({ round, status: 200 });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Content-Type')).toContain('application/json');
      expect(res.headers.get('Vary')).toContain('Accept-Encoding');
      expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(res.headers.get('ETag')).toBe(plain.headers.get('ETag'));
      // gzip's magic bytes: the body is the compressed JSON, not the JSON itself.
      expect([res.bytes[0], res.bytes[1]]).toEqual([0x1f, 0x8b]);
      expect(res.json).toEqual(plain.json);
    }
    const unchanged = await gzipRoster(farmer, { 'If-None-Match': plain.headers.get('ETag')! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    expect(unchanged.headers.get('Content-Encoding')).toBeNull();
    expect(unchanged.headers.get('ETag')).toBe(plain.headers.get('ETag'));
    // A client that refuses gzip gets the JSON itself.
    const identity = await gzipRoster(farmer, { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(identity.headers.get('Content-Encoding')).toBeNull();
    expect(identity.json).toEqual(plain.json);
  });

  it('changes its ETag on a create, an edit of a roster field, a status change and a shipment — not on a note', async () => {
    const owner = await signUp();
    const cow = await register(owner, { name: 'はな', earTagNumber: '0020' });
    const etag = async () => (await roster(owner)).headers.get('ETag');
    const steps: [string, () => Promise<unknown>, boolean][] = [
      ['create', () => register(owner, { name: 'もも' }), true],
      [
        'note',
        () => api(`/cattle/${cow}`, { method: 'PATCH', token: owner.token, body: { notes: 'よく食べる' } }),
        false,
      ],
      [
        'ear tag',
        () => api(`/cattle/${cow}`, { method: 'PATCH', token: owner.token, body: { earTagNumber: '0021' } }),
        true,
      ],
      [
        'status',
        () =>
          api(`/cattle/${cow}/status`, {
            method: 'PATCH',
            token: owner.token,
            body: { status: 'TREATING', reason: '治療' },
          }),
        true,
      ],
      [
        'shipment',
        () =>
          api('/shipments', {
            method: 'POST',
            token: owner.token,
            body: { cattleId: cow, shipmentDate: '2026-11-01', price: 720_000, weight: 285.5 },
          }),
        true,
      ],
    ];
    for (const [step, change, changes] of steps) {
      const before = await etag();
      const res = (await change()) as { status?: number } | number;
      if (typeof res === 'object') expect({ step, ok: res.status! < 300 }).toEqual({ step, ok: true });
      expect({ step, changed: (await etag()) !== before }).toEqual({ step, changed: changes });
    }
    const after = await roster(owner);
    expect(after.json.data.map((c: { name: string }) => c.name)).toEqual(['もも']);
  });

  it('changes its ETag when an import renames an animal (the import’s upsert fires the trigger inside DO UPDATE)', async () => {
    const before = await roster(farmer);
    const csv = new TextEncoder().encode('個体識別番号,耳標番号,名号\r\n0812345675,0011,ゆり\r\n');
    const imported = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      token: farmer.token,
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status).toBe(200);
    expect(imported.json.data.summary.update).toBe(1);
    const after = await roster(farmer, { 'If-None-Match': before.headers.get('ETag')! });
    expect(after.status).toBe(200);
    expect(after.json.version).toBeGreaterThan(before.json.version);
    expect(after.json.data.find((a: { cattleId: number }) => a.cattleId === ids.yuri).earTagNumber).toBe('0011');
  });

  it('never includes another farm’s animals, whichever farm X-Farm-Id names', async () => {
    const names = (await roster(neighbour)).json.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['よそのうし']);
    const asked = await roster(neighbour, { 'X-Farm-Id': String(farmer.farmId) });
    expect(asked.status).toBe(403);
    expect(asked.json.data).toBeUndefined();
  });

  it('is readable by a viewer of the farm, for that farm only', async () => {
    const vet = await signUp({ name: '獣医' });
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(farmer.farmId, vet.userId)
      .run();
    const res = await roster(vet, { 'X-Farm-Id': String(farmer.farmId) });
    expect(res.status).toBe(200);
    expect(res.json.data.map((c: { cattleId: number }) => c.cattleId)).toEqual([ids.yuri]);
    const own = await roster(vet);
    expect(own.json.data).toEqual([]);
  });

  it('needs a token', async () => {
    const res = await api('/cattle/roster');
    expect(res.status).toBe(401);
    expect(res.json.error).toBeDefined();
  });
});

describe('GET /cattle/roster: the breeding state a barn visit needs (§20 turn 4, decision 059)', () => {
  afterEach(() => vi.useRealTimers());
  const at = (day: string, time = '09:00') => `${day}T${time}:00+09:00`;
  /** Noon in Japan on `day`. */
  const noonJst = (day: string) => vi.setSystemTime(new Date(`${day}T03:00:00Z`));
  const record = async (session: Session, body: Record<string, unknown>) => {
    const res = await api('/events', { method: 'POST', token: session.token, body });
    expect({ type: body.eventType, status: res.status, body: res.status === 201 ? null : res.json }).toEqual({
      type: body.eventType,
      status: 201,
      body: null,
    });
  };
  const rowOf = async (session: Session, cattleId: number) => {
    const res = await roster(session);
    expect(res.status).toBe(200);
    return {
      etag: res.headers.get('ETag')!,
      row: res.json.data.find((a: { cattleId: number }) => a.cattleId === cattleId),
    };
  };

  it('carries parity, last calving, last service, expected calving, days open and withdrawal, as her page shows them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    noonJst('2026-06-15');
    const owner = await signUp({ name: '東牧場' });
    const neighbour = await signUp({ name: '西牧場' });
    const cow = await register(owner, {
      name: 'はな',
      earTagNumber: '0030',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      breeding: { parity: 1 },
    });
    const unknown = await register(owner, { name: 'ゆき', growthStage: 'MULTI_PAROUS' });
    const first = await rowOf(owner, cow);
    expect(first.row).toMatchObject({ parity: 1, lastCalvingDate: null, daysOpen: null });
    // Registered as 経産牛 without a parity: unknown, never 0 (§5).
    expect((await rowOf(owner, unknown)).row.parity).toBeNull();

    // A recorded calving is a new roster version: parity 1 + 1 = 2, and her days open count from it.
    await record(owner, { cattleId: cow, eventType: 'CALVING', eventDatetime: at('2026-03-01', '06:00') });
    const calved = await rowOf(owner, cow);
    expect(calved.etag).not.toBe(first.etag);
    expect(calved.row).toMatchObject({ parity: 2, lastCalvingDate: '2026-03-01', lastServiceDate: null });
    // 2026-03-01 → 2026-06-15: 30 (rest of March) + 30 (April) + 31 (May) + 15 = 106 days open.
    expect(calved.row.daysOpen).toBe(106);

    // Served on 2026-05-20, not yet confirmed: still open, so still 106 days open today.
    await record(owner, {
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: at('2026-05-20'),
      details: { method: 'AI', sireName: '安福久' },
    });
    const served = await rowOf(owner, cow);
    expect(served.etag).not.toBe(calved.etag);
    expect(served.row).toMatchObject({
      lastServiceDate: '2026-05-20',
      conceptionDate: null,
      expectedCalvingDate: null,
      daysOpen: 106,
    });

    // The next day the roster is the same version (a phone's ETag answers 304: it counts the day itself from the
    // dates), and a full answer counts 107 — the answer kept for yesterday is not sent again.
    noonJst('2026-06-16');
    expect((await roster(owner, { 'If-None-Match': served.etag })).status).toBe(304);
    const nextDay = await rowOf(owner, cow);
    expect(nextDay.etag).toBe(served.etag);
    expect(nextDay.row.daysOpen).toBe(107);

    // Confirmed in calf: days open stop at the service, 2026-03-01 → 2026-05-20 = 30 + 30 + 19 = 80; due 285 days
    // (黒毛和種) after the service: 2026-05-20 + 285 = 2027-03-01.
    await record(owner, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at('2026-06-16', '08:00'),
      details: { result: 'PREGNANT' },
    });
    const pregnant = await rowOf(owner, cow);
    expect(pregnant.etag).not.toBe(nextDay.etag);
    expect(pregnant.row).toMatchObject({
      status: 'PREGNANT',
      conceptionDate: '2026-05-20',
      expectedCalvingDate: '2027-03-01',
      daysOpen: 80,
      withdrawalUntil: null,
    });

    // A treatment with 7 days' meat withdrawal on 2026-06-16: shipped no earlier than after 2026-06-16 + 7 = 06-23.
    await record(owner, {
      cattleId: cow,
      eventType: 'MEDICATION',
      eventDatetime: at('2026-06-16', '10:00'),
      details: { product: '抗生物質', withdrawalMeatDays: 7, withdrawalMilkDays: 2 },
    });
    const treated = await rowOf(owner, cow);
    expect(treated.etag).not.toBe(pregnant.etag);
    expect(treated.row.withdrawalUntil).toBe('2026-06-23');

    // The same numbers as her page on the same day: one rule, not a second formula.
    const page = (await api(`/cattle/${cow}`, { token: owner.token })).json.data;
    expect(treated.row).toMatchObject({
      parity: page.breedingStatus.parity,
      lastCalvingDate: page.breedingStatus.lastCalvingDate,
      lastServiceDate: page.breedingStatus.lastInseminationDate,
      conceptionDate: page.breedingStatus.conceptionDate,
      expectedCalvingDate: page.breedingStatus.expectedCalvingDate,
      daysOpen: page.breedingStatus.daysOpen,
      withdrawalUntil: page.withdrawal.meatUntil,
    });

    // A weighing changes none of them: the same roster version.
    await record(owner, {
      cattleId: cow,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at('2026-06-16', '11:00'),
      details: { weightKg: 512 },
    });
    expect((await roster(owner, { 'If-None-Match': treated.etag })).status).toBe(304);

    // Another farm's roster has none of it.
    const theirs = (await roster(neighbour)).json.data;
    expect(theirs.some((a: { cattleId: number }) => a.cattleId === cow)).toBe(false);
  });

  it('is a new version when a recorded calving is deleted (parity and last calving back as they were)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    noonJst('2026-06-15');
    const owner = await signUp();
    const cow = await register(owner, { growthStage: 'MULTI_PAROUS', breeding: { parity: 3 } });
    const created = await api('/events', {
      method: 'POST',
      token: owner.token,
      body: { cattleId: cow, eventType: 'CALVING', eventDatetime: at('2026-06-01') },
    });
    expect(created.status).toBe(201);
    const calved = await rowOf(owner, cow);
    // 2026-06-01 → 2026-06-15: 14 days open; parity 3 + 1.
    expect(calved.row).toMatchObject({ parity: 4, lastCalvingDate: '2026-06-01', daysOpen: 14 });
    const removed = await api(`/events/${created.json.data.eventId}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBeLessThan(300);
    const after = await rowOf(owner, cow);
    expect(after.etag).not.toBe(calved.etag);
    expect(after.row).toMatchObject({ parity: 3, lastCalvingDate: null, daysOpen: null });
  });
});
