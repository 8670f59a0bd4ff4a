import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, monthRange, todayJst } from '../domain/calendar';
import { analyseCow, breedingKpi, cowsBehindKpi, type Period } from '../domain/kpi';
import { herd2026 } from '../domain/kpi.fixtures';
import { keptFiguresOf, NO_DAY } from '../domain/kpi-figures';
import { api, signUp } from '../test/api';
import { everyShard, farmDbOf, shardOf } from '../test/shards';
import { keptFigureStatements, readKept } from './kept-figures.statements';
import { loadKpiCows } from './kpi.queries';

/**
 * The kept KPI figures (docs/decisions/036-kept-kpi-figures.md) against a fresh full computation, after every kind of
 * write: each answer equals the domain's computation over every cow's whole history, and every cow not marked stale
 * has exactly the rows her history gives — so a write path that neither rewrites a cow's figures nor leaves her
 * marked fails here.
 */
type Session = Awaited<ReturnType<typeof signUp>>;
const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T09:00:00+09:00`;
const periods: Period[] = [
  { from: addDays(today, -364), to: today },
  { from: addDays(today, -200), to: addDays(today, -60) },
  monthRange(today.slice(0, 7)),
  { from: addDays(today, -900), to: addDays(today, -400) },
];
let identification = 3_100_000_000;

async function fresh(farmId: number) {
  return (await loadKpiCows(await farmDbOf(farmId), farmId, '1900-01-01')).map(analyseCow);
}

const rowsOf = async (farmId: number) =>
  (
    await everyShard
      .prepare(
        `SELECT cattle_id AS cattleId, kind, day, flags, a, b, left_day AS left FROM kpi_figures WHERE farm_id = ?
       ORDER BY cattle_id, kind, day, a, b`,
      )
      .bind(farmId)
      .all<Record<string, number | string | null>>()
  ).results;
const staleOf = async (farmId: number) =>
  new Set(
    (
      await everyShard
        .prepare('SELECT cattle_id AS id FROM kpi_stale WHERE farm_id = ?')
        .bind(farmId)
        .all<{ id: number }>()
    ).results.map((r) => r.id),
  );

/** Every cow not stale has her history's rows, no other cow has any, and the per-day changes match the stretches. */
async function expectKeptRows(farmId: number) {
  const stale = await staleOf(farmId);
  const cows = await fresh(farmId);
  const expected = cows
    .filter((cow) => !stale.has(cow.cattleId))
    .flatMap((cow) => keptFiguresOf(cow).map((f) => ({ cattleId: cow.cattleId, ...f })))
    .map(({ cattleId, kind, day, flags, a, b, left }) => ({ cattleId, kind, day, flags, a, b, left }));
  const order = (x: Record<string, unknown>) =>
    [x.cattleId, x.kind, x.day, x.a, x.b].map((v) => String(v).padStart(12, '0')).join('|');
  const kept = (await rowsOf(farmId)).filter((r) => !stale.has(Number(r.cattleId)));
  expect(kept.map((r) => order(r)).sort()).toEqual(expected.map(order).sort());
  expect(kept.sort((x, y) => order(x).localeCompare(order(y)))).toEqual(
    expected.sort((x, y) => order(x).localeCompare(order(y))),
  );
  const deltas = await everyShard
    .prepare(`SELECT day, delta FROM kpi_eligible_days WHERE farm_id = ? AND delta <> 0 ORDER BY day`)
    .bind(farmId)
    .all<{ day: number; delta: number }>();
  const fromStretches = new Map<number, number>();
  for (const r of await rowsOf(farmId)) {
    if (r.kind !== 'L') continue;
    fromStretches.set(Number(r.day), (fromStretches.get(Number(r.day)) ?? 0) + 1);
    fromStretches.set(Number(r.a) + 1, (fromStretches.get(Number(r.a) + 1) ?? 0) - 1);
  }
  expect(deltas.results).toEqual(
    [...fromStretches]
      .filter(([, delta]) => delta !== 0)
      .sort(([x], [y]) => x - y)
      .map(([day, delta]) => ({ day, delta })),
  );
}

/** The start of a calendar month as a day number (day numbers count JST dates as UTC days since 1970-01-01). */
const monthStart = (day: number) => {
  const date = new Date(day * 86_400_000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000;
};

/**
 * The farm's day sums (shard migration 0009) are what its figures add up to, computed here from the rows: S, B and D
 * rows dated on or before the day the cow left by their day, a cow's first event day (F), every later one by its
 * previous day (A), the first in its month (M), each eligible stretch's start and end in their blocks of 64 days (E),
 * and in kpi_cycle_days each conceiving or heat day under every offset of a cycle start before it that counts it.
 */
async function expectDaySums(farmId: number) {
  const expected = new Map<string, Record<string, number>>();
  const cycles = new Map<number, Record<string, number>>();
  const add = (kind: string, day: number, values: Record<string, number>) => {
    const key = `${kind}|${day}`;
    const sums = expected.get(key) ?? {};
    for (const [column, value] of Object.entries(values)) sums[column] = (sums[column] ?? 0) + value;
    expected.set(key, sums);
  };
  for (const r of await rowsOf(farmId)) {
    const [day, flags, a, b] = [Number(r.day), Number(r.flags), r.a === null ? null : Number(r.a), r.b];
    const before = r.left === null || Number(r.left) >= day;
    if (r.kind === 'S' && before)
      add('S', day, {
        n: 1,
        v1: flags & 1 ? 1 : 0,
        v2: flags & 2 ? 1 : 0,
        v3: flags & 4 ? 1 : 0,
        v4: (flags & 3) === 3 ? 1 : 0,
        v5: (flags & 5) === 5 ? 1 : 0,
        v6: a ?? 0,
        v7: a === null ? 0 : 1,
        v8: b === null ? 0 : Number(b),
        v9: b === null ? 0 : 1,
      });
    if (r.kind === 'B' && before) add('B', day, { n: 1, v6: a ?? 0, v7: a === null ? 0 : 1 });
    if (r.kind === 'D' && before) {
      add('D', day, { n: 1, v1: flags });
      if (a === NO_DAY) add('F', day, { n: 1 });
      else add('A', Number(a), { n: 1 });
      if (Number(a) < monthStart(day)) add('M', day, { n: 1 });
    }
    if (r.kind === 'L') {
      add('E', day - (day % 64), { n: 1 });
      add('E', Number(a) + 1 - ((Number(a) + 1) % 64), { n: -1 });
    }
    if (r.kind === 'C' || r.kind === 'H')
      for (let offset = 0; offset < 21; offset++) {
        const start = day - offset;
        if (start >= Number(a) && start <= Number(b) && flags < start)
          cycles.set(day, {
            ...cycles.get(day),
            [`${r.kind.toLowerCase()}${offset}`]: (cycles.get(day)?.[`${r.kind.toLowerCase()}${offset}`] ?? 0) + 1,
          });
      }
  }
  const kept = await everyShard
    .prepare('SELECT * FROM kpi_day_sums WHERE farm_id = ?')
    .bind(farmId)
    .all<Record<string, number | string>>();
  const nonZero = (values: Record<string, number>) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== 0));
  const actual = new Map(
    kept.results.map(({ farm_id: _f, kind, day, ...values }) => [
      `${kind}|${day}`,
      nonZero(values as Record<string, number>),
    ]),
  );
  const wanted = new Map([...expected].map(([key, values]) => [key, nonZero(values)]));
  for (const key of new Set([...actual.keys(), ...wanted.keys()]))
    expect([key, actual.get(key) ?? {}]).toEqual([key, wanted.get(key) ?? {}]);
  const keptCycles = await everyShard
    .prepare('SELECT * FROM kpi_cycle_days WHERE farm_id = ?')
    .bind(farmId)
    .all<Record<string, number>>();
  const actualCycles = new Map(
    keptCycles.results.map(({ farm_id: _f, day, ...values }) => [day, nonZero(values)] as const),
  );
  for (const day of new Set([...actualCycles.keys(), ...cycles.keys()]))
    expect([day, actualCycles.get(day) ?? {}]).toEqual([day, nonZero(cycles.get(day) ?? {})]);
}

/** Every answer equals the full computation, whatever is stale. */
async function expectAnswers(session: Session) {
  const cows = await fresh(session.farmId);
  for (const period of periods) {
    const q = `from=${period.from}&to=${period.to}`;
    const kpi = await api(`/kpi/breeding?${q}`, { token: session.token });
    expect(kpi.json.data).toEqual(JSON.parse(JSON.stringify(breedingKpi(cows, period))));
    const behind = await api(`/kpi/breeding/cattle?${q}`, { token: session.token });
    expect(behind.json.data.results).toEqual(cowsBehindKpi(cows, period));
  }
  const home = await api('/home', { token: session.token });
  expect(home.json.data.kpi).toEqual(JSON.parse(JSON.stringify(breedingKpi(cows, periods[0]))));
}

/** The kept rows and the day sums are what the farm's histories give. */
async function expectStored(farmId: number) {
  await expectKeptRows(farmId);
  await expectDaySums(farmId);
}

async function check(session: Session) {
  await expectAnswers(session);
  await expectStored(session.farmId);
}

async function cow(session: Session, fields: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token: session.token,
    body: {
      name: 'うし',
      identificationNumber: ++identification,
      earTagNumber: identification % 10000,
      gender: '雌',
      birthday: addDays(today, -1500),
      breed: '黒毛和種',
      growthStage: 'MULTI_PAROUS',
      ...fields,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

async function event(session: Session, cattleId: number, eventType: string, offset: number, details?: object) {
  const res = await api('/events', {
    method: 'POST',
    token: session.token,
    body: { cattleId, eventType, eventDatetime: at(offset), ...(details ? { details } : {}) },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.eventId as number;
}

/** An event written by plain SQL, past the API (an import of old records, say): its trigger marks the cow stale. */
async function eventBySql(session: Session, cattleId: number, eventType: string, offset: number, details: string) {
  await (await shardOf(session.farmId))
    .prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .bind(cattleId, session.farmId, session.userId, eventType, new Date(at(offset)).toISOString(), details)
    .run();
}

let farmer: Session;
let neighbour: Session;

beforeAll(async () => {
  [farmer, neighbour] = await Promise.all([signUp(), signUp()]);
});

describe('keptFigureStatements', () => {
  it('writes many cows in chunks of at most 5,000 rows, each with its own DELETE, no parameter near 2 MB', () => {
    const histories = herd2026.map(analyseCow).filter((cow) => keptFiguresOf(cow).length > 0);
    // 3,000 cows, each one of the fixture herd's histories, each rewritten whole after a read found her stale.
    const cows = Array.from({ length: 3_000 }, (_, i) => ({
      cattleId: i + 1,
      farmId: 1,
      history: histories[i % histories.length],
      mark: i,
    }));
    const rows = cows.reduce((total, cow) => total + keptFiguresOf(cow.history).length, 0);
    const compiled = keptFigureStatements(cows).map((s) => new SQLiteAsyncDialect().sqlToQuery(s as never));
    const deletes = compiled.filter((q) => q.sql.trim().startsWith('DELETE FROM kpi_figures'));
    const inserts = compiled.filter((q) => q.sql.trim().startsWith('INSERT INTO kpi_figures'));
    expect(deletes.length).toBe(Math.ceil(rows / 5_000));
    expect(inserts.length).toBe(deletes.length);
    for (const q of compiled) for (const value of q.params) expect(String(value).length).toBeLessThan(1_000_000);
    // Every cow's rows are put in once, by exactly one chunk.
    const inserted = inserts.flatMap((q) => JSON.parse(String(q.params[0])) as unknown[][]);
    expect(inserted.length).toBe(rows);
  });
});

describe('kept KPI figures equal a full computation after every write', () => {
  it('event inserts, updates and deletes, a calving with its calf, shipments, an import and a deleted animal', async () => {
    const hanako = await cow(farmer, { name: 'はなこ' });
    const yuri = await cow(farmer, { name: 'ゆり', breeding: { parity: 2 } });
    const heifer = await cow(farmer, { name: 'わかば', birthday: addDays(today, -500), growthStage: 'CALF' });
    await cow(neighbour, { name: 'となり' });
    await check(farmer);

    await event(farmer, hanako, 'CALVING', -700, { calves: [{ gender: '雌' }] });
    await event(farmer, hanako, 'INSEMINATION', -640);
    await event(farmer, hanako, 'INSEMINATION', -610);
    const check1 = await event(farmer, hanako, 'PREGNANCY_CHECK', -570, { result: 'PREGNANT' });
    await event(farmer, hanako, 'CALVING', -330);
    await event(farmer, hanako, 'ESTRUS', -280);
    const service = await event(farmer, hanako, 'INSEMINATION', -270);
    await event(farmer, yuri, 'INSEMINATION', -120);
    await event(farmer, yuri, 'ESTRUS', -100);
    await event(farmer, yuri, 'INSEMINATION', -99);
    await event(farmer, heifer, 'INSEMINATION', -20);
    await check(farmer);

    // Updates: a check's result and a service's day; deletes.
    expect(
      (await api(`/events/${check1}`, { method: 'PATCH', token: farmer.token, body: { details: { result: 'OPEN' } } }))
        .status,
    ).toBe(200);
    expect(
      (await api(`/events/${service}`, { method: 'PATCH', token: farmer.token, body: { eventDatetime: at(-260) } }))
        .status,
    ).toBe(200);
    await check(farmer);
    expect((await api(`/events/${check1}`, { method: 'DELETE', token: farmer.token })).status).toBe(204);
    await check(farmer);

    // A shipment writes her SHIPMENT event; deleting it takes it back.
    const shipped = await api('/shipments', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId: yuri, shipmentDate: addDays(today, -50), price: 700_000 },
    });
    expect(shipped.status).toBe(201);
    await check(farmer);
    await api(`/shipments/${shipped.json.data.shipmentId}`, { method: 'DELETE', token: farmer.token });
    await check(farmer);

    // An animal's birthday and sex changed, then an animal deleted.
    await api(`/cattle/${heifer}`, { method: 'PATCH', token: farmer.token, body: { birthday: addDays(today, -300) } });
    await check(farmer);
    await api(`/cattle/${heifer}`, { method: 'PATCH', token: farmer.token, body: { gender: '去勢' } });
    await check(farmer);
    expect((await api(`/cattle/${hanako}`, { method: 'DELETE', token: farmer.token })).status).toBeLessThan(300);
    await check(farmer);

    // An import with its breeding history.
    const file = `個体識別番号,性別,生年月日,最終分娩日,最終授精日,妊娠\n0812340031,雌,2020-01-01,${addDays(today, -90)},${addDays(today, -40)},妊娠\n`;
    const imported = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      token: farmer.token,
      body: new TextEncoder().encode(file),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status).toBe(200);
    await check(farmer);

    // The neighbour's farm was never touched.
    await check(neighbour);
  });

  it('leaves no cow of an event write stale: the write kept her figures in its batch', async () => {
    const session = await signUp();
    const id = await cow(session);
    await check(session);
    await event(session, id, 'INSEMINATION', -30);
    expect(await staleOf(session.farmId)).toEqual(new Set());
    await expectKeptRows(session.farmId);
  });

  it('an event writes only the rows it changes; rows that are not what her events gave are rewritten whole', async () => {
    const session = await signUp();
    const id = await cow(session);
    for (const [type, offset] of [
      ['CALVING', -700],
      ['INSEMINATION', -640],
      ['CALVING', -360],
      ['INSEMINATION', -300],
      ['ESTRUS', -200],
    ] as const)
      await event(session, id, type, offset);
    const db = await shardOf(session.farmId);
    const stored = async () =>
      (
        await db
          .prepare('SELECT rowid AS id, kind, day, a FROM kpi_figures WHERE cattle_id = ? ORDER BY rowid')
          .bind(id)
          .all<{ id: number; kind: string; day: number; a: number | null }>()
      ).results;
    const before = await stored();
    expect(before.length).toBeGreaterThan(10);
    // An estrus today: a new event day (D), and heat marks (H); her services, births and older days stay as they were.
    await event(session, id, 'ESTRUS', 0);
    const after = await stored();
    const kept = after.filter((row) => before.some((b) => b.id === row.id));
    expect(kept.filter((row) => row.kind === 'S' || row.kind === 'B')).toEqual(
      before.filter((row) => row.kind === 'S' || row.kind === 'B'),
    );
    expect(after.length - kept.length).toBeLessThan(5);
    await expectStored(session.farmId);

    // Rows changed behind the write's back (a service row gone, a day doubled, one of another cow's rows under her
    // id): her stored rows are not her events' any more, so the next write rewrites them whole.
    const service = after.find((row) => row.kind === 'S') as { id: number };
    const day = after.find((row) => row.kind === 'D') as { id: number };
    await db.batch([
      db.prepare('DELETE FROM kpi_figures WHERE rowid = ?').bind(service.id),
      db
        .prepare(
          `INSERT INTO kpi_figures (farm_id, cattle_id, kind, day, flags, a, b, left_day)
           SELECT farm_id, cattle_id, kind, day, flags, a, b, left_day FROM kpi_figures WHERE rowid = ?`,
        )
        .bind(day.id),
    ]);
    await event(session, id, 'INSEMINATION', 0);
    await expectStored(session.farmId);
  });

  it('counts a stale cow from her events in the same round trip, and writes her figures after the answer', async () => {
    const session = await signUp();
    const id = await cow(session);
    await event(session, id, 'INSEMINATION', -30);
    await eventBySql(session, id, 'PREGNANCY_CHECK', -1, '{"result":"PREGNANT"}');
    expect(await staleOf(session.farmId)).toEqual(new Set([id]));
    await expectAnswers(session);
    await expect.poll(() => staleOf(session.farmId)).toEqual(new Set());
    await expectStored(session.farmId);
  });

  it("a refresh that lost the race to a write leaves the write's rows: it rewrites a cow only under the mark it read", async () => {
    const session = await signUp();
    const id = await cow(session);
    await event(session, id, 'CALVING', -400);
    await event(session, id, 'INSEMINATION', -300);
    // An event written by plain SQL marks her stale; a read takes her history and mark for its refresh…
    await eventBySql(session, id, 'PREGNANCY_CHECK', -260, '{"result":"PREGNANT"}');
    const read = await readKept(await farmDbOf(session.farmId), session.farmId, []);
    expect(read.stale.map((cow) => cow.cattleId)).toEqual([id]);
    // …a write on her lands first (her rows rewritten with its event, her mark cleared)…
    await event(session, id, 'ESTRUS', -10);
    expect(await staleOf(session.farmId)).toEqual(new Set());
    // …then the refresh's batch, with the history from before that write: it must not put that history back.
    await read.refresh();
    await expectStored(session.farmId);
  });

  it('counts an event recorded after the cow left as the rows do: the day sums leave it out, the read adds it', async () => {
    const session = await signUp();
    const id = await cow(session);
    await event(session, id, 'INSEMINATION', -200);
    await event(session, id, 'SHIPMENT', -150);
    // Entered afterwards by plain SQL (an import of old records, say): a service after she left.
    await eventBySql(session, id, 'INSEMINATION', -100, '{}');
    await expectAnswers(session);
    await expect.poll(() => staleOf(session.farmId)).toEqual(new Set());
    const afterLeft = await everyShard
      .prepare('SELECT count(*) AS n FROM kpi_figures WHERE farm_id = ? AND left_day < day')
      .bind(session.farmId)
      .first<{ n: number }>();
    expect(afterLeft?.n).toBeGreaterThan(0);
    await check(session);
  });
});
