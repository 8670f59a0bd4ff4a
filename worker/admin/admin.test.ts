import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../env';
import worker from '../index';
import { api, testEnv } from '../test/api';

const ADMIN = { ADMIN_USER: 'ranch-admin', ADMIN_PASSWORD: 'correct horse battery staple' };
const BOM = '\uFEFF';

const basic = (user: string, password: string) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${password}`)))}`;

let ipCounter = 0;
function admin(
  path: string,
  options: {
    authorization?: string | null;
    env?: Partial<Env>;
    method?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': `192.0.2.${++ipCounter}`, ...options.headers };
  const authorization =
    options.authorization === undefined ? basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD) : options.authorization;
  if (authorization) headers.Authorization = authorization;
  return api(`/admin${path}`, { method: options.method, headers, env: { ...ADMIN, ...options.env } });
}

/** The CSV as the bytes a browser saves (the api helper's text() would drop the BOM). */
async function downloadCsv(query: string) {
  const request = new Request(`http://127.0.0.1:8787/api/v1/admin/registrations.csv?${query}`, {
    headers: { Authorization: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD), 'CF-Connecting-IP': '192.0.2.200' },
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...testEnv, ...ADMIN } as Env, ctx);
  await waitOnExecutionContext(ctx);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes) };
}

let tagCounter = 0;
/** Registrations created directly in D1 with chosen times; the tag keeps each test's rows apart. */
async function seed(rows: { email?: string; source?: string | null; locale?: 'ja' | 'en'; createdAt?: number }[]) {
  const tag = `t${Date.now()}x${++tagCounter}`;
  const base = 1_790_000_000;
  const emails: string[] = [];
  for (const [i, row] of rows.entries()) {
    const email = row.email ?? `${tag}-${i}@example.jp`;
    emails.push(email);
    const createdAt = row.createdAt ?? base + i;
    await env.DB.prepare(
      'INSERT INTO registrations (email, referral_source, status, locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(email, row.source ?? null, 'pending', row.locale ?? 'ja', createdAt, createdAt)
      .run();
  }
  return { tag, emails };
}

describe('admin Basic authentication', () => {
  it('asks for Basic credentials when the header is missing', async () => {
    const res = await admin('/registrations', { authorization: null });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Basic authentication required' });
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic realm="Ushicho admin"/);
  });

  it('asks for Basic credentials when another scheme is sent', async () => {
    const res = await admin('/registrations', { authorization: 'Bearer some.jwt.token' });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('Basic authentication required');
  });

  it.each([
    ['a wrong password', basic(ADMIN.ADMIN_USER, 'wrong password')],
    ['a wrong user', basic('someone', ADMIN.ADMIN_PASSWORD)],
    ['no colon', `Basic ${btoa('ranch-admin')}`],
    ['broken base64', 'Basic %%%not-base64%%%'],
    ['the development pair while others are configured', basic('admin', 'ushicho-admin-dev')],
  ])('refuses %s with Invalid credentials and a Basic challenge', async (_, authorization) => {
    const res = await admin('/registrations', { authorization });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('Invalid credentials');
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic /);
  });

  it('accepts the configured credentials, also with a Japanese password', async () => {
    const res = await admin('/registrations', {
      authorization: basic('管理者', '牛帳のパスワード'),
      env: { ADMIN_USER: '管理者', ADMIN_PASSWORD: '牛帳のパスワード' },
    });
    expect(res.status).toBe(200);
  });

  it('uses admin / ushicho-admin-dev in development when nothing is configured', async () => {
    const env = { ADMIN_USER: undefined, ADMIN_PASSWORD: undefined };
    expect((await admin('/registrations', { authorization: basic('admin', 'ushicho-admin-dev'), env })).status).toBe(
      200,
    );
    expect((await admin('/registrations', { authorization: basic('admin', 'other'), env })).status).toBe(401);
  });

  it('answers 503 in production without configured credentials and never accepts the default pair', async () => {
    const res = await admin('/registrations', {
      authorization: basic('admin', 'ushicho-admin-dev'),
      env: { ENVIRONMENT: 'production', ADMIN_USER: undefined, ADMIN_PASSWORD: '' },
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toMatchObject({
      code: 'ADMIN_NOT_CONFIGURED',
      message: 'Admin credentials are not configured',
    });
  });

  it('works in production with configured credentials', async () => {
    const res = await admin('/registrations', { env: { ENVIRONMENT: 'production' } });
    expect(res.status).toBe(200);
  });

  it('lets an OPTIONS preflight through without credentials', async () => {
    const res = await admin('/registrations', {
      method: 'OPTIONS',
      authorization: null,
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:3000');
    expect(res.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/i);
  });

  it('blocks an address after 10 failed attempts with 429, even with the right password', async () => {
    const headers = { 'CF-Connecting-IP': '198.51.100.250' };
    for (let i = 0; i < 10; i++) {
      expect(
        (await admin('/registrations', { authorization: basic(ADMIN.ADMIN_USER, `guess-${i}`), headers })).status,
      ).toBe(401);
    }
    const blocked = await admin('/registrations', { headers });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await admin('/registrations')).status).toBe(200);
  });

  it('protects the CSV the same way', async () => {
    const res = await admin('/registrations.csv', { authorization: null });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('Basic authentication required');
  });
});

describe('GET /admin/registrations', () => {
  it('lists newest first with the total', async () => {
    const { tag, emails } = await seed([{ source: 'sns' }, { source: 'ja', locale: 'en' }, {}]);
    const res = await admin(`/registrations?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.json.data.total).toBe(3);
    expect(res.json.data.items.map((r: any) => r.email)).toEqual([emails[2], emails[1], emails[0]]);
    expect(res.json.data.items[1]).toEqual({
      id: expect.any(Number),
      email: emails[1],
      referralSource: 'ja',
      status: 'pending',
      locale: 'en',
      createdAt: 1_790_000_001,
      updatedAt: 1_790_000_001,
    });
  });

  it('pages with limit (default 20) and offset', async () => {
    const { tag, emails } = await seed(Array.from({ length: 25 }, () => ({})));
    const newestFirst = [...emails].reverse();
    const first = await admin(`/registrations?q=${tag}`);
    expect(first.json.data.total).toBe(25);
    expect(first.json.data.items.map((r: any) => r.email)).toEqual(newestFirst.slice(0, 20));
    const second = await admin(`/registrations?q=${tag}&limit=20&offset=20`);
    expect(second.json.data.items.map((r: any) => r.email)).toEqual(newestFirst.slice(20));
    expect(second.json.data.total).toBe(25);
    const small = await admin(`/registrations?q=${tag}&limit=3&offset=1`);
    expect(small.json.data.items.map((r: any) => r.email)).toEqual(newestFirst.slice(1, 4));
  });

  it('searches by part of the email, case-insensitively, with % and _ taken literally', async () => {
    const { tag } = await seed([{}, {}]);
    const special = await seed([
      { email: `${tag}-under_score@example.jp` },
      { email: `${tag}-underXscore@example.jp` },
    ]);
    expect((await admin(`/registrations?q=${tag.toUpperCase()}-0`)).json.data.total).toBe(1);
    const underscore = await admin(`/registrations?q=${encodeURIComponent(`${tag}-under_`)}`);
    expect(underscore.json.data.items.map((r: any) => r.email)).toEqual([special.emails[0]]);
    expect((await admin(`/registrations?q=${encodeURIComponent(`${tag}%`)}`)).json.data.total).toBe(0);
  });

  it('filters by referral source', async () => {
    const { tag, emails } = await seed([{ source: 'friend' }, { source: 'sns' }, { source: 'friend' }, {}]);
    const res = await admin(`/registrations?q=${tag}&source=friend`);
    expect(res.json.data.items.map((r: any) => r.email)).toEqual([emails[2], emails[0]]);
    expect(res.json.data.total).toBe(2);
  });

  it('filters by a date range in epoch seconds, both ends inclusive', async () => {
    const { tag, emails } = await seed([
      { createdAt: 1_800_000_000 },
      { createdAt: 1_800_000_100 },
      { createdAt: 1_800_000_200 },
      { createdAt: 1_800_000_300 },
    ]);
    const range = await admin(`/registrations?q=${tag}&from=1800000100&to=1800000200`);
    expect(range.json.data.items.map((r: any) => r.email)).toEqual([emails[2], emails[1]]);
    expect((await admin(`/registrations?q=${tag}&from=1800000250`)).json.data.total).toBe(1);
    expect((await admin(`/registrations?q=${tag}&to=1800000000`)).json.data.total).toBe(1);
  });

  it('treats empty filter parameters as absent', async () => {
    const { tag } = await seed([{}, { source: 'sns' }]);
    const res = await admin(`/registrations?q=${tag}&source=&from=&to=`);
    expect(res.status).toBe(200);
    expect(res.json.data.total).toBe(2);
  });

  it.each([
    ['limit=0', 'limit', 'limit must be between 1 and 100'],
    ['limit=101', 'limit', 'limit must be between 1 and 100'],
    ['limit=abc', 'limit', 'limit must be between 1 and 100'],
    ['offset=-1', 'offset', 'offset must be 0 or more'],
    ['from=yesterday', 'from', 'from must be a time in epoch seconds'],
    ['to=-5', 'to', 'to must be a time in epoch seconds'],
    ['from=200&to=100', 'from', 'from must not be after to'],
    [`source=${'x'.repeat(101)}`, 'source', 'Referral source is too long'],
  ])('rejects %s with a clear 400', async (query, field, message) => {
    const res = await admin(`/registrations?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('accepts limit 100', async () => {
    expect((await admin('/registrations?limit=100')).status).toBe(200);
  });
});

describe('GET /admin/registrations.csv', () => {
  it('downloads registrations.csv: BOM, CRLF, the documented columns, ISO times, formula cells neutralised, Japanese kept', async () => {
    const { tag, emails } = await seed([
      { source: '知人の紹介（JA北海道）', createdAt: 1_790_000_000 },
      { source: '=HYPERLINK("http://evil.example","詳細")', locale: 'en', createdAt: 1_790_000_060 },
      { source: '@SUM(1+1)', createdAt: 1_790_000_120 },
    ]);
    const { response, bytes, text } = await downloadCsv(`q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="registrations.csv"; filename*=UTF-8''registrations.csv`,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const ids = (await admin(`/registrations?q=${tag}`)).json.data.items.map((r: any) => r.id);
    expect(text).toBe(
      `${BOM}ID,Email,Referral Source,Status,Locale,Created At\r\n` +
        `${ids[0]},${emails[2]},'@SUM(1+1),pending,ja,2026-09-21T14:15:20.000Z\r\n` +
        `${ids[1]},${emails[1]},"'=HYPERLINK(""http://evil.example"",""詳細"")",pending,en,2026-09-21T14:14:20.000Z\r\n` +
        `${ids[2]},${emails[0]},知人の紹介（JA北海道）,pending,ja,2026-09-21T14:13:20.000Z\r\n`,
    );
  });

  it('exports every match beyond one page, with the same filters as the list', async () => {
    const { tag } = await seed([...Array.from({ length: 23 }, () => ({ source: 'event' })), { source: 'media' }]);
    const all = await admin(`/registrations.csv?q=${tag}&source=event`);
    const lines = all.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(24);
    expect(lines.slice(1).every((line) => line.includes(',event,'))).toBe(true);
    const page = await admin(`/registrations.csv?q=${tag}&source=event&limit=5&offset=20`);
    expect(page.text.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it('gives only the header row when nothing matches', async () => {
    const { text } = await downloadCsv('q=nobody-matches-this');
    expect(text).toBe(`${BOM}ID,Email,Referral Source,Status,Locale,Created At\r\n`);
  });

  it('validates the query like the list', async () => {
    const res = await admin('/registrations.csv?from=10&to=5');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('from must not be after to');
  });
});

describe('API reference', () => {
  it('documents the admin and pre-registration calls with the Basic scheme', async () => {
    const doc = (await api('/openapi.json')).json;
    expect(doc.components.securitySchemes.basic).toEqual({ type: 'http', scheme: 'basic' });
    expect(doc.paths['/api/v1/admin/registrations'].get.security).toEqual([{ basic: [] }]);
    expect(doc.paths['/api/v1/admin/registrations.csv'].get.responses['200'].content).toHaveProperty('text/csv');
    expect(doc.paths['/api/v1/pre-register'].post.responses).toHaveProperty('502');
  });
});
