import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, signUp, uniqueEmail } from '../test/api';

/** The token of the newest invitation mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const outbox = await api(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = outbox.json.data.find((m: { subject: string }) => m.subject.includes('への招待'));
  const match = /invite\?token=([\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation mail for ${email}`);
  return decodeURIComponent(match[1]);
}

describe('invitations', () => {
  it('invites by email with a role; the invited user accepts and records on the farm', async () => {
    const owner = await signUp({ name: '北 太郎' });
    const staff = await signUp({ name: '田中 健太' });
    const invited = await api(`/farms/${owner.farmId}/invitations`, {
      method: 'POST',
      token: owner.token,
      body: { email: staff.email.toUpperCase(), role: 'staff' },
    });
    expect(invited.status).toBe(201);
    expect(invited.json.data).toMatchObject({ email: staff.email, role: 'staff' });
    const outbox = await api(`/dev/outbox?to=${encodeURIComponent(staff.email)}`);
    expect(outbox.json.data[0].subject).toBe('【牛帳】「北 太郎の牧場」への招待');
    expect(outbox.json.data[0].text).toContain('北 太郎 さんから「北 太郎の牧場」にスタッフとして招待されました。');
    const token = await invitationToken(staff.email);

    const preview = await api('/invitations/preview', { method: 'POST', body: { token } });
    expect(preview.json.data).toEqual({
      farmName: '北 太郎の牧場',
      inviterName: '北 太郎',
      role: 'staff',
      email: staff.email,
    });
    expect((await api(`/farms/${owner.farmId}/invitations`, { token: owner.token })).json.data).toHaveLength(1);

    const accepted = await api('/invitations/accept', { method: 'POST', token: staff.token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toEqual({ farmId: owner.farmId, role: 'staff' });
    // The farm is now the invited user's default: their requests act on it without X-Farm-Id.
    const cow = await api('/cattle', {
      method: 'POST',
      token: staff.token,
      body: { name: 'はな', identificationNumber: 1444444444, gender: '雌', growthStage: 'CALF' },
    });
    expect(cow.status).toBe(201);
    expect((await api('/cattle', { token: owner.token })).json.data.totalCount).toBe(1);
    expect((await api(`/farms/${owner.farmId}/invitations`, { token: owner.token })).json.data).toHaveLength(0);
    // Single use.
    const again = await api('/invitations/accept', { method: 'POST', token: staff.token, body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe('招待リンクが無効か期限切れです');
  });

  it('refuses another address, an expired link and an unknown one', async () => {
    const owner = await signUp();
    const invitee = uniqueEmail('invitee');
    const stranger = await signUp();
    await api(`/farms/${owner.farmId}/invitations`, {
      method: 'POST',
      token: owner.token,
      body: { email: invitee, role: 'viewer' },
    });
    const token = await invitationToken(invitee);
    const wrong = await api('/invitations/accept', { method: 'POST', token: stranger.token, body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.message).toBe('招待されたメールアドレスでログインしてください');
    // A visitor without an account registers with the invited address, then accepts.
    const newcomer = await signUp({ email: invitee });
    await env.DB.prepare('UPDATE farm_invitations SET expires_at = ? WHERE email = ?')
      .bind('2000-01-01T00:00:00.000Z', invitee)
      .run();
    const expired = await api('/invitations/accept', { method: 'POST', token: newcomer.token, body: { token } });
    expect(expired.status).toBe(400);
    const unknown = await api('/invitations/preview', { method: 'POST', body: { token: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe('招待リンクが無効か期限切れです');
    expect((await api('/invitations/accept', { method: 'POST', body: { token } })).status).toBe(401);
  });

  it('lets only the owner invite, list and withdraw', async () => {
    const owner = await signUp();
    const staff = await signUp();
    await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
      .bind(owner.farmId, staff.userId, 'staff')
      .run();
    const byStaff = await api(`/farms/${owner.farmId}/invitations`, {
      method: 'POST',
      token: staff.token,
      body: { email: uniqueEmail(), role: 'viewer' },
    });
    expect(byStaff.status).toBe(403);
    expect(byStaff.json.error.message).toBe('この操作を行う権限がありません');
    const bad = await api(`/farms/${owner.farmId}/invitations`, {
      method: 'POST',
      token: owner.token,
      body: { email: 'not-an-email', role: 'boss' },
    });
    expect(bad.status).toBe(400);
    const created = await api(`/farms/${owner.farmId}/invitations`, {
      method: 'POST',
      token: owner.token,
      body: { email: uniqueEmail(), role: 'viewer' },
    });
    const path = `/farms/${owner.farmId}/invitations/${created.json.data.id}`;
    expect((await api(path, { method: 'DELETE', token: staff.token })).status).toBe(403);
    expect((await api(path, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(path, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });
});
