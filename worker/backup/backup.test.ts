import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { getTableName } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { farmDb } from '../db/client';
import type { Scope } from '../db/scope';
import { seedDemoHerd } from '../dev/demo-farm';
import { todayJst } from '../domain/calendar';
import type { Env } from '../env';
import worker from '../index';
import { api, signUp, testEnv } from '../test/api';
import { BACKUP_TABLES, MAX_BACKUP_BYTES, NOT_BACKED_UP, restoreFarm } from './backup.service';

type Member = Awaited<ReturnType<typeof signUp>>;
const as = (user: Member) => ({ token: user.token, headers: { 'X-Farm-Id': String(user.farmId) } });
const restoreInto = (user: Member, body: unknown) =>
  api(`/farms/${user.farmId}/restore`, { method: 'POST', ...as(user), body });
const copy = <T>(value: T): T => structuredClone(value);

/** Rows of the farm in each table a restore writes, and the staging a restore leaves behind: all 0 for "nothing". */
async function farmRows(farmId: number) {
  const db = (await farmDb(testEnv, farmId)).$client;
  const count = async (sql: string) => (await db.prepare(sql).bind(farmId).first<{ n: number }>())?.n ?? -1;
  return {
    cattle: await count('select count(*) as n from cattle where farm_id = ?'),
    events: await count('select count(*) as n from events where farm_id = ?'),
    shipments: await count('select count(*) as n from shipments where farm_id = ?'),
    alerts: await count('select count(*) as n from alerts where farm_id = ?'),
    tasks: await count('select count(*) as n from tasks where farm_id = ?'),
    filings: await count('select count(*) as n from filings where farm_id = ?'),
    audit: await count('select count(*) as n from audit_log where farm_id = ?'),
    staged: await count('select count(*) as n from restore_rows where farm_id = ?'),
    marker: await count('select count(*) as n from restores where farm_id = ?'),
  };
}
const NOTHING = { cattle: 0, events: 0, shipments: 0, alerts: 0, tasks: 0, filings: 0, audit: 0, staged: 0, marker: 0 };

const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

/** Ids (and the bookkeeping a restore may move) left out, everything else compared as it is. */
const IGNORED = /^(id|.*Id|.*Ids|version|updatedAt|nextCursor|etag|rosterVersion|kpiVersion)$/;
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !IGNORED.test(k))
        .map(([k, v]) => [k, withoutIds(v)]),
    );
  }
  return value;
}

/** Every farm-data list the app reads, and each animal's page: the answers a restored farm must give alike. */
async function answers(user: Member) {
  const paths = [
    '/cattle/status-counts',
    '/events?limit=100',
    '/shipments',
    '/shipments/plans',
    '/shipments/mothers/list',
    '/shipments/price-stats',
    '/alerts?limit=100',
    '/alerts?status=acknowledged&limit=100',
    '/kpi/breeding',
    '/home',
    '/programmes',
    '/tasks?limit=100',
    '/tasks?status=done&limit=100',
    '/filings?limit=100',
    '/filings?status=filed&limit=100',
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await api(path, as(user));
    out[path] = { status: res.status, body: withoutIds(res.json) };
  }
  const animals: { cattleId: number; identificationNumber: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(`/cattle?limit=100${cursor ? `&cursor=${cursor}` : ''}`, as(user));
    expect(res.status, res.text).toBe(200);
    animals.push(...res.json.data.results);
    cursor = res.json.data.nextCursor ?? null;
  } while (cursor);
  out.cattle = withoutIds(animals);
  for (const [i, animal] of animals.entries()) {
    const res = await api(`/cattle/${animal.cattleId}`, as(user));
    out[`animal ${i}`] = withoutIds(res.json);
  }
  return out;
}

/**
 * The demo herd is seeded once for the file (the seeding is most of its time): every test restores the source's one
 * backup into a farm of its own, and none writes to the source's herd.
 */
let source: Member;
/** The source's backup as the API answers it: `backupText` as sent, `backup` parsed. */
let backupText: string;
let backup: any;
beforeAll(async () => {
  source = await signUp({ name: '西 次郎' });
  const db = await farmDb(testEnv, source.farmId);
  await seedDemoHerd(
    { db, farmId: source.farmId, userId: source.userId, userName: '西 次郎', actor: String(source.userId) },
    todayJst(),
  );
  // A write through the API, so the backup carries its audit row.
  const created = await api('/cattle', {
    method: 'POST',
    ...as(source),
    body: { name: 'はな', identificationNumber: '0123456785', gender: '雌', growthStage: 'CALF' },
  });
  expect(created.status, created.text).toBe(201);
  // An alert acknowledged, so the backup carries one that is not open and its history.
  const open = await api('/alerts?limit=1', as(source));
  const first = open.json.data.results[0];
  if (first) {
    await api(`/alerts/${first.id}/status`, { method: 'PUT', ...as(source), body: { status: 'acknowledged' } });
  }
  const res = await api(`/farms/${source.farmId}/backup`, as(source));
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  backupText = res.text;
  backup = res.json;
}, 600_000);

describe('backup and restore (GET /farms/{id}/backup, POST /farms/{id}/restore)', () => {
  let target: Member;
  let document: any;
  beforeAll(async () => {
    target = await signUp({ name: '東 三郎' });
    document = backup;
  });

  it('carries every farm-data table of the shard, or names why it leaves one out', async () => {
    const { results } = await env.FARM_DB_0.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    ).all<{ name: string }>();
    const carried = new Set<string>([
      ...BACKUP_TABLES.map((t) => getTableName(t.table)),
      ...Object.keys(NOT_BACKED_UP),
    ]);
    expect(results.map((r) => r.name).filter((name) => !carried.has(name))).toEqual([]);
  });

  it('is one versioned document with the §23 keys', () => {
    expect(document).toMatchObject({ format: 'ushicho-farm', version: 1, farm: { name: '西 次郎の牧場' } });
    for (const key of [
      'cattle',
      'events',
      'shipments',
      'plans',
      'alerts',
      'programmes',
      'enrolments',
      'tasks',
      'filings',
    ])
      expect(Array.isArray(document[key]), key).toBe(true);
    expect(document.cattle.length).toBeGreaterThan(50);
    expect(document.events.length).toBeGreaterThan(500);
  });

  it('restores into an empty farm with the same answers from every farm-data read, ids aside', async () => {
    const restored = await api(`/farms/${target.farmId}/restore`, { method: 'POST', ...as(target), body: document });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.data.counts).toMatchObject({
      cattle: document.cattle.length,
      events: document.events.length,
      shipments: document.shipments.length,
      alerts: document.alerts.length,
    });
    const [was, is] = [await answers(source), await answers(target)];
    // Not vacuous: the herd, its shipments and each animal's page are there to compare.
    expect((was.cattle as unknown[]).length).toBe(document.cattle.length);
    expect(JSON.stringify(was['/shipments']).length).toBeGreaterThan(1000);
    // The demo's programmes, its Ovsynch group's tasks (open and done) and its filings (pending and filed) too.
    for (const path of ['/programmes', '/tasks?limit=100', '/tasks?status=done&limit=100', '/filings?limit=100']) {
      expect((was[path] as { body: { data: unknown } }).body.data, path).not.toEqual([]);
    }
    expect(document.enrolments.length).toBeGreaterThan(0);
    expect(Object.keys(was).length).toBeGreaterThan(60);
    for (const key of Object.keys(was)) expect(is[key], key).toEqual(was[key]);
  }, 600_000);

  it('refuses a farm with animals (409), a wrong document (400), and anyone but the owner', async () => {
    const again = await api(`/farms/${target.farmId}/restore`, { method: 'POST', ...as(target), body: document });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('牛が登録されている牧場には復元できません');
    const empty = await signUp();
    const wrong = await api(`/farms/${empty.farmId}/restore`, {
      method: 'POST',
      ...as(empty),
      body: { format: 'other', version: 1, cattle: [], events: [] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe('バックアップファイルの形式が正しくありません');
    expect((await api(`/farms/${source.farmId}/backup`, as(empty))).status).toBe(403);
    expect((await api(`/farms/${source.farmId}/backup`, {})).status).toBe(401);
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff')")
      .bind(source.farmId, empty.userId)
      .run();
    expect((await api(`/farms/${source.farmId}/backup`, { token: empty.token })).status).toBe(403);
  });
});

describe('restore refuses what the API refuses (POST /farms/{id}/restore)', () => {
  let target: Member;
  let document: any;
  beforeAll(async () => {
    target = await signUp({ name: '東 三郎' });
    document = backup;
  });

  /** The first event of a type (its index in the document). */
  const eventOf = (type: string) => document.events.findIndex((e: any) => e.event_type === type);

  const cases: [string, (doc: any) => void, { field: string; message: string }][] = [
    [
      'an unknown column',
      (doc) => {
        doc.cattle[0].evil = 1;
      },
      { field: 'cattle[0].evil', message: 'この表にない列です' },
    ],
    [
      'a missing column',
      (doc) => {
        delete doc.events[3].notes;
      },
      { field: 'events[3].notes', message: '列がありません' },
    ],
    [
      'a duplicate id',
      (doc) => {
        doc.events[5].event_id = doc.events[4].event_id;
      },
      { field: 'events[5].event_id', message: 'IDが重複しています' },
    ],
    [
      'a duplicate 個体識別番号',
      (doc) => {
        doc.cattle[1].identification_number = doc.cattle[0].identification_number;
      },
      { field: 'cattle[1].identification_number', message: 'この個体識別番号は既に登録されています' },
    ],
    [
      "an event's animal not in the document",
      (doc) => {
        doc.events[2].cattle_id = 987_654_321;
      },
      { field: 'events[2].cattle_id', message: 'バックアップにない行を指しています' },
    ],
    [
      "a task's enrolment not in the document",
      (doc) => {
        doc.tasks[0].enrolment_id = 987_654_321;
      },
      { field: 'tasks[0].enrolment_id', message: 'バックアップにない行を指しています' },
    ],
    [
      "an alert history's alert not in the document",
      (doc) => {
        doc.alertHistory[0].alert_id = 'nope';
      },
      { field: 'alertHistory[0].alert_id', message: 'バックアップにない行を指しています' },
    ],
    [
      "a calf's animal not in the document",
      (doc) => {
        const i = doc.events.findIndex((e: any) => JSON.parse(e.details ?? 'null')?.calves?.[0]?.cattleId);
        const details = JSON.parse(doc.events[i].details);
        details.calves[0].cattleId = 987_654_321;
        doc.events[i].details = JSON.stringify(details);
        doc.expect = `events[${i}].details.calves[0].cattleId`;
      },
      { field: 'expect', message: 'バックアップにない行を指しています' },
    ],
    [
      'event_type "PWN"',
      (doc) => {
        doc.events[12].event_type = 'PWN';
      },
      { field: 'events[12].event_type', message: '無効なイベントタイプです' },
    ],
    [
      "an event time '2026-02-30T10:00'",
      (doc) => {
        doc.events[7].event_datetime = '2026-02-30T10:00';
      },
      { field: 'events[7].event_datetime', message: 'イベント日時はISO形式の日時である必要があります' },
    ],
    [
      'status "PWNED"',
      (doc) => {
        doc.cattle[2].status = 'PWNED';
      },
      { field: 'cattle[2].status', message: '無効なステータスです' },
    ],
    [
      'gender "X"',
      (doc) => {
        doc.cattle[3].gender = 'X';
      },
      { field: 'cattle[3].gender', message: '性別は雄・去勢・雌のいずれかを選択してください' },
    ],
    [
      'details "{not json"',
      (doc) => {
        doc.events[6].details = '{not json';
      },
      { field: 'events[6].details', message: 'JSONとして読めません' },
    ],
    [
      "details a pregnancy check's type refuses",
      (doc) => {
        const i = eventOf('PREGNANCY_CHECK');
        doc.events[i].details = JSON.stringify({ result: 'MAYBE' });
        doc.expect = `events[${i}].details.result`;
      },
      { field: 'expect', message: '鑑定結果はPREGNANTまたはOPENである必要があります' },
    ],
    [
      'a 個体識別番号 of 9 digits',
      (doc) => {
        doc.cattle[4].identification_number = '123456789';
      },
      { field: 'cattle[4].identification_number', message: '' },
    ],
    [
      'a birthday that is not a date',
      (doc) => {
        doc.cattle[5].birthday = '2023-02-29';
      },
      { field: 'cattle[5].birthday', message: '誕生日はYYYY-MM-DD形式で入力してください' },
    ],
    [
      'a text where a number goes',
      (doc) => {
        doc.breedingStatus[0].parity = 'two';
      },
      { field: 'breedingStatus[0].parity', message: '整数である必要があります' },
    ],
    [
      'an unknown key',
      (doc) => {
        doc.horses = [];
      },
      { field: 'horses', message: 'バックアップに含まれない項目です' },
    ],
  ];

  it.each(cases)('%s → 400 naming the row and field, nothing written', async (_, change, wanted) => {
    const doc = copy(document);
    change(doc);
    const field = wanted.field === 'expect' ? doc.expect : wanted.field;
    delete doc.expect;
    const res = await restoreInto(target, doc);
    expect(res.status, res.text.slice(0, 500)).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    const issue = res.json.error.issues.find((i: { field: string }) => i.field === field);
    expect(issue, JSON.stringify(res.json.error.issues.slice(0, 5))).toBeDefined();
    if (wanted.message) expect(issue.message).toBe(wanted.message);
    expect(res.json.error.issues).toHaveLength(1);
    expect(await farmRows(target.farmId)).toEqual(NOTHING);
  });

  it('names every row in error at once (up to 100), in document order', async () => {
    const doc = copy(document);
    doc.events[12].event_type = 'PWN';
    doc.cattle[3].gender = 'X';
    const res = await restoreInto(target, doc);
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((i: { field: string }) => i.field)).toEqual([
      'cattle[3].gender',
      'events[12].event_type',
    ]);
    expect(res.json.error.field).toBe('cattle[3].gender');
  });

  it('refuses a body that is not JSON, and a row of more than 1 MB, with nothing written', async () => {
    const broken = await api(`/farms/${target.farmId}/restore`, {
      method: 'POST',
      ...as(target),
      body: '{"format":"ushicho-farm","version":1,"cattle":[{"cattle_id":1,}]}',
      headers: { 'X-Farm-Id': String(target.farmId), 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.message).toMatch(/^バックアップファイルをJSONとして読めません/);
    const huge = `{"format":"ushicho-farm","version":1,"cattle":[{"name":"${'あ'.repeat(1_100_000)}"}]}`;
    const big = await api(`/farms/${target.farmId}/restore`, { method: 'POST', ...as(target), body: huge });
    expect(big.status).toBe(400);
    expect(big.json.error.message).toBe('バックアップの1行が大きすぎます（1 MB まで）');
    expect(await farmRows(target.farmId)).toEqual(NOTHING);
  });

  it(`refuses a body past ${MAX_BACKUP_BYTES / 1024 / 1024} MB with 413 and the cap, read no further`, async () => {
    const encoder = new TextEncoder();
    const filler = encoder.encode(`"${'x'.repeat(1024 * 1024 - 3)}",`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"format":"ushicho-farm","version":1,"junk":['));
      },
      pull(controller) {
        sent += filler.byteLength;
        controller.enqueue(filler);
      },
    });
    const request = new Request(`http://127.0.0.1:8787/api/v1/farms/${target.farmId}/restore`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
      body,
    });
    const ctx = createExecutionContext();
    const res = await worker.fetch(request, testEnv as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.message).toBe('バックアップファイルが大きすぎます（上限 150 MB）');
    // The stream was read up to the cap and a few chunks past it, not to its end (it has none).
    expect(sent).toBeLessThan(MAX_BACKUP_BYTES + 8 * 1024 * 1024);
    expect(await farmRows(target.farmId)).toEqual(NOTHING);
  }, 120_000);

  it('answers 401 without a session, 403 to staff, a viewer and another farm', async () => {
    expect((await api(`/farms/${target.farmId}/restore`, { method: 'POST', body: document })).status).toBe(401);
    for (const role of ['staff', 'viewer']) {
      const member = await signUp();
      await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
        .bind(target.farmId, member.userId, role)
        .run();
      const res = await api(`/farms/${target.farmId}/restore`, { method: 'POST', token: member.token, body: document });
      expect(res.status, role).toBe(403);
    }
    // The source's owner is not a member of the target farm.
    const other = await api(`/farms/${target.farmId}/restore`, { method: 'POST', token: source.token, body: document });
    expect(other.status).toBe(403);
    expect(await farmRows(target.farmId)).toEqual(NOTHING);
  });

  it('restores the change history with its times and users, ids following, then one restore row', async () => {
    const into = await signUp();
    const res = await restoreInto(into, document);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.data.counts.audit).toBe(document.audit.length);
    expect(document.audit.length).toBeGreaterThan(0);
    const rows = await api('/audit?limit=100', as(into));
    expect(rows.status).toBe(200);
    const [newest, ...kept] = rows.json.data;
    expect(newest).toMatchObject({ action: 'restore', entity: 'farm', userId: into.userId });
    const was = (await api('/audit?limit=100', as(source))).json.data;
    const shape = (r: any) => ({
      at: r.at,
      userId: r.userId,
      userName: r.userName,
      action: r.action,
      entity: r.entity,
    });
    // A page of 100: the restore row and the 99 newest kept rows, against the source's 99 newest (the demo herd writes
    // over 100 audit rows since its pens' group records).
    expect(kept).toHaveLength(Math.min(99, document.audit.length));
    expect(kept.map(shape)).toEqual(was.slice(0, kept.length).map(shape));
    // The animal created through the API: its audit row names the restored animal.
    const created = kept.find((r: any) => r.entity === 'cattle' && r.action === 'create');
    const animal = await api(`/cattle/${created.entityId}`, as(into));
    expect(animal.status).toBe(200);
    expect(animal.json.data?.name ?? animal.json.name).toBe('はな');
  });

  it('leaves every row a read can parse: the events, home, an animal and an event delete answer 200', async () => {
    const into = await signUp();
    expect((await restoreInto(into, document)).status).toBe(200);
    expect((await api('/events?limit=100', as(into))).status).toBe(200);
    expect((await api('/home', as(into))).status).toBe(200);
    const list = await api('/cattle?limit=100', as(into));
    for (const animal of list.json.data.results.slice(0, 20)) {
      expect((await api(`/cattle/${animal.cattleId}`, as(into))).status).toBe(200);
    }
    const events = await api('/events?limit=5', as(into));
    const eventId = events.json.data.results?.[0]?.eventId ?? events.json.data[0]?.eventId;
    expect((await api(`/events/${eventId}`, { method: 'DELETE', ...as(into) })).status).toBe(204);
  });
});

describe('restore is all or nothing, one at a time', () => {
  let document: string;
  let cattle: number;
  beforeAll(() => {
    document = backupText;
    cattle = backup.cattle.length;
  });

  const scopeOf = async (user: Member): Promise<Scope> => ({
    db: await farmDb(testEnv, user.farmId),
    farmId: user.farmId,
    userId: user.userId,
    userName: '東',
    actor: String(user.userId),
  });

  it('a failure in the final batch leaves the farm empty and no staged rows; a second run completes', async () => {
    const into = await signUp();
    const scope = await scopeOf(into);
    const d1 = scope.db.$client;
    // The last table the final batch writes fails: everything before it in the batch is rolled back.
    await d1
      .prepare(
        `CREATE TRIGGER fail_restore_${into.farmId} BEFORE INSERT ON audit_log WHEN NEW.farm_id = ${into.farmId}
         BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
      )
      .run();
    await expect(restoreFarm(scope, streamOf(document))).rejects.toThrow(/injected failure/);
    expect(await farmRows(into.farmId)).toEqual(NOTHING);
    await d1.prepare(`DROP TRIGGER fail_restore_${into.farmId}`).run();
    const counts = await restoreFarm(scope, streamOf(document));
    expect(counts.cattle).toBe(cattle);
    expect((await farmRows(into.farmId)).cattle).toBe(cattle);
  });

  it('moves the staged rows in by statements of a few stages each (D1 stops a statement at 30 s), in order', async () => {
    const into = await signUp();
    const events = JSON.parse(document).events as { event_type: string; event_datetime: string }[];
    // More than one stage of events (1,000 rows a stage), so one stage a statement makes several statements.
    expect(events.length).toBeGreaterThan(1000);
    const counts = await restoreFarm(await scopeOf(into), streamOf(document), undefined, { stagesPerInsert: 1 });
    expect(counts.events).toBe(events.length);
    const { results } = await (await farmDb(testEnv, into.farmId)).$client
      .prepare('SELECT event_type, event_datetime FROM events WHERE farm_id = ? ORDER BY event_id')
      .bind(into.farmId)
      .all<{ event_type: string; event_datetime: string }>();
    expect(results).toEqual(events.map((e) => ({ event_type: e.event_type, event_datetime: e.event_datetime })));
  });

  it('a failure while staging leaves no staged rows behind', async () => {
    const into = await signUp();
    const scope = await scopeOf(into);
    const d1 = scope.db.$client;
    await d1
      .prepare(
        `CREATE TRIGGER fail_stage_${into.farmId} BEFORE INSERT ON restore_rows
         WHEN NEW.farm_id = ${into.farmId} AND NEW.tbl = 'events'
         BEGIN SELECT RAISE(ABORT, 'injected stage failure'); END`,
      )
      .run();
    await expect(restoreFarm(scope, streamOf(document))).rejects.toThrow(/injected stage failure/);
    await d1.prepare(`DROP TRIGGER fail_stage_${into.farmId}`).run();
    expect(await farmRows(into.farmId)).toEqual(NOTHING);
  });

  it('three restores at once into one farm: one 200, the others 409, the herd restored once', async () => {
    const into = await signUp();
    const results = await Promise.all([1, 2, 3].map(() => restoreInto(into, JSON.parse(document))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(['この牧場は復元中です', '牛が登録されている牧場には復元できません']).toContain(r.json.error.message);
    }
    expect(results.some((r) => r.json?.error?.message === 'この牧場は復元中です')).toBe(true);
    expect(await farmRows(into.farmId)).toMatchObject({ cattle, staged: 0, marker: 0 });
  });

  it('a restore beside a create: the restore gives way to the animal, or both stand; nothing lost', async () => {
    for (let round = 0; round < 4; round++) {
      const into = await signUp();
      const [restored, created] = await Promise.all([
        restoreInto(into, JSON.parse(document)),
        api('/cattle', {
          method: 'POST',
          ...as(into),
          body: { name: 'ゆき', identificationNumber: '0987654325', gender: '雌', growthStage: 'CALF' },
        }),
      ]);
      expect(created.status, created.text).toBe(201);
      const rows = await farmRows(into.farmId);
      if (restored.status === 200) expect(rows.cattle).toBe(cattle + 1);
      else {
        expect(restored.status).toBe(409);
        expect(restored.json.error.message).toBe('牛が登録されている牧場には復元できません');
        expect(rows.cattle).toBe(1);
      }
      expect(rows).toMatchObject({ staged: 0, marker: 0 });
    }
  });

  it('takes over a restore that stopped long ago, removing what it staged', async () => {
    const into = await signUp();
    const d1 = (await farmDb(testEnv, into.farmId)).$client;
    await d1.batch([
      d1
        .prepare("INSERT INTO restores (farm_id, token, started_at) VALUES (?, 'old', '2026-01-01T00:00:00.000Z')")
        .bind(into.farmId),
      d1
        .prepare("INSERT INTO restore_rows (farm_id, token, tbl, rows) VALUES (?, 'old', 'cattle', '[]')")
        .bind(into.farmId),
    ]);
    const res = await restoreInto(into, JSON.parse(document));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(await farmRows(into.farmId)).toMatchObject({ cattle, staged: 0, marker: 0 });
    // A running one (started now) is not taken over.
    const busy = await signUp();
    await (await farmDb(testEnv, busy.farmId)).$client
      .prepare("INSERT INTO restores (farm_id, token, started_at) VALUES (?, 'running', ?)")
      .bind(busy.farmId, new Date().toISOString())
      .run();
    const refused = await restoreInto(busy, JSON.parse(document));
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('この牧場は復元中です');
  });
});

describe('pens travel with a backup (§26), and a backup from before pens restores', () => {
  it('carries the pens with new ids: the animal stays in her pen and her move names the restored pens', async () => {
    const source = await signUp({ name: '牛房 太郎' });
    const pen = async (name: string) =>
      (await api('/pens', { method: 'POST', ...as(source), body: { name, capacity: 20 } })).json.data.id as number;
    const [one, two] = [await pen('1番'), await pen('2番')];
    const created = await api('/cattle', {
      method: 'POST',
      ...as(source),
      body: {
        identificationNumber: 1_234_512_343,
        name: 'すず',
        gender: '雌',
        growthStage: 'CALF',
        birthday: '2026-06-01',
      },
    });
    const cow = created.json.data.cattleId as number;
    for (const toPenId of [one, two]) {
      const moved = await api('/events', {
        method: 'POST',
        ...as(source),
        body: { cattleId: cow, eventType: 'MOVE_PEN', eventDatetime: '2026-11-20T03:00:00.000Z', details: { toPenId } },
      });
      expect(moved.status, moved.text).toBe(201);
    }
    const document = (await api(`/farms/${source.farmId}/backup`, as(source))).json;
    expect(document.pens.map((p: { name: string }) => p.name)).toEqual(['1番', '2番']);

    const into = await signUp({ name: '復元 花子' });
    const restored = await restoreInto(into, document);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.data.counts.pens).toBe(2);
    const pens = (await api('/pens', as(into))).json.data as { id: number; name: string; headCount: number }[];
    const byName = Object.fromEntries(pens.map((p) => [p.name, p]));
    expect(byName['2番'].headCount).toBe(1);
    expect(byName['1番'].headCount).toBe(0);
    expect([byName['1番'].id, byName['2番'].id]).not.toContain(one);
    const herd = (await api('/cattle?limit=10', as(into))).json.data.results as { pen: { id: number; name: string } }[];
    expect(herd[0].pen).toEqual({ id: byName['2番'].id, name: '2番' });
    const db = (await farmDb(testEnv, into.farmId)).$client;
    const moves = await db
      .prepare("SELECT details FROM events WHERE farm_id = ? AND event_type = 'MOVE_PEN' ORDER BY event_id")
      .bind(into.farmId)
      .all<{ details: string }>();
    expect(moves.results.map((m) => JSON.parse(m.details))).toEqual([
      { toPenId: byName['1番'].id, fromPenId: null },
      { toPenId: byName['2番'].id, fromPenId: byName['1番'].id },
    ]);
  });

  it('refuses two pens of one name in a document with 400 naming the second, nothing written', async () => {
    const source = await signUp({ name: '重 一郎' });
    await api('/pens', { method: 'POST', ...as(source), body: { name: '1番' } });
    const document = (await api(`/farms/${source.farmId}/backup`, as(source))).json;
    document.pens.push({ ...document.pens[0], pen_id: document.pens[0].pen_id + 1 });
    const into = await signUp({ name: '重 二郎' });
    const res = await restoreInto(into, document);
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toContainEqual({ field: 'pens[1].name', message: 'この名前の牛房はすでにあります' });
    expect((await api('/pens', as(into))).json.data).toEqual([]);
  });

  it('restores a backup taken before pens and event sources: no pens key, no pen_id, no source', async () => {
    const source = await signUp({ name: '古 一郎' });
    await api('/cattle', {
      method: 'POST',
      ...as(source),
      body: {
        identificationNumber: 1_234_512_351,
        name: 'ゆき',
        gender: '雌',
        growthStage: 'GROWING',
        birthday: '2025-01-01',
      },
    });
    const document = (await api(`/farms/${source.farmId}/backup`, as(source))).json;
    const { pens: _, ...old } = document;
    old.cattle = old.cattle.map(({ pen_id: __, ...r }: Record<string, unknown>) => r);
    old.events = old.events.map(({ source: __, ...r }: Record<string, unknown>) => r);
    const into = await signUp({ name: '新 二郎' });
    const restored = await restoreInto(into, old);
    expect(restored.status, restored.text).toBe(200);
    const herd = (await api('/cattle?limit=10', as(into))).json.data.results as { name: string; pen: unknown }[];
    expect(herd.map((c) => [c.name, c.pen ?? null])).toEqual([['ゆき', null]]);
  });
});
