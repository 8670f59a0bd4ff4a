import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
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
    expect(res.headers.get('ETag')).toBe(`"roster-${farmer.farmId}-${res.json.version}"`);
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
    const otherFarmsTag = `"roster-${neighbour.farmId}-${first.json.version}"`;
    expect((await roster(farmer, { 'If-None-Match': otherFarmsTag })).status).toBe(200);
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
