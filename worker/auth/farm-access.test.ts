import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, signUp } from '../test/api';
import { ACCESS_CACHE_MS } from './farm-access';

// The session-and-membership check is kept per isolate for ACCESS_CACHE_MS (decision 030). These tests run in one
// isolate: a write through it ends access at once; a change it did not see (another isolate's) within the bound.
describe('farm access kept per isolate', () => {
  afterEach(() => vi.useRealTimers());

  const read = (token: string, farmId: number) => api('/cattle', { token, headers: { 'X-Farm-Id': String(farmId) } });

  it('ends a signed-out session at once, after reads that were answered from the kept check', async () => {
    const user = await signUp();
    expect((await read(user.token, user.farmId)).status).toBe(200);
    expect((await read(user.token, user.farmId)).status).toBe(200);
    expect((await api('/auth/logout', { method: 'POST', token: user.token })).status).toBe(200);
    const after = await read(user.token, user.farmId);
    expect(after.status).toBe(401);
  });

  it('ends every session at once on sign-out everywhere', async () => {
    const user = await signUp();
    const second = await api('/auth/login', { method: 'POST', body: { email: user.email, password: user.password } });
    expect((await read(second.json.token, user.farmId)).status).toBe(200);
    expect((await api('/auth/logout-all', { method: 'POST', token: user.token })).status).toBe(200);
    expect((await read(second.json.token, user.farmId)).status).toBe(401);
  });

  it('ends a removed member’s access and a demoted member’s writes at once', async () => {
    const owner = await signUp();
    const staff = await signUp();
    const removed = await signUp();
    for (const [user, role] of [
      [staff, 'staff'],
      [removed, 'staff'],
    ] as const)
      await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
        .bind(owner.farmId, user.userId, role)
        .run();
    expect((await read(removed.token, owner.farmId)).status).toBe(200);
    expect((await read(staff.token, owner.farmId)).status).toBe(200);
    const members = `/farms/${owner.farmId}/members`;
    expect((await api(`${members}/${removed.userId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await read(removed.token, owner.farmId)).status).toBe(403);
    await api(`${members}/${staff.userId}`, { method: 'PATCH', token: owner.token, body: { role: 'viewer' } });
    const write = await api('/cattle', {
      method: 'POST',
      token: staff.token,
      headers: { 'X-Farm-Id': String(owner.farmId) },
      body: { name: 'はな', identificationNumber: 1234567890, gender: '雌', growthStage: 'CALF' },
    });
    expect(write.status).toBe(403);
  });

  it("keeps the check through writes of the farm's own data, and forgets it on any other write", async () => {
    const user = await signUp();
    expect((await read(user.token, user.farmId)).status).toBe(200);
    // Signed out where this isolate did not see it: the kept answer stands until something here forgets it.
    await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(user.userId).run();
    const register = (identificationNumber: string) =>
      api('/cattle', {
        method: 'POST',
        token: user.token,
        headers: { 'X-Farm-Id': String(user.farmId) },
        body: { name: 'はな', identificationNumber, gender: '雌', growthStage: 'CALF' },
      });
    expect((await register('1234567891')).status).toBe(201);
    // The first registration did not forget the check: the second is answered from it too.
    expect((await register('1234567892')).status).toBe(201);
    // A write of the account (here a sign-out the session no longer has) forgets it: the next request asks D1.
    await api('/auth/logout', { method: 'POST', token: user.token });
    expect((await read(user.token, user.farmId)).status).toBe(401);
  });

  it('ends access changed elsewhere (another isolate) within the bound of at most 10 seconds', async () => {
    expect(ACCESS_CACHE_MS).toBeLessThanOrEqual(10_000);
    const user = await signUp();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await read(user.token, user.farmId)).status).toBe(200);
    // Signed out by a write this isolate never saw: kept until the bound, refused after it.
    await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(user.userId).run();
    expect((await read(user.token, user.farmId)).status).toBe(200);
    vi.setSystemTime(Date.now() + ACCESS_CACHE_MS + 1);
    expect((await read(user.token, user.farmId)).status).toBe(401);
  });
});
