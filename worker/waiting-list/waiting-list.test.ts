import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../env';
import { SITEVERIFY_ENDPOINT } from '../lib/turnstile';
import { RESEND_ENDPOINT } from '../mail/send-mail';
import { api, uniqueEmail } from '../test/api';

afterEach(() => vi.restoreAllMocks());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const TOKEN = 'turnstile-token-from-widget';

function preRegister(body: unknown, options: { ip?: string; env?: Partial<Env> } = {}) {
  return api('/pre-register', {
    method: 'POST',
    body,
    headers: { 'CF-Connecting-IP': options.ip ?? freshIp() },
    env: { TURNSTILE_SECRET_KEY: '', RESEND_API_KEY: '', ...options.env },
  });
}

const registrationsOf = (email: string) =>
  env.DB.prepare('SELECT * FROM registrations WHERE email = ?')
    .bind(email)
    .all<any>()
    .then((r) => r.results);
const mailLogsOf = (email: string) =>
  env.DB.prepare('SELECT * FROM email_logs WHERE email = ? ORDER BY id')
    .bind(email)
    .all<any>()
    .then((r) => r.results);

/** A fetch stub answering siteverify and Resend separately, recording what was sent. */
function stubOutbound(answers: {
  siteverify?: () => Response | Promise<Response>;
  resend?: () => Response | Promise<Response>;
}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === SITEVERIFY_ENDPOINT && answers.siteverify) return answers.siteverify();
    if (url === RESEND_ENDPOINT && answers.resend) return answers.resend();
    throw new Error(`unexpected fetch to ${url}`);
  });
}

describe('GET /pre-register/config', () => {
  it('gives the site key and says verification is skipped in development without a secret', async () => {
    const res = await api('/pre-register/config', {
      env: { TURNSTILE_SECRET_KEY: '', TURNSTILE_SITE_KEY: '1x00000000000000000000AA' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { turnstileSiteKey: '1x00000000000000000000AA', turnstileRequired: false } });
  });

  it('requires verification when a secret is set, and always in production', async () => {
    const withSecret = await api('/pre-register/config', { env: { TURNSTILE_SECRET_KEY: 'secret' } });
    expect(withSecret.json.data.turnstileRequired).toBe(true);
    const production = await api('/pre-register/config', {
      env: { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: '', TURNSTILE_SITE_KEY: '' },
    });
    expect(production.json.data).toEqual({ turnstileSiteKey: null, turnstileRequired: true });
  });
});

describe('POST /pre-register', () => {
  it('stores a pending registration and keeps the Japanese confirmation mail in the development outbox', async () => {
    const email = uniqueEmail('wait');
    const res = await preRegister({ email: email.toUpperCase(), referralSource: 'ja', turnstileToken: TOKEN });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      data: { email, alreadyRegistered: false, message: '事前登録を受け付けました。確認メールをお送りしました。' },
    });
    const [row] = await registrationsOf(email);
    expect(row).toMatchObject({ email, referral_source: 'ja', status: 'pending', locale: 'ja' });
    expect(Math.abs(row.created_at - Date.now() / 1000)).toBeLessThan(60);
    const outbox = await api(`/dev/outbox?to=${email}`);
    expect(outbox.json.data).toHaveLength(1);
    expect(outbox.json.data[0].subject).toBe('【牛帳】事前登録ありがとうございます');
    expect(outbox.json.data[0].text).toContain('http://127.0.0.1:8787/');
    expect(outbox.json.data[0].html).toContain('<html lang="ja">');
    const logs = await mailLogsOf(email);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 'pre_registration', error: null });
  });

  it('writes the mail in English for an English visitor and stores the locale', async () => {
    const email = uniqueEmail('wait-en');
    const res = await preRegister({ email, locale: 'en', turnstileToken: TOKEN });
    expect(res.status).toBe(201);
    const [row] = await registrationsOf(email);
    expect(row).toMatchObject({ locale: 'en', referral_source: null });
    const outbox = await api(`/dev/outbox?to=${email}`);
    expect(outbox.json.data[0].subject).toBe('Ushichō: thank you for joining the waiting list');
    expect(outbox.json.data[0].html).toContain('<html lang="en">');
  });

  it('verifies the token with siteverify, passing the secret and the visitor IP, then sends through Resend', async () => {
    const fetchSpy = stubOutbound({
      siteverify: () => Response.json({ success: true, 'error-codes': [] }),
      resend: () => Response.json({ id: 're_wait_1' }),
    });
    const email = uniqueEmail('wait-verified');
    const res = await preRegister(
      { email, turnstileToken: TOKEN },
      { ip: '198.51.100.7', env: { TURNSTILE_SECRET_KEY: 'turnstile-secret', RESEND_API_KEY: 're_test_key' } },
    );
    expect(res.status).toBe(201);
    const [verifyUrl, verifyInit] = fetchSpy.mock.calls[0];
    expect(String(verifyUrl)).toBe(SITEVERIFY_ENDPOINT);
    const form = verifyInit!.body as FormData;
    expect(form.get('secret')).toBe('turnstile-secret');
    expect(form.get('response')).toBe(TOKEN);
    expect(form.get('remoteip')).toBe('198.51.100.7');
    const [mailUrl, mailInit] = fetchSpy.mock.calls[1];
    expect(String(mailUrl)).toBe(RESEND_ENDPOINT);
    expect(JSON.parse(String(mailInit!.body))).toMatchObject({
      to: [email],
      subject: '【牛帳】事前登録ありがとうございます',
    });
    expect(new Headers(mailInit!.headers).get('Idempotency-Key')).toMatch(/^pre-registration-\d+$/);
    const logs = await mailLogsOf(email);
    expect(logs[0]).toMatchObject({ type: 'pre_registration', http_status: 200, resend_id: 're_wait_1', error: null });
  });

  it('refuses a token that siteverify rejects (a bot) and stores nothing', async () => {
    stubOutbound({ siteverify: () => Response.json({ success: false, 'error-codes': ['invalid-input-response'] }) });
    const email = uniqueEmail('wait-bot');
    const res = await preRegister(
      { email, turnstileToken: TOKEN },
      { env: { TURNSTILE_SECRET_KEY: 'turnstile-secret' } },
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'TURNSTILE_FAILED',
      message: 'Turnstile検証に失敗しました',
      field: 'turnstileToken',
    });
    expect(await registrationsOf(email)).toHaveLength(0);
    expect(await mailLogsOf(email)).toHaveLength(0);
  });

  it.each([
    ['unreachable', () => Promise.reject(new TypeError('fetch failed'))],
    ['answering 500', () => new Response('oops', { status: 500 })],
    ['answering garbage', () => new Response('<html>', { status: 200 })],
  ])('fails closed when siteverify is %s', async (_, answer) => {
    stubOutbound({ siteverify: answer });
    const email = uniqueEmail('wait-outage');
    const res = await preRegister(
      { email, turnstileToken: TOKEN },
      { env: { TURNSTILE_SECRET_KEY: 'turnstile-secret' } },
    );
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Turnstile検証に失敗しました');
    expect(await registrationsOf(email)).toHaveLength(0);
  });

  it('fails closed in production when no secret is configured, without calling siteverify', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const email = uniqueEmail('wait-prod');
    const res = await preRegister(
      { email, turnstileToken: TOKEN },
      { env: { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: '' } },
    );
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Turnstile検証に失敗しました');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await registrationsOf(email)).toHaveLength(0);
  });

  it('answers 502 RESEND_FAILED when the mail fails, logs it and keeps the registration', async () => {
    stubOutbound({
      resend: () =>
        Response.json({ statusCode: 403, name: 'validation_error', message: 'domain not verified' }, { status: 403 }),
    });
    const email = uniqueEmail('wait-mailfail');
    const res = await preRegister({ email, turnstileToken: TOKEN }, { env: { RESEND_API_KEY: 're_test_key' } });
    expect(res.status).toBe(502);
    expect(res.json.error).toMatchObject({ code: 'RESEND_FAILED', message: 'メール送信に失敗しました' });
    expect(await registrationsOf(email)).toHaveLength(1);
    const logs = await mailLogsOf(email);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 'pre_registration', http_status: 403, error: 'domain not verified' });

    vi.restoreAllMocks();
    const again = await preRegister({ email, turnstileToken: TOKEN });
    expect(again.status).toBe(200);
    expect(again.json.data.alreadyRegistered).toBe(true);
  });

  it('answers 200 alreadyRegistered for a known email (any case) without a second row or mail', async () => {
    const email = uniqueEmail('wait-dup');
    expect((await preRegister({ email, turnstileToken: TOKEN })).status).toBe(201);
    const again = await preRegister({
      email: email.toUpperCase(),
      referralSource: 'sns',
      locale: 'en',
      turnstileToken: TOKEN,
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({
      data: { email, alreadyRegistered: true, message: 'このメールアドレスは既に事前登録されています。' },
    });
    const rows = await registrationsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referral_source: null, locale: 'ja' });
    expect((await api(`/dev/outbox?to=${email}`)).json.data).toHaveLength(1);
  });

  it.each([
    [{ turnstileToken: TOKEN }, 'email', '有効なメールアドレスを入力してください'],
    [{ email: 'not-an-email', turnstileToken: TOKEN }, 'email', '有効なメールアドレスを入力してください'],
    [{ email: `${'a'.repeat(250)}@x.jp`, turnstileToken: TOKEN }, 'email', 'Email address is too long'],
    [
      { email: 'ok@example.jp', referralSource: 'x'.repeat(101), turnstileToken: TOKEN },
      'referralSource',
      'Referral source is too long',
    ],
    [{ email: 'ok@example.jp', locale: 'fr', turnstileToken: TOKEN }, 'locale', 'Invalid locale'],
    [{ email: 'ok@example.jp' }, 'turnstileToken', 'Turnstileトークンは必須です'],
    [{ email: 'ok@example.jp', turnstileToken: 'short' }, 'turnstileToken', 'Turnstileトークンは必須です'],
  ])('rejects %j with the documented message on its field', async (body, field, message) => {
    const res = await preRegister(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('accepts a referral source of exactly 100 characters', async () => {
    const email = uniqueEmail('wait-100');
    const res = await preRegister({ email, referralSource: '紹'.repeat(100), turnstileToken: TOKEN });
    expect(res.status).toBe(201);
    expect((await registrationsOf(email))[0].referral_source).toBe('紹'.repeat(100));
  });

  it('throttles one IP after 10 attempts with 429 and Retry-After, while another IP goes through', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await preRegister({ email: uniqueEmail('wait-flood'), turnstileToken: TOKEN }, { ip })).status).toBe(201);
    }
    const blocked = await preRegister({ email: uniqueEmail('wait-flood'), turnstileToken: TOKEN }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.message).toBe('リクエストが多すぎます。しばらくしてから再度お試しください');
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await preRegister({ email: uniqueEmail('wait-other'), turnstileToken: TOKEN })).status).toBe(201);
  });
});
