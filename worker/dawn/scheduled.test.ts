import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import type { Env } from '../env';
import worker from '../index';
import { api, signUp, testEnv } from '../test/api';
import { everyShard, shardOf } from '../test/shards';
import type { DawnMessage } from './dawn-enqueue';

/**
 * The dawn cron (06:00 JST) on a seeded database of several farms, through Miniflare's own queue: the cron puts one
 * message per farm on the dawn queue, and the Worker's queue handler consumes them (wrangler.toml).
 */
const dawn = new Date();
const today = todayJst(dawn);
let identification = 1_700_000_000;

async function scheduled(at: Date, on: Env = testEnv) {
  const controller = createScheduledController({ scheduledTime: at, cron: '0 21 * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, on, ctx);
  await waitOnExecutionContext(ctx);
}

const farmCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM farms').first<number>('n')) ?? 0;

/** Runs the cron at `at` and waits until the queue's consumer has finished every farm of that JST day. */
async function runCron(at: Date = dawn) {
  await scheduled(at);
  const day = todayJst(at);
  const farms = await farmCount();
  await vi.waitUntil(
    async () =>
      (await everyShard
        .prepare("SELECT count(*) AS n FROM dawn_farm_runs WHERE run_date = ? AND status = 'done'")
        .bind(day)
        .first<number>('n')) === farms,
    { timeout: 20_000, interval: 100 },
  );
}

/** The messages the cron sends, kept by a stand-in queue instead of delivered. */
async function enqueuedBy(at: Date) {
  const sent: MessageSendRequest<DawnMessage>[][] = [];
  const queue = {
    sendBatch: async (messages: Iterable<MessageSendRequest<DawnMessage>>) => {
      sent.push([...messages]);
    },
    send: async () => {
      throw new Error('one page holds every farm here');
    },
  };
  await scheduled(at, { ...testEnv, DAWN_QUEUE: queue });
  return sent;
}

interface CowState {
  lastCalvingDate?: string;
  expectedCalvingDate?: string;
  lastInseminationDate?: string;
  scheduledPregnancyCheckDate?: string;
}

type Member = { farmId: number; userId: number };

async function seedCow(member: Member, name: string, state: CowState) {
  const id = ++identification;
  // Farm rows go to the farm's shard (decision 034).
  const db = await shardOf(member.farmId);
  const { meta } = await db
    .prepare(
      "INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, status) VALUES (?, ?, ?, ?, ?, '雌', 'HEALTHY')",
    )
    .bind(member.farmId, member.userId, String(id), String(id % 10000), name)
    .run();
  await db
    .prepare(
      'INSERT INTO breeding_status (cattle_id, last_calving_date, expected_calving_date, last_insemination_date, scheduled_pregnancy_check_date) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(
      meta.last_row_id,
      state.lastCalvingDate ?? null,
      state.expectedCalvingDate ?? null,
      state.lastInseminationDate ?? null,
      state.scheduledPregnancyCheckDate ?? null,
    )
    .run();
  return meta.last_row_id as number;
}

const digestsTo = (email: string) =>
  env.DB.prepare(
    'SELECT subject, text FROM dev_outbox WHERE "to" = ? AND subject LIKE \'【牛帳】対応が必要なアラート%\' ORDER BY id',
  )
    .bind(email)
    .all<any>()
    .then((r) => r.results);
const snapshot = async () => ({
  alerts: (await everyShard.prepare('SELECT * FROM alerts ORDER BY id').all()).results,
  history: (await everyShard.prepare('SELECT * FROM alert_history ORDER BY id').all()).results,
  mails: (await env.DB.prepare("SELECT * FROM email_logs WHERE type = 'alert_digest' ORDER BY id").all()).results,
});

let north: Member & { email: string };
let south: Member & { email: string };
let east: Member & { email: string };
const lineEmail = `U${Date.now()}@line.invalid`;
let line: Member;
let northOpenCow: number;
let northLateCow: number;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  // A farm nobody is a member of, so that no farm id below equals its owner's user id.
  await env.DB.prepare("INSERT INTO farms (name) VALUES ('空き牧場')").run();
  north = await signUp({ name: '北牧場' });
  south = await signUp({ name: '南牧場' });
  east = await signUp({ name: '東牧場' });
  const { meta } = await env.DB.prepare(
    "INSERT INTO users (email, user_name, is_verified, oauth_provider, line_id) VALUES (?, 'LINE牧場', 1, 'line', ?)",
  )
    .bind(lineEmail, `line-${Date.now()}`)
    .run();
  const lineUserId = meta.last_row_id;
  // A LINE account gets its own farm like any other (it owns it); here by SQL, as the user was.
  const farm = await env.DB.prepare("INSERT INTO farms (name) VALUES ('LINE牧場の牧場') RETURNING id").first<{
    id: number;
  }>();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'owner')").bind(
      farm!.id,
      lineUserId,
    ),
    env.DB.prepare('UPDATE users SET default_farm_id = ? WHERE id = ?').bind(farm!.id, lineUserId),
  ]);
  line = { farmId: farm!.id, userId: lineUserId };
  for (const member of [north, south, east, line]) expect(member.farmId).not.toBe(member.userId);

  northOpenCow = await seedCow(north, 'はなこ', { lastCalvingDate: addDays(today, -72) });
  northLateCow = await seedCow(north, 'もも', { expectedCalvingDate: addDays(today, -2) });
  await seedCow(north, 'さくら', { expectedCalvingDate: addDays(today, 12) });
  await seedCow(south, 'うめ', {
    lastInseminationDate: addDays(today, -28),
    scheduledPregnancyCheckDate: addDays(today, 2),
  });
  await seedCow(east, 'きく', { lastCalvingDate: addDays(today, -100) });
  await seedCow(east, 'ゆり', { lastCalvingDate: addDays(today, -59) });
  await seedCow(line, 'らいん', { lastCalvingDate: addDays(today, -90) });
});

describe('scheduled (cron 0 21 * * *)', () => {
  it('puts one message per farm of the directory on the queue, at most 100 a sendBatch', async () => {
    const farms = (await env.DB.prepare('SELECT id FROM farms ORDER BY id').all<{ id: number }>()).results;
    const sent = await enqueuedBy(dawn);
    expect(sent.every((batch) => batch.length <= 100)).toBe(true);
    const bodies = sent.flat().map((m) => m.body);
    expect(bodies).toHaveLength(farms.length);
    expect(bodies).toEqual(farms.map((f) => ({ kind: 'farm', farmId: f.id, day: today })));
    // The empty farm too: the list is the directory's, not the farms with animals.
    expect(farms.length).toBe(5);
  });

  it('dates the run by the JST day: the cron at 21:00 UTC is 06:00 JST of the next date; the date turns at 15:00 UTC', async () => {
    const dayOf = async (at: string) => [...new Set((await enqueuedBy(new Date(at))).flat().map((m) => m.body.day))];
    expect(await dayOf('2026-11-26T21:00:00.000Z')).toEqual(['2026-11-27']);
    expect(await dayOf('2026-12-31T21:00:00.000Z')).toEqual(['2027-01-01']);
    // A run started by hand: 23:59:59 JST is still the 26th, midnight JST (15:00 UTC) the 27th.
    expect(await dayOf('2026-11-26T14:59:59.999Z')).toEqual(['2026-11-26']);
    expect(await dayOf('2026-11-26T15:00:00.000Z')).toEqual(['2026-11-27']);
  });

  it('the development route runs a named day: its farms go on the queue as the cron puts them; 400 on a non-date; 404 outside development', async () => {
    const sent: unknown[] = [];
    const queue = {
      sendBatch: async (messages: Iterable<MessageSendRequest<DawnMessage>>) => {
        for (const m of messages) sent.push(m.body);
      },
      send: async () => {
        throw new Error('one page holds every farm here');
      },
    };
    const res = await api('/dev/dawn?day=2026-12-01', { method: 'POST', env: { DAWN_QUEUE: queue } });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ day: '2026-12-01', farms: 5 });
    expect(sent).toEqual((await enqueuedBy(new Date('2026-11-30T21:00:00.000Z'))).flat().map((m) => m.body));
    expect(new Set(sent.map((m) => (m as DawnMessage).day))).toEqual(new Set(['2026-12-01']));

    const bad = await api('/dev/dawn?day=2026-02-30', { method: 'POST', env: { DAWN_QUEUE: queue } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ field: 'day', message: '日付はYYYY-MM-DD形式で入力してください' });
    const production = await api('/dev/dawn?day=2026-12-01', {
      method: 'POST',
      env: { DAWN_QUEUE: queue, ENVIRONMENT: 'production' },
    });
    expect(production.status).toBe(404);
    expect(sent).toHaveLength(5);
  });

  it('raises the alerts of every farm and mails one digest to each farmer with new high alerts', async () => {
    await runCron();
    const { results } = await everyShard
      .prepare('SELECT farm_id, created_by, type, severity, message FROM alerts')
      .all<any>();
    results.sort((a, b) => a.farm_id - b.farm_id || a.type.localeCompare(b.type));
    expect(results).toEqual([
      {
        farm_id: north.farmId,
        created_by: north.userId,
        type: 'CALVING_OVERDUE',
        severity: 'medium',
        message: '分娩予定日を2日超過',
      },
      {
        farm_id: north.farmId,
        created_by: north.userId,
        type: 'CALVING_WITHIN_60',
        severity: 'medium',
        message: '分娩予定まで残り12日（エサ強化）',
      },
      {
        farm_id: north.farmId,
        created_by: north.userId,
        type: 'OPEN_DAYS_OVER60_NO_AI',
        severity: 'high',
        message: '分娩後72日経過・未授精',
      },
      {
        farm_id: south.farmId,
        created_by: south.userId,
        type: 'PREGNANCY_CHECK_DUE',
        severity: 'medium',
        message: '妊娠鑑定まで残り2日（授精後28日）',
      },
      {
        farm_id: east.farmId,
        created_by: east.userId,
        type: 'OPEN_DAYS_OVER60_NO_AI',
        severity: 'high',
        message: '分娩後100日経過・未授精',
      },
      {
        farm_id: line.farmId,
        created_by: line.userId,
        type: 'OPEN_DAYS_OVER60_NO_AI',
        severity: 'high',
        message: '分娩後90日経過・未授精',
      },
    ]);

    const northMail = await digestsTo(north.email);
    expect(northMail).toHaveLength(1);
    // The calving 2 days overdue is medium (high only from the 8th day): the digest has the open cow alone.
    expect(northMail[0].subject).toContain('1件');
    expect(northMail[0].text).not.toContain('分娩予定日を2日超過');
    expect(northMail[0].text).toContain('分娩後72日経過・未授精');
    expect(northMail[0].text).not.toContain('エサ強化');
    expect(northMail[0].text).toContain('/alerts');
    expect(await digestsTo(east.email)).toHaveLength(1);
    expect(await digestsTo(south.email)).toEqual([]);
    const lineLogs = await env.DB.prepare('SELECT * FROM email_logs WHERE email = ?').bind(lineEmail).all();
    expect(lineLogs.results).toEqual([]);
  });

  it('changes nothing and mails nobody when run a second time the same morning', async () => {
    const before = await snapshot();
    await runCron();
    expect(await snapshot()).toEqual(before);
    const tries = await everyShard
      .prepare('SELECT DISTINCT tries FROM dawn_farm_runs WHERE run_date = ?')
      .bind(today)
      .all<{ tries: number }>();
    expect([...new Set(tries.results.map((r) => r.tries))]).toEqual([1]);
  });

  it('the next morning: recounts the days, resolves what cleared and mails only farms with newly high alerts', async () => {
    await everyShard
      .prepare('UPDATE breeding_status SET last_insemination_date = ? WHERE cattle_id = ?')
      .bind(today, northOpenCow)
      .run();
    await runCron(new Date(dawn.getTime() + 86_400_000));

    const alert = await everyShard
      .prepare("SELECT * FROM alerts WHERE cattle_id = ? AND type = 'OPEN_DAYS_OVER60_NO_AI'")
      .bind(northOpenCow)
      .first<any>();
    expect(alert.status).toBe('resolved');
    const last = await everyShard
      .prepare('SELECT * FROM alert_history WHERE alert_id = ? ORDER BY id DESC')
      .bind(alert.id)
      .first<any>();
    expect(last).toMatchObject({
      action: 'resolved',
      previous_status: 'active',
      new_status: 'resolved',
      changed_by: 'system',
      reason: '条件が解消されました',
    });

    const late = await everyShard
      .prepare('SELECT message, status FROM alerts WHERE cattle_id = ?')
      .bind(northLateCow)
      .first<any>();
    expect(late).toEqual({ message: '分娩予定日を3日超過', status: 'active' });
    // ゆり reaches 60 days open today: the east farm gets a second digest of its open high alerts, her marked new
    // and first, きく (yesterday's, still open) after her, not new.
    const eastMails = await digestsTo(east.email);
    expect(eastMails).toHaveLength(2);
    expect(eastMails[1].text).toContain('重要度「高」のアラートが2件あります（今朝の新規1件）。');
    const lines = eastMails[1].text.split('\n').filter((l: string) => l.startsWith('・'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^・【新規】ゆり.*分娩後60日経過・未授精/);
    expect(lines[1]).toMatch(/^・きく/);
    expect(await digestsTo(north.email)).toHaveLength(1);
  });
});
