import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewAlert } from '../alerts/regenerate';
import { runDailyAlerts, sendAlertDigests } from '../dawn/daily';
import { addDays, todayJst } from '../domain/calendar';
import type { Env } from '../env';
import { api, signUp, testEnv } from '../test/api';
import { shardOf } from '../test/shards';
import { LINE_PUSH_ENDPOINT, linePushRetry, pushLine } from './send/push';

/** The morning digest by each member's choice, with the Messaging API mocked at the HTTP boundary. */
const today = todayJst();
const quiet = () => {};
const WITH_TOKEN = { ...testEnv, LINE_MESSAGING_ACCESS_TOKEN: 'messaging-token' } as Env;
let counter = 0;
const newLineId = () => `Udigest${Date.now().toString(16)}${++counter}`;

type Member = Awaited<ReturnType<typeof signUp>> & { lineId: string | null };
let owner: Member;
const members: Record<'mail' | 'line' | 'both' | 'none' | 'blocked', Member> = {} as never;

async function addMember(farmId: number, choice: string, line: 'following' | 'blocked' | null) {
  const user = await signUp({ name: `${choice} さん` });
  const lineId = line ? newLineId() : null;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff')").bind(
      farmId,
      user.userId,
    ),
    env.DB.prepare('UPDATE users SET digest_channel = ?, line_id = ? WHERE id = ?').bind(choice, lineId, user.userId),
    ...(lineId
      ? [
          env.DB.prepare('INSERT INTO line_friends (line_user_id, following, event_at) VALUES (?, ?, 1)').bind(
            lineId,
            line === 'following' ? 1 : 0,
          ),
        ]
      : []),
  ]);
  return { ...user, lineId };
}

const mailsTo = (email: string) =>
  env.DB.prepare('SELECT text FROM dev_outbox WHERE "to" = ? AND subject LIKE \'【牛帳】対応が必要なアラート%\'')
    .bind(email)
    .all<{ text: string }>()
    .then((r) => r.results);
const pushLogs = (lineId: string) =>
  env.DB.prepare('SELECT attempt, http_status, retry_key, error FROM line_push_logs WHERE line_user_id = ? ORDER BY id')
    .bind(lineId)
    .all<any>()
    .then((r) => r.results);

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  owner = { ...(await signUp({ name: '北の牧場主' })), lineId: null };
  await env.DB.prepare("UPDATE farms SET name = '北牧場' WHERE id = ?").bind(owner.farmId).run();
  members.mail = await addMember(owner.farmId, 'mail', 'following');
  members.line = await addMember(owner.farmId, 'line', 'following');
  members.both = await addMember(owner.farmId, 'both', 'following');
  members.none = await addMember(owner.farmId, 'none', 'following');
  members.blocked = await addMember(owner.farmId, 'line', 'blocked');
  const { meta } = await (await shardOf(owner.farmId))
    .prepare(
      "INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, status) VALUES (?, ?, '1712345678', '5678', 'はなこ', '雌', 'HEALTHY')",
    )
    .bind(owner.farmId, owner.userId)
    .run();
  await (await shardOf(owner.farmId))
    .prepare('INSERT INTO breeding_status (cattle_id, last_calving_date) VALUES (?, ?)')
    .bind(meta.last_row_id, addDays(today, -72))
    .run();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  linePushRetry.baseDelayMs = 1000;
});

describe('the morning run, without a Messaging API token (development)', () => {
  it('puts the day’s high alerts in the LINE outbox of members who chose LINE, and mails the others', async () => {
    const result = await runDailyAlerts(testEnv, { log: quiet });
    expect(result.created).toBeGreaterThan(0);

    const outbox = await api(`/dev/line-outbox?to=${members.line.lineId}`);
    expect(outbox.status).toBe(200);
    expect(outbox.json.data).toHaveLength(1);
    const text: string = outbox.json.data[0].text;
    expect(text).toContain(`【牛帳】${today.replaceAll('-', '/')} 北牧場`);
    expect(text).toContain('はなこ・耳標 5678：分娩後72日経過・未授精');
    expect(text).toContain('アラート一覧：http://127.0.0.1:8787/alerts');

    expect((await api(`/dev/line-outbox?to=${members.both.lineId}`)).json.data).toHaveLength(1);
    for (const who of ['mail', 'none', 'blocked'] as const) {
      expect((await api(`/dev/line-outbox?to=${members[who].lineId}`)).json.data, who).toEqual([]);
    }
    // Mail: the default, 'both', and a LINE choice that can no longer reach its user (blocked) fall back to mail.
    for (const who of ['mail', 'both', 'blocked'] as const)
      expect(await mailsTo(members[who].email), who).toHaveLength(1);
    for (const who of ['line', 'none'] as const) expect(await mailsTo(members[who].email), who).toEqual([]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    // Owner, mail, blocked: mail; line: push; both: one of each.
    expect(result.digests).toBe(6);
    expect(await pushLogs(members.line.lineId!)).toMatchObject([{ attempt: 1, http_status: null, error: null }]);
  });

  it('is not there outside development', async () => {
    const res = await api('/dev/line-outbox', { env: { ENVIRONMENT: 'production' } });
    expect(res.status).toBe(404);
  });
});

const alert: NewAlert = {
  id: 'a'.repeat(64),
  farmId: 0,
  cattleId: 1,
  cattleName: 'もも',
  cattleEarTagNumber: '0042',
  type: 'CALVING_OVERDUE',
  severity: 'high',
  dueAt: addDays(today, -8),
  message: '分娩予定日を8日超過',
};

type Call = { url: string; headers: Headers; body: any };
function mockMessagingApi(replies: (call: Call, n: number) => Response) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== LINE_PUSH_ENDPOINT) throw new Error(`unexpected outbound request to ${url}`);
    const call = { url, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) };
    calls.push(call);
    return replies(call, calls.length);
  });
  return calls;
}

describe('the digest through the Messaging API (fetch mocked)', () => {
  it('pushes one message to each member who chose line or both, and nothing to mail, none or blocked', async () => {
    const calls = mockMessagingApi(() => Response.json({ sentMessages: [{ id: '1' }] }));
    const sent = await sendAlertDigests(WITH_TOKEN, [{ ...alert, farmId: owner.farmId }], today, quiet);
    expect(calls.map((c) => c.body.to).sort()).toEqual([members.line.lineId, members.both.lineId].sort());
    for (const call of calls) {
      expect(call.headers.get('Authorization')).toBe('Bearer messaging-token');
      expect(call.headers.get('Content-Type')).toBe('application/json');
      expect(call.headers.get('X-Line-Retry-Key')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(call.body.messages).toHaveLength(1);
      expect(call.body.messages[0]).toMatchObject({ type: 'text' });
      expect(call.body.messages[0].text).toContain('もも・耳標 0042：分娩予定日を8日超過（分娩予定日超過');
    }
    // Each member has their own retry key.
    expect(new Set(calls.map((c) => c.headers.get('X-Line-Retry-Key'))).size).toBe(2);
    expect(sent).toBe(6);
  });

  it('keeps going when LINE refuses: the mails still go, and the refused pushes are not counted', async () => {
    const calls = mockMessagingApi(() => Response.json({ message: 'Invalid reply token' }, { status: 400 }));
    const sent = await sendAlertDigests(
      WITH_TOKEN,
      [{ ...alert, farmId: owner.farmId, id: 'b'.repeat(64) }],
      today,
      quiet,
    );
    expect(calls).toHaveLength(2);
    expect(sent).toBe(4);
  });

  it('retries a 429 with the same retry key, then succeeds; every attempt is logged', async () => {
    linePushRetry.baseDelayMs = 1;
    const to = newLineId();
    const calls = mockMessagingApi((_call, n) =>
      n === 1 ? Response.json({ message: 'Too many requests' }, { status: 429 }) : Response.json({ sentMessages: [] }),
    );
    const outcome = await pushLine(
      WITH_TOKEN,
      { to, userId: null, text: 'テスト', type: 'alert_digest', idempotencyKey: `retry-${to}` },
      quiet,
    );
    expect(outcome).toBe('sent');
    expect(calls).toHaveLength(2);
    expect(calls[0].headers.get('X-Line-Retry-Key')).toBe(calls[1].headers.get('X-Line-Retry-Key'));
    const logs = await pushLogs(to);
    expect(logs.map((l) => [l.attempt, l.http_status])).toEqual([
      [1, 429],
      [2, 200],
    ]);
    expect(logs[0].error).toContain('Too many requests');
    expect(logs[1].error).toBeNull();
  });

  it(`gives up after ${linePushRetry.attempts} attempts of 5xx or network failure, and does not retry a 400`, async () => {
    linePushRetry.baseDelayMs = 1;
    const failing = newLineId();
    let n = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      n += 1;
      if (n === 2) throw new TypeError('network down');
      return new Response('busy', { status: 503 });
    });
    const push = (to: string) =>
      pushLine(WITH_TOKEN, { to, userId: null, text: 'x', type: 'alert_digest', idempotencyKey: to }, quiet);
    expect(await push(failing)).toBe('failed');
    expect(n).toBe(4);
    expect((await pushLogs(failing)).map((l) => [l.attempt, l.http_status, l.error])).toEqual([
      [1, 503, 'busy'],
      [2, null, 'network down'],
      [3, 503, 'busy'],
      [4, 503, 'busy'],
    ]);

    vi.restoreAllMocks();
    const refused = newLineId();
    const calls = mockMessagingApi(() => Response.json({ message: 'The property, to, is invalid' }, { status: 400 }));
    expect(await push(refused)).toBe('failed');
    expect(calls).toHaveLength(1);
    expect(await pushLogs(refused)).toHaveLength(1);
  });

  it('counts a 409 (retry key already accepted) as delivered', async () => {
    const to = newLineId();
    mockMessagingApi(() => Response.json({ message: 'The retry key is already accepted' }, { status: 409 }));
    const outcome = await pushLine(
      WITH_TOKEN,
      { to, userId: null, text: 'x', type: 'alert_digest', idempotencyKey: to },
      quiet,
    );
    expect(outcome).toBe('sent');
  });

  it('in production without a token, sends nothing and logs the failed attempt', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const to = newLineId();
    const production = { ...testEnv, ENVIRONMENT: 'production', LINE_MESSAGING_ACCESS_TOKEN: '' } as Env;
    const outcome = await pushLine(
      production,
      { to, userId: null, text: 'x', type: 'alert_digest', idempotencyKey: to },
      quiet,
    );
    expect(outcome).toBe('failed');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await pushLogs(to)).toMatchObject([{ attempt: 1, error: 'LINE_MESSAGING_ACCESS_TOKEN is not set' }]);
    expect((await api(`/dev/line-outbox?to=${to}`)).json.data).toEqual([]);
  });
});
