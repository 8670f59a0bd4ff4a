/**
 * Regression tests for the adversarial probe's findings (issue 37, docs/product.md §3): each one failed on the code
 * before its fix.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import type { Env } from '../env';
import worker from '../index';
import { api, capturingQueue, latestVerificationToken, signUp, testEnv, uniqueEmail } from '../test/api';
import { shardName, shardOf } from '../test/shards';
import { ACCOUNT_MAIL_QUEUE } from './account-mail-queue';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

const login = (email: string, password: string) => api('/auth/login', { method: 'POST', body: { email, password } });

async function latestResetToken(email: string): Promise<string> {
  const outbox = await api(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = outbox.json.data.find((m: { subject: string }) => m.subject === '【牛帳】パスワードの再設定');
  const match = /reset-password\?token=([\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no reset mail for ${email}`);
  return decodeURIComponent(match[1]);
}

describe('one-use links are used once', () => {
  it('of 10 concurrent confirms of one reset link, exactly one answers 200 and only its password works', async () => {
    const user = await signUp();
    await api('/auth/password-reset', { method: 'POST', body: { email: user.email } });
    const token = await latestResetToken(user.email);
    const passwords = Array.from({ length: 10 }, (_, i) => `racing-password-${i}-x`);
    const answers = await Promise.all(
      passwords.map((password) => api('/auth/password-reset/confirm', { method: 'POST', body: { token, password } })),
    );
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [passwords[i]] : []));
    expect(winners).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(400);
      expect(a.json.error).toMatchObject({ field: 'token', message: 'パスワード再設定リンクが無効か期限切れです' });
    }
    expect((await login(user.email, winners[0])).status).toBe(200);
    for (const other of passwords.filter((p) => p !== winners[0])) {
      expect((await login(user.email, other)).status).toBe(401);
    }
  });

  it('of 5 concurrent completions of one verification link, exactly one takes effect', async () => {
    const email = uniqueEmail('racer');
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    const passwords = Array.from({ length: 5 }, (_, i) => `complete-password-${i}-y`);
    const answers = await Promise.all(
      passwords.map((password) =>
        api('/auth/complete', { method: 'POST', body: { token, name: '競争 太郎', password } }),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [passwords[i]] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400)).toBe(true);
    expect((await login(email, winners[0])).status).toBe(200);
    const farms = await env.DB.prepare(
      'SELECT count(*) AS n FROM farm_members m JOIN users u ON u.id = m.user_id WHERE u.email = ?',
    )
      .bind(email)
      .first<{ n: number }>();
    expect(farms?.n).toBe(1);
  });
});

describe('invitations are not a mail relay', () => {
  it('sends at most 20 invitation mails per farm per JST day, then 429 with Retry-After', async () => {
    const owner = await signUp();
    const invite = (email: string) =>
      api(`/farms/${owner.farmId}/invitations`, { method: 'POST', token: owner.token, body: { email, role: 'staff' } });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await invite(uniqueEmail(`guest${i}`))).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    const over = await invite(uniqueEmail('one-too-many'));
    expect(over.status).toBe(429);
    expect(over.json.error.message).toBe('招待メールの送信上限に達しました。明日以降に再度お試しください');
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('Retry-After'))).toBeLessThanOrEqual(86_400);
  });

  it('sends at most 3 invitation mails a day to one address across all farms, even when fired at once', async () => {
    const target = uniqueEmail('target');
    const owners = await Promise.all([signUp(), signUp(), signUp()]);
    const answers = await Promise.all(
      [...owners, ...owners].map((o) =>
        api(`/farms/${o.farmId}/invitations`, {
          method: 'POST',
          token: o.token,
          body: { email: target, role: 'viewer' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    const outbox = await api(`/dev/outbox?to=${encodeURIComponent(target)}`);
    expect(outbox.json.data).toHaveLength(3);
  });

  it('refuses a URL in a farm name or a user name, wherever it is typed', async () => {
    const owner = await signUp();
    for (const name of [
      '【重要】アカウント確認 http://evil.example/login',
      'www.evil.example',
      'ｈｔｔｐｓ：／／evil.example',
    ]) {
      const renamed = await api(`/farms/${owner.farmId}`, { method: 'PATCH', token: owner.token, body: { name } });
      expect(renamed.status).toBe(400);
      expect(renamed.json.error.message).toBe('名前にURLは使えません');
    }
    const created = await api('/farms', { method: 'POST', token: owner.token, body: { name: 'http://x.example' } });
    expect(created.status).toBe(400);
    const email = uniqueEmail('urlname');
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    const asUser = await api('/auth/complete', {
      method: 'POST',
      body: { token, name: 'www.evil.example', password: 'barn-password-1' },
    });
    expect(asUser.status).toBe(400);
    expect(asUser.json.error.message).toBe('名前にURLは使えません');
    const asFarm = await api('/auth/complete', {
      method: 'POST',
      body: { token, name: '山田', farmName: 'https://evil.example', password: 'barn-password-1' },
    });
    expect(asFarm.status).toBe(400);
    const plain = await api(`/farms/${owner.farmId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { name: '北牧場' },
    });
    expect(plain.status).toBe(200);
  });
});

/**
 * One POST through the Worker with the D1 round trips counted and the queue kept: the answer, the count, and the
 * messages the request sent (not yet delivered).
 */
async function requestPath(path: string, email: string) {
  const queue = capturingQueue(ACCOUNT_MAIL_QUEUE);
  const on = { ...testEnv, ACCOUNT_MAIL_QUEUE: queue.binding, BENCH_COUNT_D1: '1' } as Env;
  const ctx = createExecutionContext();
  const request = new Request(`http://127.0.0.1:8787/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const response = await worker.fetch(request, on, ctx);
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    body: await response.json(),
    d1: response.headers.get('X-D1-Queries'),
    sent: [...queue.sent],
    deliver: () => queue.deliver(testEnv),
  };
}

const withoutEmail = (sent: unknown[]) => sent.map((m) => ({ ...(m as object), email: '…' }));

describe('the answer does not tell whether an address has an account', () => {
  // §3: the request does the same work for every address — no D1 at all, one message of one shape on the account-mail
  // queue — so its time cannot tell (decision 049). The medians of 30 interleaved tries against a running server are
  // measured by `npm run timing:accounts` (scripts/timing-reset-register.mjs), not here.
  it('POST /auth/password-reset: no D1 and the same message for a known and an unknown address', async () => {
    const known = await signUp();
    const nobody = uniqueEmail('nobody');
    const [a, b] = [
      await requestPath('/auth/password-reset', known.email),
      await requestPath('/auth/password-reset', nobody),
    ];
    expect([a.status, a.d1, a.body]).toEqual([b.status, b.d1, b.body]);
    expect(a.d1).toBe('0');
    expect(a.sent).toEqual([{ kind: 'reset', email: known.email, userName: null, ip: null }]);
    expect(withoutEmail(a.sent)).toEqual(withoutEmail(b.sent));
    // Nothing was written before the consumer ran: no reset row; then the consumer writes it and mails the link.
    const resets = () =>
      env.DB.prepare('SELECT count(*) AS n FROM password_resets WHERE user_id = ?')
        .bind(known.userId)
        .first<{ n: number }>();
    expect((await resets())!.n).toBe(0);
    expect(await a.deliver()).toMatchObject({ retried: [] });
    expect((await resets())!.n).toBe(1);
    expect(await b.deliver()).toMatchObject({ retried: [] });
    const mails = await env.DB.prepare('SELECT count(*) AS n FROM dev_outbox WHERE "to" = ?')
      .bind(nobody)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it('POST /auth/register: no D1 and the same message for a verified, an unfinished and a new address', async () => {
    const known = await signUp();
    const unfinished = uniqueEmail('unfinished');
    await api('/auth/register', { method: 'POST', body: { email: unfinished } });
    const fresh = uniqueEmail('fresh');
    const tries = [
      await requestPath('/auth/register', known.email),
      await requestPath('/auth/register', unfinished),
      await requestPath('/auth/register', fresh),
    ];
    for (const t of tries) {
      expect([t.status, t.d1, t.body]).toEqual([200, '0', tries[0].body]);
      expect(withoutEmail(t.sent)).toEqual([{ kind: 'register', email: '…', userName: null, ip: null }]);
    }
    const user = () => env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(fresh).first();
    expect(await user()).toBeNull();
    for (const t of tries) expect(await t.deliver()).toMatchObject({ retried: [] });
    expect(await user()).not.toBeNull();
    const subjects = async (to: string) =>
      (
        await env.DB.prepare('SELECT subject FROM dev_outbox WHERE "to" = ? ORDER BY id')
          .bind(to)
          .all<{ subject: string }>()
      ).results.map((r) => r.subject);
    expect(await subjects(known.email)).toContain('【牛帳】このメールアドレスは登録済みです');
    expect(await subjects(unfinished)).toEqual(['【牛帳】メールアドレスの確認', '【牛帳】メールアドレスの確認']);
    expect(await subjects(fresh)).toEqual(['【牛帳】メールアドレスの確認']);
  });
});

describe('instants and tokens', () => {
  it('refuses a datetime on a day that does not exist, as it refuses the date', async () => {
    const user = await signUp();
    const cow = await api('/cattle', {
      method: 'POST',
      token: user.token,
      body: {
        identificationNumber: 1357924680,
        name: 'ゆり',
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday: '2020-04-01',
        breed: '黒毛和種',
      },
    });
    expect(cow.status).toBe(201);
    for (const eventDatetime of [
      '2025-02-30T10:00:00Z',
      '2025-02-29T08:00:00+09:00',
      '2025-04-31',
      '2025-01-01T24:00:00Z',
    ]) {
      const res = await api('/events', {
        method: 'POST',
        token: user.token,
        body: { cattleId: cow.json.data.cattleId, eventType: 'ESTRUS', eventDatetime },
      });
      expect(res.status, eventDatetime).toBe(400);
      expect(res.json.error.issues?.[0]?.field ?? res.json.error.field).toBe('eventDatetime');
    }
    const leap = await api('/events', {
      method: 'POST',
      token: user.token,
      body: {
        cattleId: cow.json.data.cattleId,
        eventType: 'ESTRUS',
        eventDatetime: `${addDays(todayJst(), -1)}T23:30:00Z`,
      },
    });
    expect(leap.status).toBe(201);
  });

  it('refuses a correctly signed token without exp, iat, iss, aud or sid', async () => {
    const user = await signUp();
    const sid = JSON.parse(atob(user.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sid as string;
    const key = new TextEncoder().encode(testEnv.JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const full = { userId: user.userId, sid, iat: now, exp: now + 3600, iss: 'ushicho', aud: 'ushicho-app' };
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await api('/users/me', { token: await sign(full) })).status).toBe(200);
    for (const missing of ['exp', 'iat', 'iss', 'aud', 'sid']) {
      const { [missing]: _, ...claims } = full as Record<string, unknown>;
      const res = await api('/users/me', { token: await sign(claims) });
      expect(res.status, missing).toBe(401);
    }
  });
});

describe('the common-password check', () => {
  it('compares after NFKC, trimming, zero-width removal and lower-casing, and refuses < 5 distinct characters', () => {
    for (const weak of [
      'password',
      'ｐａｓｓｗｏｒｄ',
      ' password ',
      'PASSWORD',
      'pass\u200Bword',
      'aaaaaaaa',
      'abababab',
      'abcdabcd',
    ])
      expect(isCommonPassword(weak), weak).toBe(true);
    // 'abcde' has 5 distinct characters: the rule is about the set, not the length.
    for (const fine of ['barn-password-1', 'abcdeabcde', '牛舎のパスワード'])
      expect(isCommonPassword(fine), fine).toBe(false);
  });

  it('answers 400 with the list message on registration', async () => {
    const email = uniqueEmail('weak');
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    for (const password of ['aaaaaaaa', 'ｐａｓｓｗｏｒｄ', ' password ']) {
      const res = await api('/auth/complete', { method: 'POST', body: { token, name: '山田', password } });
      expect(res.status, password).toBe(400);
      expect(res.json.error.issues?.[0]?.message ?? res.json.error.message).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });
});

/**
 * A D1 whose first batch that writes `table` runs only after the animal has been deleted: the request read the
 * animal, then a racing DELETE /cattle/{id} won, then the request's write went to D1.
 */
function deleteBeforeWrite(db: D1Database, table: string, cattleId: number): D1Database {
  const marked = new WeakSet<object>();
  let deleted = false;
  const pattern = new RegExp(`insert into "?${table}"?`, 'i');
  // The binding, and the D1 Sessions API session a request opens on it (decision 034), behave alike.
  const wrap = <T extends D1Database | D1DatabaseSession>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'withSession')
          return (...args: unknown[]) => wrap((t as D1Database).withSession(...(args as [string])));
        if (prop === 'prepare')
          return (query: string) => {
            const statement = t.prepare(query);
            if (!pattern.test(query)) return statement;
            return new Proxy(statement, {
              get(s, p) {
                if (p === 'bind')
                  return (...params: unknown[]) => {
                    const bound = s.bind(...params);
                    marked.add(bound);
                    return bound;
                  };
                const value = Reflect.get(s, p, s);
                return typeof value === 'function' ? value.bind(s) : value;
              },
            });
          };
        if (prop === 'batch')
          return async (statements: D1PreparedStatement[]) => {
            if (!deleted && statements.some((s) => marked.has(s))) {
              deleted = true;
              await db.prepare('DELETE FROM cattle WHERE cattle_id = ?').bind(cattleId).run();
            }
            return t.batch(statements);
          };
        const value = Reflect.get(t, prop, t);
        return typeof value === 'function' ? value.bind(t) : value;
      },
    });
  return wrap(db);
}

describe('a write that races a delete', () => {
  it('answers 404, not 500, for a status change and a shipment plan', async () => {
    const user = await signUp();
    const create = async (identificationNumber: number) => {
      const res = await api('/cattle', {
        method: 'POST',
        token: user.token,
        body: {
          identificationNumber,
          name: '肥育',
          gender: '去勢',
          growthStage: 'FATTENING',
          birthday: '2024-04-01',
          breed: '黒毛和種',
        },
      });
      return res.json.data.cattleId as number;
    };
    // The farm's rows are on its shard (decision 034): the racing delete is played there.
    const shard = await shardName(user.farmId);
    const farmData = await shardOf(user.farmId);
    const first = await create(1357924681);
    const status = await api(`/cattle/${first}/status`, {
      method: 'PATCH',
      token: user.token,
      body: { status: 'TREATING', reason: '治療' },
      env: { [shard]: deleteBeforeWrite(farmData, 'cattle_status_history', first) },
    });
    expect(status.status).toBe(404);
    const second = await create(1357924682);
    const plan = await api('/shipments/plans', {
      method: 'POST',
      token: user.token,
      body: { cattleId: second, plannedShipmentMonth: todayJst().slice(0, 7) },
      env: { [shard]: deleteBeforeWrite(farmData, 'shipment_plans', second) },
    });
    expect(plan.status).toBe(404);
    // Both animals are really gone: the write did not bring anything back.
    const left = await farmData
      .prepare('SELECT count(*) AS n FROM cattle WHERE cattle_id IN (?, ?)')
      .bind(first, second)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
