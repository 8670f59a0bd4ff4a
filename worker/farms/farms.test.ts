import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';

type Member = Awaited<ReturnType<typeof signUp>>;

/** Adds an existing user to a farm (invitations are the way in for people; the matrix needs members now). */
async function join(farmId: number, user: Member, role: 'owner' | 'staff' | 'viewer') {
  await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
    .bind(farmId, user.userId, role)
    .run();
}

const asMember = (user: Member, farmId: number) => ({ token: user.token, headers: { 'X-Farm-Id': String(farmId) } });

describe('farms', () => {
  it('gives a new user their own farm, named after them, as owner', async () => {
    const user = await signUp({ name: '山田 一郎' });
    const res = await api('/farms', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([{ id: user.farmId, name: '山田 一郎の牧場', farmerCode: null, role: 'owner' }]);
  });

  it('sets the farmer code (owner, at least one field, 1–10 digits) and lists it (§21)', async () => {
    const user = await signUp();
    const path = `/farms/${user.farmId}`;
    const set = await api(path, { method: 'PATCH', token: user.token, body: { farmerCode: '０１２３４' } });
    expect(set.status).toBe(200);
    expect(set.json.data).toMatchObject({ id: user.farmId, farmerCode: '01234' });
    expect((await api('/farms', { token: user.token })).json.data[0].farmerCode).toBe('01234');
    for (const farmerCode of ['12345678901', 'ABC']) {
      const bad = await api(path, { method: 'PATCH', token: user.token, body: { farmerCode } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toContain('農家コードは1〜10桁の数字で入力してください');
    }
    const none = await api(path, { method: 'PATCH', token: user.token, body: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain('更新する項目を指定してください');
    const cleared = await api(path, { method: 'PATCH', token: user.token, body: { farmerCode: '' } });
    expect(cleared.json.data.farmerCode).toBeNull();
    expect((await api(path, { method: 'PATCH', body: { farmerCode: '1' } })).status).toBe(401);
    const staff = await signUp();
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff')")
      .bind(user.farmId, staff.userId)
      .run();
    expect((await api(path, { method: 'PATCH', token: staff.token, body: { farmerCode: '1' } })).status).toBe(403);
  });

  it('refuses a farm name carrying a domain, in any width, as a link (§3)', async () => {
    const user = await signUp();
    for (const name of ['evil.example/login で確認', 'ｂｉｔ．ｌｙ／ａｂｃ', '北牧場 kita-farm.jp']) {
      const renamed = await api(`/farms/${user.farmId}`, { method: 'PATCH', token: user.token, body: { name } });
      expect(renamed.status).toBe(400);
      expect(renamed.json.error.message).toBe('名前にURLは使えません');
    }
    const plain = await api(`/farms/${user.farmId}`, {
      method: 'PATCH',
      token: user.token,
      body: { name: 'No.1牧場' },
    });
    expect(plain.json.data.name).toBe('No.1牧場');
  });

  it('creates a farm the caller owns, renames it as owner, and switches the default farm', async () => {
    const user = await signUp();
    const created = await api('/farms', { method: 'POST', token: user.token, body: { name: ' 第二牧場 ' } });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ name: '第二牧場', role: 'owner' });
    const second = created.json.data.id;
    const renamed = await api(`/farms/${second}`, { method: 'PATCH', token: user.token, body: { name: '南牧場' } });
    expect(renamed.json.data).toEqual({ id: second, name: '南牧場', farmerCode: null });
    // Requests without X-Farm-Id act on the default farm: the own one until another is chosen.
    await api('/cattle', {
      method: 'POST',
      token: user.token,
      body: { name: 'はな', identificationNumber: 1234567890, gender: '雌', growthStage: 'CALF' },
    });
    expect((await api('/cattle', { token: user.token })).json.data.totalCount).toBe(1);
    expect((await api(`/farms/${second}/choose`, { method: 'POST', token: user.token })).status).toBe(200);
    expect((await api('/cattle', { token: user.token })).json.data.totalCount).toBe(0);
    expect((await api('/cattle', asMember(user, user.farmId))).json.data.totalCount).toBe(1);
  });

  it.each([
    [{}, 'name', '牧場名は1〜50文字で入力してください'],
    [{ name: '   ' }, 'name', '牧場名は1〜50文字で入力してください'],
    [{ name: 'あ'.repeat(51) }, 'name', '牧場名は1〜50文字で入力してください'],
  ])('refuses %j', async (body, field, message) => {
    const user = await signUp();
    const res = await api('/farms', { method: 'POST', token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('answers 401 without a token and the same 403 for a farm that is not yours or does not exist', async () => {
    const user = await signUp();
    const other = await signUp();
    expect((await api('/farms')).status).toBe(401);
    for (const farm of [String(other.farmId), '999999', 'abc']) {
      const res = await api('/cattle', { token: user.token, headers: { 'X-Farm-Id': farm } });
      expect(res.status, farm).toBe(403);
      expect(res.json.error.message).toBe('この牧場へのアクセス権がありません');
    }
    expect((await api(`/farms/${other.farmId}/members`, { token: user.token })).status).toBe(403);
  });
});

describe('members', () => {
  let owner: Member;
  let staff: Member;
  let viewer: Member;
  beforeAll(async () => {
    owner = await signUp({ name: '牧場 主' });
    staff = await signUp({ name: '田中 健太' });
    viewer = await signUp({ name: '獣医 佐藤' });
    await join(owner.farmId, staff, 'staff');
    await join(owner.farmId, viewer, 'viewer');
  });

  it('lists the members with their roles to any member', async () => {
    const res = await api(`/farms/${owner.farmId}/members`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.map((m: { userName: string; role: string }) => [m.userName, m.role])).toEqual([
      ['牧場 主', 'owner'],
      ['田中 健太', 'staff'],
      ['獣医 佐藤', 'viewer'],
    ]);
    const farms = await api('/farms', { token: staff.token });
    expect(farms.json.data.map((f: { role: string }) => f.role).sort()).toEqual(['owner', 'staff']);
  });

  it('lets only the owner change roles, and never demote the last owner', async () => {
    const path = `/farms/${owner.farmId}/members/${viewer.userId}`;
    const byStaff = await api(path, { method: 'PATCH', token: staff.token, body: { role: 'staff' } });
    expect(byStaff.status).toBe(403);
    expect(byStaff.json.error.message).toBe('この操作を行う権限がありません');
    const promoted = await api(path, { method: 'PATCH', token: owner.token, body: { role: 'staff' } });
    expect(promoted.json.data).toMatchObject({ userId: viewer.userId, role: 'staff' });
    await api(path, { method: 'PATCH', token: owner.token, body: { role: 'viewer' } });
    const demoteSelf = await api(`/farms/${owner.farmId}/members/${owner.userId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { role: 'staff' },
    });
    expect(demoteSelf.status).toBe(400);
    expect(demoteSelf.json.error.message).toBe('牧場には少なくとも1人のオーナーが必要です');
    const bad = await api(path, { method: 'PATCH', token: owner.token, body: { role: 'boss' } });
    expect(bad.status).toBe(400);
    const missing = await api(`/farms/${owner.farmId}/members/999999`, {
      method: 'PATCH',
      token: owner.token,
      body: { role: 'staff' },
    });
    expect(missing.status).toBe(404);
  });

  it('lets a member leave, the owner remove, and keeps the last owner', async () => {
    const helper = await signUp();
    const leaver = await signUp();
    await join(owner.farmId, helper, 'staff');
    await join(owner.farmId, leaver, 'viewer');
    // A member cannot remove someone else; they can leave.
    const notYours = await api(`/farms/${owner.farmId}/members/${helper.userId}`, {
      method: 'DELETE',
      token: leaver.token,
    });
    expect(notYours.status).toBe(403);
    const left = await api(`/farms/${owner.farmId}/members/${leaver.userId}`, {
      method: 'DELETE',
      token: leaver.token,
    });
    expect(left.status).toBe(200);
    // Access ends at once.
    expect((await api('/cattle', asMember(leaver, owner.farmId))).status).toBe(403);
    const removed = await api(`/farms/${owner.farmId}/members/${helper.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await api('/cattle', asMember(helper, owner.farmId))).status).toBe(403);
    const lastOwner = await api(`/farms/${owner.farmId}/members/${owner.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(lastOwner.status).toBe(400);
    expect(lastOwner.json.error.message).toBe('牧場には少なくとも1人のオーナーが必要です');
  });

  it('keeps an owner when two owners demote each other or leave at the same moment, 20 rounds each', async () => {
    const a = await signUp({ name: '北 一郎' });
    const b = await signUp({ name: '北 二郎' });
    const owners = async (farmId: number) =>
      (
        await env.DB.prepare("SELECT user_id FROM farm_members WHERE farm_id = ? AND role = 'owner'")
          .bind(farmId)
          .all<{ user_id: number }>()
      ).results.map((r) => r.user_id);
    for (let round = 0; round < 20; round++) {
      const farm = await api('/farms', { method: 'POST', token: a.token, body: { name: `共同牧場${round}` } });
      const farmId: number = farm.json.data.id;
      await join(farmId, b, 'owner');
      const [byA, byB] = await Promise.all([
        api(`/farms/${farmId}/members/${b.userId}`, {
          method: 'PATCH',
          ...asMember(a, farmId),
          body: { role: 'viewer' },
        }),
        api(`/farms/${farmId}/members/${a.userId}`, {
          method: 'PATCH',
          ...asMember(b, farmId),
          body: { role: 'viewer' },
        }),
      ]);
      expect([byA.status, byB.status].filter((s) => s === 200)).toHaveLength(1);
      expect([400, 403]).toContain(byA.status === 200 ? byB.status : byA.status);
      expect(await owners(farmId)).toHaveLength(1);
      // Both owners again, and both leave at once: one of them stays.
      await env.DB.prepare("UPDATE farm_members SET role = 'owner' WHERE farm_id = ?").bind(farmId).run();
      const leaving = await Promise.all(
        [a, b].map((m) => api(`/farms/${farmId}/members/${m.userId}`, { method: 'DELETE', ...asMember(m, farmId) })),
      );
      expect(leaving.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(leaving.find((r) => r.status === 400)?.json.error.message).toBe(
        '牧場には少なくとも1人のオーナーが必要です',
      );
      expect(await owners(farmId)).toHaveLength(1);
    }
  });

  it('shares one herd: staff records on the owner’s animals, the owner sees it', async () => {
    const cow = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: { name: 'さくら', identificationNumber: 1987654321, gender: '雌', growthStage: 'MULTI_PAROUS' },
    });
    const cattleId = cow.json.data.cattleId;
    const recorded = await api('/events', {
      method: 'POST',
      ...asMember(staff, owner.farmId),
      body: { cattleId, eventType: 'ESTRUS', eventDatetime: '2026-11-20T06:00:00+09:00' },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.json.data.recordedBy).toEqual({ userId: staff.userId, userName: '田中 健太' });
    const events = await api(`/events/cattle/${cattleId}`, { token: owner.token });
    expect(events.json.data.results).toHaveLength(1);
    expect(events.json.data.results[0].recordedBy).toEqual({ userId: staff.userId, userName: '田中 健太' });
    const row = await (await shardOf(owner.farmId))
      .prepare('SELECT created_by FROM events WHERE cattle_id = ?')
      .bind(cattleId)
      .first();
    expect(row).toEqual({ created_by: staff.userId });
    // A change by hand records who made it.
    const renamed = await api(`/cattle/${cattleId}`, {
      method: 'PATCH',
      ...asMember(staff, owner.farmId),
      body: { barn: '第2牛舎' },
    });
    expect(renamed.status).toBe(200);
    const changed = await (await shardOf(owner.farmId))
      .prepare('SELECT created_by, updated_by FROM cattle WHERE cattle_id = ?')
      .bind(cattleId)
      .first();
    expect(changed).toEqual({ created_by: owner.userId, updated_by: staff.userId });
    // A viewer reads but does not write; nothing is written.
    expect((await api(`/cattle/${cattleId}`, asMember(viewer, owner.farmId))).status).toBe(200);
    const refused = await api('/events', {
      method: 'POST',
      ...asMember(viewer, owner.farmId),
      body: { cattleId, eventType: 'ESTRUS', eventDatetime: '2026-11-21T06:00:00+09:00' },
    });
    expect(refused.status).toBe(403);
    expect((await api(`/events/cattle/${cattleId}`, { token: owner.token })).json.data.results).toHaveLength(1);
    // Staff may not delete an animal; the owner may.
    expect((await api(`/cattle/${cattleId}`, { method: 'DELETE', ...asMember(staff, owner.farmId) })).status).toBe(403);
    expect((await api(`/cattle/${cattleId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
  });
});

/** Every farm-data route of the API document, walked as each kind of caller. */
const farmOperations = Object.entries(
  createApp().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'roles', version: '1' } }).paths ?? {},
).flatMap(([path, item]) =>
  Object.entries(item as Record<string, { tags?: string[] }>)
    .filter(([, operation]) => ['Cattle', 'Events', 'Alerts', 'KPI', 'Shipments'].includes(operation.tags?.[0] ?? ''))
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace('/api/v1', ''),
      tag: operation.tags?.[0],
    })),
);

/** What a role may call: reads for everyone, writes for staff, deleting an animal for the owner. */
function allowed(role: 'owner' | 'staff' | 'viewer', method: string, path: string) {
  if (method === 'GET') return true;
  if (method === 'DELETE' && path === '/cattle/{id}') return role === 'owner';
  return role !== 'viewer';
}

describe('the role matrix over every farm-data route', () => {
  let owner: Member;
  let staff: Member;
  let viewer: Member;
  let outsider: Member;
  let ids: Record<string, string>;

  /** What the farm holds: any write that gets through changes one of these. */
  const snapshot = async (farmId: number) =>
    everyShard
      .prepare(
        `SELECT (SELECT count(*) || max(updated_at) FROM cattle WHERE farm_id = ?1) AS cattle,
        (SELECT count(*) || max(updated_at) FROM events WHERE farm_id = ?1) AS events,
        (SELECT count(*) || max(updated_at) FROM alerts WHERE farm_id = ?1) AS alerts,
        (SELECT count(*) || max(updated_at) FROM shipments WHERE farm_id = ?1) AS shipments,
        (SELECT count(*) || max(updated_at) FROM shipment_plans WHERE farm_id = ?1) AS plans`,
      )
      .bind(farmId)
      .first();

  beforeAll(async () => {
    owner = await signUp();
    staff = await signUp();
    viewer = await signUp();
    outsider = await signUp();
    await join(owner.farmId, staff, 'staff');
    await join(owner.farmId, viewer, 'viewer');
    const cow = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: { name: 'もも', identificationNumber: 1555555555, gender: '雌', growthStage: 'MULTI_PAROUS' },
    });
    const cattleId = cow.json.data.cattleId;
    const event = await api('/events', {
      method: 'POST',
      token: owner.token,
      body: { cattleId, eventType: 'ESTRUS', eventDatetime: '2026-11-01T06:00:00+09:00' },
    });
    const steer = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: { name: 'たろう', identificationNumber: 1555555556, gender: '去勢', growthStage: 'FATTENING' },
    });
    const shipment = await api('/shipments', {
      method: 'POST',
      token: owner.token,
      body: { cattleId: steer.json.data.cattleId, shipmentDate: '2026-11-01', price: 800000 },
    });
    await (await shardOf(owner.farmId))
      .prepare(
        "INSERT INTO alerts (id, type, severity, cattle_id, message, farm_id, created_by) VALUES ('matrix-alert', 'CALVING_OVERDUE', 'high', ?, 'x', ?, ?)",
      )
      .bind(cattleId, owner.farmId, owner.userId)
      .run();
    ids = {
      id: String(cattleId),
      cattleId: String(cattleId),
      alertId: 'matrix-alert',
      shipmentId: shipment.json.data.shipmentId,
      eventId: String(event.json.data.eventId),
    };
  });

  const call = (method: string, path: string, init: { token?: string; headers?: Record<string, string> }) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'id' && path.startsWith('/events/') ? ids.eventId : ids[name],
    );
    return api(filled, { method, ...init, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
  };

  it('walks every farm-data route', () => {
    expect(farmOperations.length).toBeGreaterThan(25);
  });

  it.each(farmOperations)(
    '$method $path: 401 without a sign-in, 403 for another farm, nothing written',
    async ({ method, path }) => {
      const before = await snapshot(owner.farmId);
      expect((await call(method, path, {})).status).toBe(401);
      const foreign = await call(method, path, asMember(outsider, owner.farmId));
      expect(foreign.status).toBe(403);
      expect(foreign.json.error.message).toBe('この牧場へのアクセス権がありません');
      expect(await snapshot(owner.farmId)).toEqual(before);
    },
  );

  it.each(farmOperations)(
    '$method $path: each role is let through or refused, nothing written when refused',
    async ({ method, path }) => {
      for (const [role, member] of [
        ['viewer', viewer],
        ['staff', staff],
      ] as const) {
        const before = await snapshot(owner.farmId);
        const res = await call(method, path, asMember(member, owner.farmId));
        if (allowed(role, method, path)) {
          expect([401, 403], `${role} ${res.text}`).not.toContain(res.status);
        } else {
          expect(res.status, role).toBe(403);
          expect(res.json.error.message).toBe('この操作を行う権限がありません');
          expect(await snapshot(owner.farmId)).toEqual(before);
        }
      }
    },
  );
});
