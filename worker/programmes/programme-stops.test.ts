import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';

/**
 * §22 turn 4 through the Worker and a real D1: a protocol stops when the cow's state says so (stopWhen), enrols only
 * the animals it is for (eligible, `skipped`), and which events enrol (recorded ones however late; imported ones
 * never — see imports.history.test.ts).
 */
type Member = Awaited<ReturnType<typeof signUp>>;
type Task = {
  id: number;
  title: string;
  dueDate: string;
  status: string;
  cancelReason: string | null;
  eventId: number | null;
  enrolmentId: number;
  programmeName: string;
};
let identification = 1_965_000_000;
const today = todayJst();

let owner: Member;
let staff: Member;
let viewer: Member;
let ovsynch: number;

const call = (who: Member, path: string, init: { method?: string; body?: unknown } = {}) =>
  api(path, {
    method: init.method ?? 'GET',
    token: who.token,
    body: init.body,
    headers: { 'X-Farm-Id': String(owner.farmId) },
  });

async function animal(name: string, extra: Record<string, unknown> = {}) {
  const res = await call(owner, '/cattle', {
    method: 'POST',
    body: {
      name,
      identificationNumber: ++identification,
      earTagNumber: identification % 10000,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      birthday: '2020-04-01',
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

async function record(cattleId: number, eventType: string, date: string, details?: Record<string, unknown>) {
  const res = await call(staff, '/events', {
    method: 'POST',
    body: { cattleId, eventType, eventDatetime: date, details },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data as { eventId: number };
}

const enrol = (cattleIds: number[], startDate: string, programme = ovsynch) =>
  call(staff, `/programmes/${programme}/enrol`, { method: 'POST', body: { cattleIds, startDate } });

const tasksOf = async (cattleId: number): Promise<Task[]> =>
  (await call(viewer, `/tasks?cattleId=${cattleId}`)).json.data;
const summary = (tasks: Task[]) => tasks.map((t) => [t.title, t.status, t.cancelReason]);

beforeAll(async () => {
  [owner, staff, viewer] = await Promise.all([signUp(), signUp(), signUp()]);
  await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff'), (?, ?, 'viewer')")
    .bind(owner.farmId, staff.userId, owner.farmId, viewer.userId)
    .run();
  const list = await call(owner, '/programmes');
  ovsynch = list.json.data.find((p: { name: string }) => p.name === 'Ovsynch（定時授精）').id;
});

/** A cow in Ovsynch started 7 days ago: GnRH (day 0) 7 days ago, PGF2α today, GnRH in 2 days, 授精 in 3. */
async function cowInOvsynch(name: string) {
  const cow = await animal(name);
  const res = await enrol([cow], addDays(today, -7));
  expect(res.status, res.text).toBe(201);
  expect(res.json.data.tasksCreated).toBe(4);
  return cow;
}

describe('a protocol stops when the cow’s state says so (§22 turn 4)', () => {
  const stops: [string, string, Record<string, unknown> | undefined, string][] = [
    ['INSEMINATION', '授精', { method: 'AI', sireName: '安福久' }, '中止：授精が記録されました'],
    ['PREGNANCY_CHECK', '妊娠確認', { result: 'PREGNANT' }, '中止：妊娠が確認されました'],
    ['CALVING', '分娩', undefined, '中止：分娩が記録されました'],
    ['ABORTION', '流産', undefined, '中止：流産が記録されました'],
  ];
  for (const [eventType, name, details, reason] of stops)
    it(`${eventType} cancels the enrolment’s open steps with '${reason}', in the event’s batch`, async () => {
      const cow = await cowInOvsynch(name);
      await record(cow, eventType, today, details);
      const tasks = await tasksOf(cow);
      // Every step still open — GnRH of 7 days ago (overdue), PGF2α today, GnRH and 授精 ahead — is cancelled.
      expect(summary(tasks.filter((t) => t.programmeName.startsWith('Ovsynch')))).toEqual([
        ['GnRH', 'cancelled', reason],
        ['PGF2α', 'cancelled', reason],
        ['GnRH', 'cancelled', reason],
        ['授精', 'cancelled', reason],
      ]);
      // A calving still enrols her in 分娩後検診, which the calving does not stop (it stops nothing).
      const others = tasks.filter((t) => !t.programmeName.startsWith('Ovsynch')).map((t) => [t.title, t.status]);
      expect(others).toEqual(eventType === 'CALVING' ? [['分娩後検診', 'open']] : []);
    });

  it('a check found OPEN does not stop it; nor does a service recorded late, dated before the start', async () => {
    const cow = await cowInOvsynch('不受胎');
    await record(cow, 'PREGNANCY_CHECK', today, { result: 'OPEN' });
    // Served 8 days ago, the day before the protocol's start (7 days ago): recorded now, it does not stop it.
    await record(cow, 'INSEMINATION', addDays(today, -8), { method: 'AI' });
    expect(summary(await tasksOf(cow))).toEqual([
      ['GnRH', 'open', null],
      ['PGF2α', 'open', null],
      ['GnRH', 'open', null],
      ['授精', 'open', null],
    ]);
  });

  it('keeps the steps done or skipped as they were, and the home card and the API carry the reason', async () => {
    const cow = await cowInOvsynch('とちゅう');
    const [gnrh] = await tasksOf(cow);
    expect((await call(staff, `/tasks/${gnrh.id}/done`, { method: 'POST', body: {} })).status).toBe(200);
    await record(cow, 'INSEMINATION', today, { method: 'AI' });
    expect(summary(await tasksOf(cow))).toEqual([
      ['GnRH', 'done', null],
      ['PGF2α', 'cancelled', '中止：授精が記録されました'],
      ['GnRH', 'cancelled', '中止：授精が記録されました'],
      ['授精', 'cancelled', '中止：授精が記録されました'],
    ]);
    // Home lists open work only: none left for her.
    const home = (await call(staff, '/home')).json.data.tasks as { cattleId: number }[];
    expect(home.filter((t) => t.cattleId === cow)).toEqual([]);
  });

  it('not by the event the enrolment’s own 授精 step records: done, the rest stay; another enrolment stops', async () => {
    const cow = await cowInOvsynch('じぶん');
    // The same cow in Ovsynch again from yesterday (another start: another enrolment), as a second round would be.
    expect((await enrol([cow], addDays(today, -1))).json.data.tasksCreated).toBe(4);
    const before = await tasksOf(cow);
    const firstEnrolment = Math.min(...before.map((t) => t.enrolmentId));
    const service = before.find((t) => t.title === '授精' && t.enrolmentId === firstEnrolment) as Task;
    const done = await call(staff, `/tasks/${service.id}/done`, { method: 'POST', body: { date: today } });
    expect(done.status, done.text).toBe(200);
    expect(done.json.data).toMatchObject({ status: 'done', cancelReason: null });
    expect(done.json.data.eventId).toEqual(expect.any(Number));
    const after = await tasksOf(cow);
    // Its own enrolment: the 授精 done, GnRH, PGF2α and GnRH still open (to do or skip).
    expect(summary(after.filter((t) => t.enrolmentId === service.enrolmentId))).toEqual([
      ['GnRH', 'open', null],
      ['PGF2α', 'open', null],
      ['GnRH', 'open', null],
      ['授精', 'done', null],
    ]);
    // The other enrolment (started yesterday, before today's service): stopped by it.
    expect(summary(after.filter((t) => t.enrolmentId !== service.enrolmentId))).toEqual([
      ['GnRH', 'cancelled', '中止：授精が記録されました'],
      ['PGF2α', 'cancelled', '中止：授精が記録されました'],
      ['GnRH', 'cancelled', '中止：授精が記録されました'],
      ['授精', 'cancelled', '中止：授精が記録されました'],
    ]);
  });

  it('an event corrected into a positive check stops it; 分娩後検診 is stopped by nothing but death and shipment', async () => {
    const cow = await cowInOvsynch('なおし');
    const check = await record(cow, 'PREGNANCY_CHECK', today, { result: 'OPEN' });
    expect((await tasksOf(cow)).every((t) => t.status === 'open')).toBe(true);
    const fixed = await call(staff, `/events/${check.eventId}`, {
      method: 'PATCH',
      body: { details: { result: 'PREGNANT' } },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await tasksOf(cow)).map((t) => t.cancelReason)).toEqual(Array(4).fill('中止：妊娠が確認されました'));

    const mother = await animal('けんしん');
    await record(mother, 'CALVING', addDays(today, -2));
    await record(mother, 'INSEMINATION', today, { method: 'AI' });
    await record(mother, 'PREGNANCY_CHECK', today, { result: 'PREGNANT' });
    expect(summary(await tasksOf(mother))).toEqual([['分娩後検診', 'open', null]]);
  });

  it('a backdated enrolment of a cow served since its start is stopped at once', async () => {
    const cow = await animal('さかのぼり');
    await record(cow, 'INSEMINATION', addDays(today, -3), { method: 'AI' });
    // Enrolled from 10 days ago; served 3 days ago, after that start: the protocol is over before it is written.
    const res = await enrol([cow], addDays(today, -10));
    expect(res.json.data.tasksCreated).toBe(4);
    expect((await tasksOf(cow)).map((t) => [t.status, t.cancelReason])).toEqual(
      Array(4).fill(['cancelled', '中止：授精が記録されました']),
    );
  });
});

describe('only the animals a programme is for are enrolled (§22 turn 4)', () => {
  it('answers the others in skipped, each with its reason; the eligible are enrolled', async () => {
    const start = today;
    const heifer = await animal('みけいさん', { growthStage: 'GROWING', birthday: addDays(today, -500) });
    const steer = await animal('きょせい', { gender: '去勢', growthStage: 'FATTENING' });
    const bull = await animal('おうし', { gender: '雄', growthStage: 'GROWING' });
    const pregnant = await animal('にんしん');
    await record(pregnant, 'INSEMINATION', addDays(today, -60), { method: 'AI' });
    await record(pregnant, 'PREGNANCY_CHECK', addDays(today, -20), { result: 'PREGNANT' });
    // Calved 39 days before the start: one day short of the 40-day waiting period; 40 days: ready.
    const day39 = await animal('さんじゅうく');
    await record(day39, 'CALVING', addDays(start, -39));
    const day40 = await animal('よんじゅう');
    await record(day40, 'CALVING', addDays(start, -40));
    const ids = [heifer, steer, bull, pregnant, day39, day40];
    const res = await enrol(ids, start);
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.enrolments.map((e: { cattleId: number }) => e.cattleId)).toEqual([heifer, day40]);
    expect(res.json.data.tasksCreated).toBe(8);
    expect(res.json.data.skipped).toEqual([
      { cattleId: steer, reason: '雌ではありません' },
      { cattleId: bull, reason: '雌ではありません' },
      { cattleId: pregnant, reason: '妊娠中' },
      { cattleId: day39, reason: '分娩後40日未満' },
    ]);
    expect(await tasksOf(steer)).toEqual([]);
    // Only ineligible animals: 201 with nothing enrolled.
    const none = await enrol([steer, pregnant], start);
    expect(none.status).toBe(201);
    expect(none.json.data).toMatchObject({ enrolments: [], tasksCreated: 0 });
  });

  it('a farm’s programme for some statuses skips the others: 対象外の状態です', async () => {
    const created = await call(owner, '/programmes', {
      method: 'POST',
      body: {
        name: '健康牛の削蹄',
        trigger: { kind: 'manual' },
        steps: [{ day: 0, title: '削蹄', eventType: 'HOOF_TRIMMING' }],
        eligible: { statuses: ['HEALTHY'] },
        stopWhen: [{ eventType: 'DIAGNOSIS' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({
      eligible: { statuses: ['HEALTHY'] },
      stopWhen: [{ eventType: 'DIAGNOSIS' }],
    });
    const well = await animal('げんき');
    const ill = await animal('ちりょう');
    const status = await call(owner, `/cattle/${ill}/status`, { method: 'PATCH', body: { status: 'TREATING' } });
    expect(status.status, status.text).toBe(200);
    const res = await enrol([well, ill], today, created.json.data.id);
    expect(res.json.data.skipped).toEqual([{ cattleId: ill, reason: '対象外の状態です' }]);
    // The farm's own stop condition: a diagnosis stops it, with '中止：診断が記録されました'.
    await record(well, 'DIAGNOSIS', today);
    expect(summary(await tasksOf(well))).toEqual([['削蹄', 'cancelled', '中止：診断が記録されました']]);
  });

  it('refuses a bad stopWhen or eligible with the field’s message (400); a viewer writes none (403)', async () => {
    const base = { name: 'x', trigger: { kind: 'manual' }, steps: [{ day: 0, title: 'a' }] };
    const result = await call(owner, '/programmes', {
      method: 'POST',
      body: { ...base, stopWhen: [{ eventType: 'CALVING', result: 'PREGNANT' }] },
    });
    expect(result.status).toBe(400);
    expect(result.json.error.message).toBe('鑑定結果はPREGNANTまたはOPENで、妊娠鑑定にだけ指定できます');
    const wait = await call(owner, `/programmes/${ovsynch}`, {
      method: 'PATCH',
      body: { eligible: { minDaysSinceCalving: -1 } },
    });
    expect(wait.status).toBe(400);
    expect(wait.json.error.message).toBe('分娩後日数は0〜365の整数で入力してください');
    expect((await call(viewer, '/programmes', { method: 'POST', body: base })).status).toBe(403);
    expect(
      (
        await call(viewer, `/programmes/${ovsynch}/enrol`, {
          method: 'POST',
          body: { cattleIds: [1], startDate: today },
        })
      ).status,
    ).toBe(403);
    // The owner changes the waiting period; the change history keeps the before.
    const changed = await call(owner, `/programmes/${ovsynch}`, {
      method: 'PATCH',
      body: { eligible: { gender: ['雌'], notPregnant: true, minDaysSinceCalving: 50 } },
    });
    expect(changed.json.data.eligible.minDaysSinceCalving).toBe(50);
    await call(owner, `/programmes/${ovsynch}`, {
      method: 'PATCH',
      body: { eligible: { gender: ['雌'], notPregnant: true, minDaysSinceCalving: 40 } },
    });
  });
});

describe('the enrol picker’s view (GET /programmes/{id}/eligibility)', () => {
  it('lists every living animal with its status and, for the ineligible, the reason enrolment would give', async () => {
    const open = await animal('ぴっかー');
    const steer = await animal('ぴっかー去勢', { gender: '去勢', growthStage: 'FATTENING' });
    const pregnant = await animal('ぴっかー妊娠');
    await record(pregnant, 'INSEMINATION', addDays(today, -60), { method: 'AI' });
    await record(pregnant, 'PREGNANCY_CHECK', addDays(today, -20), { result: 'PREGNANT' });
    const gone = await animal('ぴっかー死亡');
    await record(gone, 'DEATH', today);
    const res = await call(staff, `/programmes/${ovsynch}/eligibility?startDate=${today}`);
    expect(res.status, res.text).toBe(200);
    const rows = new Map(res.json.data.map((r: { cattleId: number }) => [r.cattleId, r]));
    expect([open, steer, pregnant].map((id) => rows.get(id))).toEqual([
      { cattleId: open, status: 'HEALTHY', reason: null },
      { cattleId: steer, status: 'HEALTHY', reason: '雌ではありません' },
      { cattleId: pregnant, status: 'PREGNANT', reason: '妊娠中' },
    ]);
    expect(rows.has(gone)).toBe(false);
    expect((await call(staff, `/programmes/${ovsynch}/eligibility?startDate=2026-02-30`)).status).toBe(400);
    expect((await call(viewer, `/programmes/${ovsynch}/eligibility?startDate=${today}`)).status).toBe(403);
    expect((await call(staff, `/programmes/999999999/eligibility?startDate=${today}`)).status).toBe(404);
  });
});

describe('the stop holds however the writes meet', () => {
  it('an enrolment and a positive check at once: no open step is left on the pregnant cow, whichever came first', async () => {
    for (const name of ['同時1', '同時2', '同時3']) {
      const cow = await animal(name);
      await record(cow, 'INSEMINATION', addDays(today, -40), { method: 'AI' });
      const [enrolled] = await Promise.all([
        enrol([cow], addDays(today, -1)),
        record(cow, 'PREGNANCY_CHECK', today, { result: 'PREGNANT' }),
      ]);
      expect(enrolled.status, enrolled.text).toBe(201);
      const open = (await tasksOf(cow)).filter((t) => t.status === 'open');
      expect(open).toEqual([]);
    }
  });

  it('an imported service stops the protocol, and enrols nothing', async () => {
    const cow = await cowInOvsynch('とりこみ');
    const number = String(identification).padStart(10, '0');
    const res = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      token: owner.token,
      body: new TextEncoder().encode(`個体識別番号,最終授精日\n${number},${today}\n`),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await tasksOf(cow)).map((t) => [t.status, t.cancelReason])).toEqual(
      Array(4).fill(['cancelled', '中止：授精が記録されました']),
    );
  });
});

describe('which events enrol (§22 turn 4)', () => {
  it('a calving recorded by hand 70 days late enrols the cow in 分娩後検診, its check 40 days overdue', async () => {
    const cow = await animal('おそい');
    // Calved 70 days ago: the check (day 30) was due 70 − 30 = 40 days ago.
    await record(cow, 'CALVING', addDays(today, -70));
    const tasks = await tasksOf(cow);
    expect(tasks.map((t) => [t.programmeName, t.title, t.dueDate, t.status])).toEqual([
      ['分娩後検診', '分娩後検診', addDays(today, -40), 'open'],
    ]);
    // Overdue, it is on today's work.
    const home = (await call(staff, '/home')).json.data.tasks as { cattleId: number; dueDate: string }[];
    expect(home.filter((t) => t.cattleId === cow).map((t) => t.dueDate)).toEqual([addDays(today, -40)]);
  });
});
