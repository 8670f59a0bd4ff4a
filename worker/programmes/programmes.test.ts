import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { digestMail } from '../dawn/daily';
import { enrolByAge } from '../dawn/dawn-tasks';
import { clientOf } from '../db/client';
import { addDays, todayJst } from '../domain/calendar';
import { digestTaskLines } from '../domain/programmes';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';

type Member = Awaited<ReturnType<typeof signUp>>;
let identification = 1_960_000_000;
const today = todayJst();

async function createCow(who: Member, name: string, extra: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token: who.token,
    body: {
      name,
      identificationNumber: ++identification,
      earTagNumber: identification % 10000,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

const call = (who: Member | null, path: string, init: { method?: string; body?: unknown; farm?: number } = {}) =>
  api(path, {
    method: init.method ?? 'GET',
    token: who?.token,
    body: init.body,
    headers: init.farm ? { 'X-Farm-Id': String(init.farm) } : {},
  });

async function join(who: Member, farmId: number, role: 'staff' | 'viewer' | 'owner') {
  await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
    .bind(farmId, who.userId, role)
    .run();
}

let owner: Member;
let staff: Member;
let viewer: Member;
let other: Member;
let ovsynch: number;
let cows: number[];

beforeAll(async () => {
  [owner, staff, viewer, other] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  await Promise.all([join(staff, owner.farmId, 'staff'), join(viewer, owner.farmId, 'viewer')]);
  cows = [];
  for (const name of ['はな', 'ゆり', 'さくら']) cows.push(await createCow(owner, name));
  const list = await call(owner, '/programmes');
  ovsynch = list.json.data.find((p: { name: string }) => p.name.startsWith('Ovsynch')).id;
});

describe('programmes (§22)', () => {
  it('every new farm has the two examples', async () => {
    const res = await call(owner, '/programmes');
    expect(res.status).toBe(200);
    expect(
      res.json.data.map((p: { name: string; trigger: unknown; steps: unknown }) => [p.name, p.trigger, p.steps]),
    ).toEqual([
      [
        'Ovsynch（定時授精）',
        { kind: 'manual' },
        [
          { day: 0, title: 'GnRH' },
          { day: 7, title: 'PGF2α' },
          { day: 9, title: 'GnRH' },
          { day: 10, title: '授精', eventType: 'INSEMINATION' },
        ],
      ],
      ['分娩後検診', { kind: 'event', eventType: 'CALVING' }, [{ day: 30, title: '分娩後検診' }]],
    ]);
  });

  it('every member reads, the owner writes; a stranger is refused; no sign-in is 401', async () => {
    expect((await call(staff, '/programmes', { farm: owner.farmId })).status).toBe(200);
    // A viewer reads the programmes their tasks come from (§22 turn 4), one by one too, and writes none.
    const read = await call(viewer, '/programmes', { farm: owner.farmId });
    expect(read.status).toBe(200);
    expect(read.json.data.map((p: { name: string }) => p.name)).toEqual(['Ovsynch（定時授精）', '分娩後検診']);
    const one = await call(viewer, `/programmes/${ovsynch}`, { farm: owner.farmId });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({
      id: ovsynch,
      stopWhen: [
        { eventType: 'INSEMINATION' },
        { eventType: 'PREGNANCY_CHECK', result: 'PREGNANT' },
        { eventType: 'CALVING' },
        { eventType: 'ABORTION' },
      ],
      eligible: { gender: ['雌'], notPregnant: true, minDaysSinceCalving: 40 },
    });
    const patch = { method: 'PATCH', body: { name: 'x' }, farm: owner.farmId };
    expect((await call(viewer, `/programmes/${ovsynch}`, patch)).status).toBe(403);
    expect((await call(viewer, `/programmes/${ovsynch}`, { method: 'DELETE', farm: owner.farmId })).status).toBe(403);
    expect((await call(other, `/programmes/${ovsynch}`)).status).toBe(404);
    expect((await call(owner, '/programmes/999999999')).status).toBe(404);
    expect((await call(other, '/programmes', { farm: owner.farmId })).status).toBe(403);
    expect((await call(other, '/programmes', { farm: owner.farmId })).status).toBe(403);
    expect((await call(null, '/programmes')).status).toBe(401);
    const body = { name: 'ワクチン', trigger: { kind: 'manual' }, steps: [{ day: 0, title: '接種' }] };
    expect((await call(staff, '/programmes', { method: 'POST', body, farm: owner.farmId })).status).toBe(403);
    expect((await call(null, '/programmes', { method: 'POST', body })).status).toBe(401);
  });

  it('creates, changes and deletes a programme; another farm’s id is 404', async () => {
    const created = await call(owner, '/programmes', {
      method: 'POST',
      body: { name: '子牛ワクチン', trigger: { kind: 'age', days: 60 }, steps: [{ day: 0, title: '5種混合' }] },
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ name: '子牛ワクチン', trigger: { kind: 'age', days: 60 } });
    const id = created.json.data.id;
    const changed = await call(owner, `/programmes/${id}`, { method: 'PATCH', body: { name: '子牛ワクチン2' } });
    expect(changed.status).toBe(200);
    expect(changed.json.data.name).toBe('子牛ワクチン2');
    expect((await call(other, `/programmes/${id}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    expect((await call(other, `/programmes/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(staff, `/programmes/${id}`, { method: 'DELETE', farm: owner.farmId })).status).toBe(403);
    expect((await call(owner, `/programmes/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(owner, `/programmes/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(owner, '/programmes/999999999', { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
  });

  it('refuses an invalid programme with the field’s message (400)', async () => {
    const res = await call(owner, '/programmes', {
      method: 'POST',
      body: { name: 'x', trigger: { kind: 'manual' }, steps: [{ day: 731, title: 'late' }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message: '日数は0〜730の整数で入力してください' });
    const empty = await call(owner, '/programmes', {
      method: 'POST',
      body: { name: 'x', trigger: { kind: 'manual' }, steps: [] },
    });
    expect(empty.json.error.message).toBe('手順は1〜30件で入力してください');
    const details = await call(owner, '/programmes', {
      method: 'POST',
      body: {
        name: 'x',
        trigger: { kind: 'manual' },
        steps: [{ day: 0, title: '授精', eventType: 'INSEMINATION', details: { weightKg: 'heavy' } }],
      },
    });
    expect(details.status).toBe(400);
    expect(details.json.error.field).toMatch(/^steps\.0\.details/);
  });
});

describe('enrolment (§22)', () => {
  it('makes one task per step per animal, due start + day; the same start again makes nothing new', async () => {
    const start = addDays(today, -7);
    const res = await call(staff, `/programmes/${ovsynch}/enrol`, {
      method: 'POST',
      body: { cattleIds: cows, startDate: start },
      farm: owner.farmId,
    });
    expect(res.status).toBe(201);
    expect(res.json.data.tasksCreated).toBe(12);
    expect(res.json.data.enrolments.map((e: { cattleId: number }) => e.cattleId)).toEqual(cows);
    const again = await call(owner, `/programmes/${ovsynch}/enrol`, {
      method: 'POST',
      body: { cattleIds: [cows[0], cows[0]], startDate: start },
    });
    expect(again.status).toBe(201);
    expect(again.json.data).toEqual({ enrolments: [res.json.data.enrolments[0]], tasksCreated: 0, skipped: [] });
    const tasks = await call(owner, `/tasks?cattleId=${cows[0]}`);
    expect(tasks.json.data.map((t: { title: string; dueDate: string }) => [t.title, t.dueDate])).toEqual([
      ['GnRH', start],
      ['PGF2α', today],
      ['GnRH', addDays(today, 2)],
      ['授精', addDays(today, 3)],
    ]);
    expect(tasks.json.data[0]).toMatchObject({ programmeName: 'Ovsynch（定時授精）', status: 'open', name: 'はな' });
  });

  it('refuses bad input (400), a viewer (403), another farm’s programme or animals (404)', async () => {
    const bad = await call(owner, `/programmes/${ovsynch}/enrol`, {
      method: 'POST',
      body: { cattleIds: [], startDate: today },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('牛を1〜200頭選んでください');
    const badDate = await call(owner, `/programmes/${ovsynch}/enrol`, {
      method: 'POST',
      body: { cattleIds: cows, startDate: '2026-02-30' },
    });
    expect(badDate.json.error.message).toBe('開始日はYYYY-MM-DD形式で入力してください');
    const body = { cattleIds: [cows[0]], startDate: today };
    expect(
      (await call(viewer, `/programmes/${ovsynch}/enrol`, { method: 'POST', body, farm: owner.farmId })).status,
    ).toBe(403);
    expect((await call(other, `/programmes/${ovsynch}/enrol`, { method: 'POST', body })).status).toBe(404);
    const theirs = (await call(other, '/programmes')).json.data[0].id;
    expect((await call(owner, `/programmes/${theirs}/enrol`, { method: 'POST', body })).status).toBe(404);
    const theirCow = await createCow(other, 'よその牛');
    const res = await call(owner, `/programmes/${ovsynch}/enrol`, {
      method: 'POST',
      body: { cattleIds: [theirCow], startDate: today },
    });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('CATTLE_NOT_FOUND');
  });

  it('cancelling an enrolment cancels its open tasks; another farm’s enrolment is 404', async () => {
    const cow = await createCow(owner, 'とりけし');
    const res = await call(owner, `/programmes/${ovsynch}/enrol`, {
      method: 'POST',
      body: { cattleIds: [cow], startDate: today },
    });
    const id = res.json.data.enrolments[0].id;
    expect((await call(other, `/enrolments/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(viewer, `/enrolments/${id}`, { method: 'DELETE', farm: owner.farmId })).status).toBe(403);
    expect((await call(staff, `/enrolments/${id}`, { method: 'DELETE', farm: owner.farmId })).status).toBe(200);
    const tasks = await call(owner, `/tasks?cattleId=${cow}`);
    expect(tasks.json.data.map((t: { status: string }) => t.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect((await call(owner, '/enrolments/999999999', { method: 'DELETE' })).status).toBe(404);
  });
});

const taskOf = async (who: Member, cattleId: number, title: string) =>
  (await call(who, `/tasks?cattleId=${cattleId}&status=open`)).json.data.find(
    (t: { title: string }) => t.title === title,
  );

describe('tasks (§22)', () => {
  it('lists by due date with filters; viewers read; no sign-in is 401; a bad query is 400', async () => {
    const res = await call(viewer, `/tasks?from=${today}&to=${today}&status=open`, { farm: owner.farmId });
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBe(3);
    expect(
      res.json.data.every((t: { dueDate: string; title: string }) => t.dueDate === today && t.title === 'PGF2α'),
    ).toBe(true);
    const paged = await call(owner, '/tasks?limit=2');
    expect(paged.json.data).toHaveLength(2);
    const next = await call(owner, `/tasks?limit=2&cursor=${paged.json.nextCursor}`);
    expect(next.json.data[0].id).not.toBe(paged.json.data[1].id);
    expect((await call(null, '/tasks')).status).toBe(401);
    expect((await call(owner, '/tasks?status=finished')).status).toBe(400);
    expect((await call(other, '/tasks')).json.data).toEqual([]);
  });

  it('done marks it once: a second done is 409 この作業は完了済みです; a viewer is 403; another farm’s id is 404', async () => {
    const task = await taskOf(owner, cows[0], 'PGF2α');
    expect(
      (await call(viewer, `/tasks/${task.id}/done`, { method: 'POST', body: {}, farm: owner.farmId })).status,
    ).toBe(403);
    expect((await call(other, `/tasks/${task.id}/done`, { method: 'POST', body: {} })).status).toBe(404);
    expect((await call(null, `/tasks/${task.id}/done`, { method: 'POST', body: {} })).status).toBe(401);
    const done = await call(staff, `/tasks/${task.id}/done`, { method: 'POST', body: {}, farm: owner.farmId });
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ id: task.id, status: 'done', doneBy: staff.userId, eventId: null });
    const twice = await call(owner, `/tasks/${task.id}/done`, { method: 'POST', body: {} });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe('この作業は完了済みです');
    expect((await call(owner, `/tasks/${task.id}/skip`, { method: 'POST', body: { reason: '不要' } })).status).toBe(
      409,
    );
    expect((await call(owner, '/tasks/999999999/done', { method: 'POST', body: {} })).status).toBe(404);
    expect((await call(owner, `/tasks/${task.id}/done`, { method: 'POST', body: { date: '2026/1/1' } })).status).toBe(
      400,
    );
  });

  it('a done 授精 step records the INSEMINATION once, with the breeding state of the same event entered by hand', async () => {
    const byTask = cows[1];
    const byHand = await createCow(owner, 'てでにゅうりょく');
    const task = await taskOf(owner, byTask, '授精');
    const date = today;
    const details = { sireName: '安福久', technician: '山田' };
    const headers = { 'Idempotency-Key': `task-${task.id}` };
    const first = await api(`/tasks/${task.id}/done`, {
      method: 'POST',
      token: owner.token,
      headers,
      body: { date, details },
    });
    expect(first.status).toBe(200);
    expect(first.json.data.eventId).toEqual(expect.any(Number));
    const replay = await api(`/tasks/${task.id}/done`, {
      method: 'POST',
      token: owner.token,
      headers,
      body: { date, details },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const hand = await call(owner, '/events', {
      method: 'POST',
      body: { cattleId: byHand, eventType: 'INSEMINATION', eventDatetime: date, details },
    });
    expect(hand.status).toBe(201);
    const events = await everyShard
      .prepare("SELECT event_id, details FROM events WHERE cattle_id = ? AND event_type = 'INSEMINATION'")
      .bind(byTask)
      .all<{ event_id: number; details: string }>();
    expect(events.results).toHaveLength(1);
    expect(events.results[0].event_id).toBe(first.json.data.eventId);
    const [a, b] = await Promise.all([call(owner, `/cattle/${byTask}`), call(owner, `/cattle/${byHand}`)]);
    const state = (animal: { breedingStatus: Record<string, unknown> }) => {
      const { breedingStatusId: _i, cattleId: _c, updatedAt: _u, createdAt: _cr, ...rest } = animal.breedingStatus;
      return rest;
    };
    expect(state(a.json.data)).toEqual(state(b.json.data));
    expect(a.json.data.breedingStatus.lastInseminationDate).toBe(date);
  });

  it('skip needs a reason; patch assigns to a member and moves the date', async () => {
    const task = await taskOf(owner, cows[2], 'GnRH');
    const noReason = await call(owner, `/tasks/${task.id}/skip`, { method: 'POST', body: { reason: '' } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.message).toBe('理由は1〜200文字で入力してください');
    expect((await call(other, `/tasks/${task.id}/patch`, { method: 'POST', body: { reason: 'x' } })).status).toBe(404);
    const assigned = await call(owner, `/tasks/${task.id}`, {
      method: 'PATCH',
      body: { assigneeUserId: staff.userId, dueDate: addDays(today, 1) },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json.data).toMatchObject({ assigneeUserId: staff.userId, dueDate: addDays(today, 1) });
    const stranger = await call(owner, `/tasks/${task.id}`, {
      method: 'PATCH',
      body: { assigneeUserId: other.userId },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json.error.message).toBe('担当者はこの牧場のメンバーから選んでください');
    expect((await call(other, `/tasks/${task.id}`, { method: 'PATCH', body: { dueDate: today } })).status).toBe(404);
    expect(
      (await call(viewer, `/tasks/${task.id}`, { method: 'PATCH', body: { dueDate: today }, farm: owner.farmId }))
        .status,
    ).toBe(403);
    expect((await call(other, `/tasks/${task.id}/skip`, { method: 'POST', body: { reason: 'x' } })).status).toBe(404);
    const skipped = await call(staff, `/tasks/${task.id}/skip`, {
      method: 'POST',
      body: { reason: '獣医の指示' },
      farm: owner.farmId,
    });
    expect(skipped.status).toBe(200);
    expect(skipped.json.data).toMatchObject({ status: 'skipped', skipReason: '獣医の指示' });
    const mine = await call(staff, '/tasks?assignee=me', { farm: owner.farmId });
    expect(mine.json.data.map((t: { id: number }) => t.id)).toEqual([task.id]);
  });
});

describe('triggers and cancellation (§22)', () => {
  it('a CALVING enrols the cow in 分娩後検診 from its date, in the event’s batch', async () => {
    const cow = await createCow(owner, 'ぶんべん');
    const calved = addDays(today, -3);
    const res = await call(owner, '/events', {
      method: 'POST',
      body: { cattleId: cow, eventType: 'CALVING', eventDatetime: calved },
    });
    expect(res.status, res.text).toBe(201);
    const tasks = await call(owner, `/tasks?cattleId=${cow}`);
    expect(tasks.json.data.map((t: { title: string; dueDate: string }) => [t.title, t.dueDate])).toEqual([
      ['分娩後検診', addDays(calved, 30)],
    ]);
  });

  it('a DEATH cancels the animal’s open tasks and leaves done ones', async () => {
    const task = await taskOf(owner, cows[0], 'GnRH');
    const res = await call(owner, '/events', {
      method: 'POST',
      body: { cattleId: cows[0], eventType: 'DEATH', eventDatetime: today },
    });
    expect(res.status).toBe(201);
    const statuses = (await call(owner, `/tasks?cattleId=${cows[0]}`)).json.data.map(
      (t: { title: string; status: string }) => [t.title, t.status],
    );
    expect(statuses).toEqual([
      ['GnRH', 'cancelled'],
      ['PGF2α', 'done'],
      ['GnRH', 'cancelled'],
      ['授精', 'cancelled'],
    ]);
    expect(task.status).toBe('open');
  });

  it('a status set by hand to 死亡 cancels that animal’s open tasks only, and leaves done ones', async () => {
    const statusesOf = async (cow: number) =>
      (await call(owner, `/tasks?cattleId=${cow}`)).json.data.map((t: { status: string }) => t.status);
    const [before, neighbour] = [await statusesOf(cows[1]), await statusesOf(cows[2])];
    expect(before).toContain('open');
    const res = await call(owner, `/cattle/${cows[1]}/status`, {
      method: 'PATCH',
      body: { status: 'DEAD', reason: '事故' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await statusesOf(cows[1])).toEqual(before.map((s: string) => (s === 'open' ? 'cancelled' : s)));
    expect(await statusesOf(cows[2])).toEqual(neighbour);
  });
});

describe('the age trigger (dawn run)', () => {
  it('enrols each living animal on the day it is the programme’s days old, once, caught up for 7 days', async () => {
    const farmer = await signUp();
    const res = await call(farmer, '/programmes', {
      method: 'POST',
      body: {
        name: '子牛ワクチン',
        trigger: { kind: 'age', days: 60 },
        steps: [
          { day: 0, title: '5種混合' },
          { day: 30, title: '追加接種' },
        ],
      },
    });
    expect(res.status).toBe(201);
    const calf = (birthday: string) => createCow(farmer, `子牛${birthday}`, { growthStage: 'CALF', birthday });
    const dueToday = await calf(addDays(today, -60));
    const missed = await calf(addDays(today, -65));
    await calf(addDays(today, -70));
    await calf(addDays(today, -59));
    const db = clientOf(await shardOf(farmer.farmId));
    expect(await enrolByAge(db, farmer.farmId, today)).toEqual({ enrolments: 2, tasks: 4 });
    expect(await enrolByAge(db, farmer.farmId, today)).toEqual({ enrolments: 0, tasks: 0 });
    const tasks = (await call(farmer, '/tasks')).json.data.filter(
      (t: { programmeName: string }) => t.programmeName === '子牛ワクチン',
    );
    expect(
      tasks.map((t: { cattleId: number; title: string; dueDate: string }) => [t.cattleId, t.title, t.dueDate]),
    ).toEqual([
      [missed, '5種混合', addDays(today, -5)],
      [dueToday, '5種混合', today],
      [missed, '追加接種', addDays(today, 25)],
      [dueToday, '追加接種', addDays(today, 30)],
    ]);
  });
});

describe('today’s work', () => {
  it('GET /home carries the open tasks due today and overdue, mine first', async () => {
    const res = await call(staff, '/home', { farm: owner.farmId });
    expect(res.status).toBe(200);
    const tasks = res.json.data.tasks as { dueDate: string; assigneeUserId: number | null; status: string }[];
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.dueDate <= today && t.status === 'open')).toBe(true);
  });

  it('GET /me/today answers every farm of a member of two, one entry each', async () => {
    const vet = await signUp();
    await join(vet, owner.farmId, 'staff');
    const res = await call(vet, '/me/today');
    expect(res.status).toBe(200);
    expect(res.json.data.map((f: { farmId: number; role: string }) => [f.farmId, f.role])).toEqual([
      [vet.farmId, 'owner'],
      [owner.farmId, 'staff'],
    ]);
    const farm = res.json.data[1];
    expect(farm.tasksDue).toBeGreaterThan(0);
    expect(farm.items.filter((i: { kind: string }) => i.kind === 'task')).toHaveLength(farm.tasksDue);
    expect(
      farm.items.every(
        (i: { dueDate: string | null; kind: string }) => i.kind !== 'task' || (i.dueDate ?? '') <= today,
      ),
    ).toBe(true);
    expect((await call(null, '/me/today')).status).toBe(401);
  });
});

describe('the morning digest (§22)', () => {
  it('lists today’s tasks after the alerts, in the mail’s text and HTML', () => {
    const lines = digestTaskLines(
      [{ cattleId: 1, cattleName: 'はな', cattleEarTagNumber: '0010', title: 'PGF2α', dueDate: '2026-11-26' }],
      '2026-11-26',
    );
    const mail = digestMail(
      { APP_URL: 'https://ushicho.example' },
      { email: 'a@example.jp', userName: '北 太郎', id: 1, farmId: 1 },
      [],
      '2026-11-26',
      lines,
    );
    expect(mail.text).toContain(
      '今日の作業が1件あります。\n・はな・耳標 0010：PGF2α（今日）\n作業一覧：https://ushicho.example/tasks',
    );
    expect(mail.html).toContain('<li>はな・耳標 0010：PGF2α（今日）</li>');
  });
});
