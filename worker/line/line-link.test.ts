import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { lineSignature } from './signature';
import { deliver, exchange, lineUserId, linkByChat, send, webhookBody } from './test-fixtures';

const ALPHABET = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;
const newCode = async (token: string) => (await api('/line/link-code', { method: 'POST', token })).json.data;
const lineIdOf = async (userId: number) =>
  (await env.DB.prepare('SELECT line_id FROM users WHERE id = ?').bind(userId).first<{ line_id: string | null }>())
    ?.line_id ?? null;

describe('POST /line/link-code (§25)', () => {
  it('answers 8 characters of the alphabet valid 10 minutes, stored hashed, one live code per user', async () => {
    const farmer = await signUp();
    const before = Date.now();
    const res = await api('/line/link-code', { method: 'POST', token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.code).toMatch(ALPHABET);
    const expires = Date.parse(res.json.data.expiresAt);
    // 10 minutes = 600,000 ms after the request.
    expect(expires - before).toBeGreaterThanOrEqual(600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(600_000);
    const rows = await env.DB.prepare('SELECT * FROM line_link_codes WHERE user_id = ?').bind(farmer.userId).all();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(res.json.data.code);
    // A second code replaces the first: still one row.
    const again = await newCode(farmer.token);
    expect(again.code).not.toBe(res.json.data.code);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM line_link_codes WHERE user_id = ?')
      .bind(farmer.userId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await api('/line/link-code', { method: 'POST' })).status).toBe(401);
  });
});

describe('linking by a code sent in the chat (§25)', () => {
  it("links the sender, marks them following and replies '連携しました：{名前}さん（{牧場}）'", async () => {
    const farmer = await signUp({ name: '北 太郎' });
    const { lineId, answer } = await linkByChat(farmer.token);
    expect(answer.kind).toBe('reply');
    expect(answer.text).toBe('連携しました：北 太郎さん（北 太郎の牧場）');
    expect(await lineIdOf(farmer.userId)).toBe(lineId);
    const settings = await api('/users/me/notifications', { token: farmer.token });
    expect(settings.json.data).toMatchObject({ lineLinked: true, lineFollowing: true });
    // The code is used once: sent again, it is wrong.
    const code = await newCode(farmer.token);
    expect(await send(lineId, code.code)).toMatchObject({ text: '連携しました：北 太郎さん（北 太郎の牧場）' });
    expect((await send(lineId, code.code)).text).toBe('コードが正しくないか期限切れです');
  });

  it('accepts the code in lower case and full width (§18)', async () => {
    const farmer = await signUp({ name: '南 花子' });
    const { code } = await newCode(farmer.token);
    const wide = [...code.toLowerCase()].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
    const lineId = lineUserId();
    expect((await send(lineId, wide)).text).toBe('連携しました：南 花子さん（南 花子の牧場）');
  });

  it('refuses a wrong code, an expired one and one replaced by a newer code', async () => {
    const farmer = await signUp();
    const lineId = lineUserId();
    expect((await send(lineId, 'ABCDEFGH')).text).toBe('コードが正しくないか期限切れです');
    const old = await newCode(farmer.token);
    await newCode(farmer.token);
    expect((await send(lineId, old.code)).text).toBe('コードが正しくないか期限切れです');
    const expired = await newCode(farmer.token);
    await env.DB.prepare(`UPDATE line_link_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?`)
      .bind(farmer.userId)
      .run();
    expect((await send(lineId, expired.code)).text).toBe('コードが正しくないか期限切れです');
    expect(await lineIdOf(farmer.userId)).toBeNull();
  });

  it('locks a LINE user out for 10 minutes after 5 wrong codes in 10 minutes, even with a right one', async () => {
    const farmer = await signUp();
    const lineId = lineUserId();
    for (let i = 0; i < 5; i++)
      expect((await send(lineId, `ZZZZZZZ${i + 2}`)).text).toBe('コードが正しくないか期限切れです');
    const { code } = await newCode(farmer.token);
    expect((await send(lineId, code)).text).toBe('しばらくしてからお試しください');
    expect(await lineIdOf(farmer.userId)).toBeNull();
    // Another LINE user is not locked out.
    expect((await send(lineUserId(), code)).text).toMatch(/^連携しました：/);
    // Ten minutes on (the window's hits moved back 601 s), the first LINE user may try again.
    const other = await signUp();
    await env.DB.prepare('UPDATE rate_limit_hits SET created_at = created_at - 601000 WHERE key = ?')
      .bind(`line-link-code:${lineId}`)
      .run();
    expect((await send(lineId, (await newCode(other.token)).code)).text).toMatch(/^連携しました：/);
  });

  it('refuses a LINE user already linked to another account', async () => {
    const first = await signUp();
    const second = await signUp();
    const { lineId } = await linkByChat(first.token);
    const { code } = await newCode(second.token);
    expect((await send(lineId, code)).text).toBe('このLINEはすでに別のアカウントに連携されています');
    expect(await lineIdOf(second.userId)).toBeNull();
    expect(await lineIdOf(first.userId)).toBe(lineId);
  });

  it('tells an unlinked LINE user how to link', async () => {
    const answer = await send(lineUserId(), '1234 授精');
    expect(answer.text).toContain('連携コード');
  });

  it('does nothing on a bad signature: 401, no link, no reply', async () => {
    const farmer = await signUp();
    const { code } = await newCode(farmer.token);
    const lineId = lineUserId();
    const body = webhookBody([{ type: 'message', userId: lineId, text: code }]);
    const res = await deliver(body, await lineSignature('another-secret', body));
    expect(res.status).toBe(401);
    expect(await lineIdOf(farmer.userId)).toBeNull();
    expect(await exchange([{ type: 'follow', userId: lineId }])).toEqual([]);
  });

  it('settings unlinking (§16) ends it: the chat asks to link again', async () => {
    const farmer = await signUp();
    const { lineId } = await linkByChat(farmer.token);
    expect((await api('/users/me/line', { method: 'DELETE', token: farmer.token })).status).toBe(200);
    expect((await send(lineId, '今日')).text).toContain('連携コード');
  });
});
