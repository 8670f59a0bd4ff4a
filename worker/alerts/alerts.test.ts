import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { encodeCursor } from '../lib/cursor';
import { api, signUp } from '../test/api';
import { everyShard, farmDbOf } from '../test/shards';
import type { AlertCreateInput } from './alerts.schemas';
import { createAlert } from './alerts.service';

const today = todayJst();
let identification = 1_500_000_000;

async function createCow(token: string, name = 'はなこ') {
  const res = await api('/cattle', {
    method: 'POST',
    token,
    body: {
      name,
      identificationNumber: ++identification,
      earTagNumber: identification % 10000,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
    },
  });
  if (res.status !== 201) throw new Error(`create cattle failed: ${res.text}`);
  return res.json.data.cattleId as number;
}

type Farmer = { token: string; userId: number; farmId: number };
const seed = async (owner: Farmer, cattleId: number, input: Partial<AlertCreateInput> = {}) =>
  createAlert(await farmDbOf(owner.farmId), {
    type: 'CALVING_WITHIN_60',
    severity: 'medium',
    cattleId,
    farmId: owner.farmId,
    message: '分娩予定まで残り12日（エサ強化）',
    dueAt: addDays(today, 12),
    ...input,
  });

const putStatus = (token: string, id: string, body: unknown) =>
  api(`/alerts/${id}/status`, { method: 'PUT', token, body });
const putMemo = (token: string, id: string, body: unknown) => api(`/alerts/${id}/memo`, { method: 'PUT', token, body });
const patch = (token: string, id: string, body: unknown) => api(`/alerts/${id}`, { method: 'PATCH', token, body });
const historyOf = (id: string) =>
  everyShard
    .prepare(
      'SELECT action, previous_status, new_status, changed_by, reason FROM alert_history WHERE alert_id = ? ORDER BY id',
    )
    .bind(id)
    .all<any>()
    .then((r) => r.results);
const row = (id: string) => everyShard.prepare('SELECT * FROM alerts WHERE id = ?').bind(id).first<any>();

let farmer: Farmer;
let neighbour: Farmer;
let cow: number;
let otherCow: number;
let neighbourCow: number;

beforeAll(async () => {
  farmer = await signUp();
  neighbour = await signUp();
  cow = await createCow(farmer.token, 'はなこ');
  otherCow = await createCow(farmer.token, 'もも');
  neighbourCow = await createCow(neighbour.token, 'となり');
});

describe('GET /alerts', () => {
  let lister: Farmer;
  let ids: Record<string, string>;
  beforeAll(async () => {
    lister = await signUp();
    const a = await createCow(lister.token, 'あや');
    const b = await createCow(lister.token, 'ばら');
    const mk = async (cattleId: number, input: Partial<AlertCreateInput>) => (await seed(lister, cattleId, input)).id;
    ids = {
      mediumSoon: await mk(a, { type: 'CALVING_WITHIN_60', severity: 'medium', dueAt: addDays(today, 3) }),
      highLate: await mk(a, {
        type: 'CALVING_OVERDUE',
        severity: 'high',
        dueAt: addDays(today, -2),
        message: '分娩予定日を2日超過',
      }),
      highOpen: await mk(b, {
        type: 'OPEN_DAYS_OVER60_NO_AI',
        severity: 'high',
        dueAt: addDays(today, -20),
        message: '分娩後80日経過・未授精',
      }),
      low: await mk(b, { type: 'PREGNANCY_CHECK_DUE', severity: 'low', dueAt: addDays(today, 30) }),
      mediumLater: await mk(b, { type: 'ESTRUS_OVER20_NOT_PREGNANT', severity: 'medium', dueAt: addDays(today, 10) }),
      resolved: await mk(a, { type: 'PREGNANCY_CHECK_DUE', severity: 'high', dueAt: addDays(today, -5) }),
    };
    await everyShard.prepare("UPDATE alerts SET status = 'resolved' WHERE id = ?").bind(ids.resolved).run();
    await everyShard.prepare("UPDATE alerts SET status = 'acknowledged' WHERE id = ?").bind(ids.low).run();
    await seed(neighbour, neighbourCow, { type: 'CALVING_OVERDUE', severity: 'high', dueAt: addDays(today, -1) });
  });

  it('lists open alerts, severity first then due date, with total and summary', async () => {
    const res = await api('/alerts', { token: lister.token });
    expect(res.status).toBe(200);
    expect(res.json.data.results.map((a: any) => a.id)).toEqual([
      ids.highOpen,
      ids.highLate,
      ids.mediumSoon,
      ids.mediumLater,
      ids.low,
    ]);
    expect(res.json.data.total).toBe(5);
    expect(res.json.data.summary).toEqual({
      high: 2,
      medium: 2,
      low: 1,
      urgent: 2,
      active: 5,
      resolved: 1,
      overdue: 2,
      dueSoon: 1,
    });
    expect(res.json.data.results[0]).toMatchObject({
      type: 'OPEN_DAYS_OVER60_NO_AI',
      severity: 'high',
      status: 'active',
      cattleName: 'ばら',
      message: '分娩後80日経過・未授精',
      memo: null,
    });
  });

  it("never shows another farm's alerts", async () => {
    const res = await api('/alerts', { token: lister.token });
    expect(res.json.data.results.every((a: any) => a.cattleName !== 'となり')).toBe(true);
  });

  it('filters by status, severity, type, animal and due date', async () => {
    const ids_ = async (query: string) =>
      (await api(`/alerts?${query}`, { token: lister.token })).json.data.results.map((a: any) => a.id);
    expect(await ids_('status=resolved')).toEqual([ids.resolved]);
    expect(await ids_('status=active,resolved&severity=high')).toEqual([ids.highOpen, ids.resolved, ids.highLate]);
    expect(await ids_('severity=medium')).toEqual([ids.mediumSoon, ids.mediumLater]);
    expect(await ids_('alertType=CALVING_OVERDUE')).toEqual([ids.highLate]);
    expect(await ids_(`startDate=${today}&endDate=${addDays(today, 10)}`)).toEqual([ids.mediumSoon, ids.mediumLater]);
    const cattleId = (await row(ids.low)).cattle_id;
    expect(await ids_(`cattleId=${cattleId}`)).toEqual([ids.highOpen, ids.mediumLater, ids.low]);
  });

  it('pages with a cursor without repeating or skipping', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await api(`/alerts?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: lister.token });
      expect(res.status).toBe(200);
      seen.push(...res.json.data.results.map((a: any) => a.id));
      cursor = res.json.data.nextCursor;
      expect(res.json.data.hasNext).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual([ids.highOpen, ids.highLate, ids.mediumSoon, ids.mediumLater, ids.low]);
  });

  it('takes at most 4 D1 round trips', async () => {
    const res = await api('/alerts', { token: lister.token, env: { BENCH_COUNT_D1: '1' } as never });
    expect(Number(res.headers.get('X-D1-Queries'))).toBeLessThanOrEqual(4);
  });

  it.each([
    ['alertType=SOMETHING', 'Invalid alert type'],
    ['severity=urgent', 'Invalid alert severity'],
    ['status=closed', 'Invalid alert status'],
    ['limit=0', 'limitは1から100の整数です'],
    ['limit=101', 'limitは1から100の整数です'],
    ['cattleId=-1', '牛のIDは正の数である必要があります'],
    ['startDate=2026-13-01', '日付はYYYY-MM-DD形式で入力してください'],
    ['startDate=2026-12-01&endDate=2026-11-01', '開始日は終了日以前にしてください'],
    ['cursor=garbage', 'カーソルが不正です'],
    // A cursor keyed by a rowid (before shard migration 0024): alerts page by animal and type on the same day.
    [`cursor=${encodeCursor({ v: '3|2026-11-01', id: 9 })}`, 'カーソルが不正です'],
    [`cursor=${encodeCursor({ v: '3|2026-11-01|NOT_A_TYPE', id: 9 })}`, 'カーソルが不正です'],
    [`cursor=${encodeCursor({ v: '4|2026-11-01|CALVING_OVERDUE', id: 9 })}`, 'カーソルが不正です'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await api(`/alerts?${query}`, { token: lister.token });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
  });

  it('needs a token (401)', async () => {
    const res = await api('/alerts');
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('No token provided');
  });
});

describe('PUT /alerts/{alertId}/status', () => {
  it('acknowledges, then resolves, setting each time once and writing history', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 20) });
    const ack = await putStatus(farmer.token, alert.id, { status: 'acknowledged' });
    expect(ack.status).toBe(200);
    expect(ack.json).toEqual({
      data: { id: alert.id, status: 'acknowledged', memo: null },
      message: 'アラートが確認済みに更新されました',
    });
    const acknowledgedAt = (await row(alert.id)).acknowledged_at;
    expect(acknowledgedAt).toBeTruthy();

    const done = await putStatus(farmer.token, alert.id, { status: 'resolved', reason: '授精しました' });
    expect(done.json).toEqual({
      data: { id: alert.id, status: 'resolved', memo: null },
      message: 'アラートが解決済みに更新されました',
    });
    const stored = await row(alert.id);
    expect(stored.acknowledged_at).toBe(acknowledgedAt);
    expect(stored.resolved_at).toBeTruthy();
    expect(await historyOf(alert.id)).toEqual([
      { action: 'created', previous_status: null, new_status: 'active', changed_by: 'system', reason: null },
      {
        action: 'acknowledged',
        previous_status: 'active',
        new_status: 'acknowledged',
        changed_by: String(farmer.userId),
        reason: null,
      },
      {
        action: 'resolved',
        previous_status: 'acknowledged',
        new_status: 'resolved',
        changed_by: String(farmer.userId),
        reason: '授精しました',
      },
    ]);
  });

  it('dismisses an active alert with a reason', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 21) });
    const res = await putStatus(farmer.token, alert.id, { status: 'dismissed', reason: '売却予定のため' });
    expect(res.json).toEqual({
      data: { id: alert.id, status: 'dismissed', memo: null },
      message: 'アラートが却下に更新されました',
    });
    const stored = await row(alert.id);
    expect(stored.acknowledged_at).toBeNull();
    expect(stored.resolved_at).toBeTruthy();
    expect((await historyOf(alert.id)).at(-1)).toMatchObject({
      action: 'dismissed',
      previous_status: 'active',
      reason: '売却予定のため',
    });
  });

  it('dismisses an acknowledged alert', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 22) });
    await putStatus(farmer.token, alert.id, { status: 'acknowledged' });
    const res = await putStatus(farmer.token, alert.id, { status: 'dismissed' });
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe('dismissed');
  });

  const paths: Record<string, string[]> = {
    active: [],
    acknowledged: ['acknowledged'],
    resolved: ['acknowledged', 'resolved'],
    dismissed: ['dismissed'],
  };
  const illegal: [string, string][] = [
    ['active', 'active'],
    ['active', 'resolved'],
    ['acknowledged', 'active'],
    ['acknowledged', 'acknowledged'],
    ['resolved', 'active'],
    ['resolved', 'acknowledged'],
    ['resolved', 'resolved'],
    ['resolved', 'dismissed'],
    ['dismissed', 'active'],
    ['dismissed', 'acknowledged'],
    ['dismissed', 'resolved'],
    ['dismissed', 'dismissed'],
  ];
  let offset = 100;
  it.each(illegal)('refuses %s → %s with "Cannot transition from X to Y"', async (from, to) => {
    const alert = await seed(farmer, otherCow, { dueAt: addDays(today, offset++) });
    for (const step of paths[from])
      expect((await putStatus(farmer.token, alert.id, { status: step })).status).toBe(200);
    const before = await historyOf(alert.id);
    const res = await putStatus(farmer.token, alert.id, { status: to });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: `Cannot transition from ${from} to ${to}`,
      field: 'status',
    });
    expect((await row(alert.id)).status).toBe(from);
    expect(await historyOf(alert.id)).toEqual(before);
  });

  it('refuses an unknown status and an over-long reason', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 23) });
    expect((await putStatus(farmer.token, alert.id, { status: 'closed' })).json.error.message).toBe(
      'Invalid alert status',
    );
    expect((await putStatus(farmer.token, alert.id, {})).json.error.message).toBe('Invalid alert status');
    const long = await putStatus(farmer.token, alert.id, { status: 'dismissed', reason: 'あ'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe('理由は500文字以内で入力してください');
  });

  it("refuses to change another farm's alert (404, like an unknown one) and leaves it unchanged", async () => {
    const alert = await seed(neighbour, neighbourCow, { dueAt: addDays(today, 24) });
    const res = await putStatus(farmer.token, alert.id, { status: 'acknowledged' });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'ALERT_NOT_FOUND', message: 'Alert not found' });
    expect(JSON.stringify(res.json)).not.toContain('となり');
    expect((await row(alert.id)).status).toBe('active');
  });

  it('answers 404 for an unknown alert and 401 without a token', async () => {
    const missing = await putStatus(farmer.token, 'f'.repeat(64), { status: 'acknowledged' });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: 'ALERT_NOT_FOUND', message: 'Alert not found' });
    expect(
      (await api(`/alerts/${'f'.repeat(64)}/status`, { method: 'PUT', body: { status: 'acknowledged' } })).status,
    ).toBe(401);
  });
});

describe('PUT /alerts/{alertId}/memo', () => {
  it('saves the memo with history, and an empty memo clears it', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 30) });
    const res = await putMemo(farmer.token, alert.id, { memo: '獣医さんに相談済み' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: { id: alert.id, memo: '獣医さんに相談済み' },
      message: 'Alert memo updated successfully',
    });
    expect((await row(alert.id)).status).toBe('active');
    const cleared = await putMemo(farmer.token, alert.id, { memo: '' });
    expect(cleared.json.data.memo).toBeNull();
    expect((await historyOf(alert.id)).slice(1)).toEqual([
      {
        action: 'updated',
        previous_status: 'active',
        new_status: 'active',
        changed_by: String(farmer.userId),
        reason: 'メモを更新しました',
      },
      {
        action: 'updated',
        previous_status: 'active',
        new_status: 'active',
        changed_by: String(farmer.userId),
        reason: 'メモを削除しました',
      },
    ]);
  });

  it('refuses a memo over 1000 characters', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 31) });
    const res = await putMemo(farmer.token, alert.id, { memo: 'あ'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message: 'memo must be at most 1000 characters', field: 'memo' });
    expect((await putMemo(farmer.token, alert.id, { memo: 'あ'.repeat(1000) })).status).toBe(200);
  });

  it("refuses another farm's alert (404), an unknown one (404) and no token (401)", async () => {
    const alert = await seed(neighbour, neighbourCow, { dueAt: addDays(today, 32) });
    const other = await putMemo(farmer.token, alert.id, { memo: 'のぞき' });
    expect(other.status).toBe(404);
    expect(other.json.error).toMatchObject({ code: 'ALERT_NOT_FOUND', message: 'Alert not found' });
    expect(JSON.stringify(other.json)).not.toContain('となり');
    expect((await row(alert.id)).memo).toBeNull();
    expect((await putMemo(farmer.token, 'nope', { memo: 'x' })).status).toBe(404);
    expect((await api(`/alerts/${alert.id}/memo`, { method: 'PUT', body: { memo: 'x' } })).status).toBe(401);
  });
});

describe('PATCH /alerts/{alertId}', () => {
  it('needs a status or a memo', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 40) });
    const res = await patch(farmer.token, alert.id, {});
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Either status or memo must be provided');
  });

  it('changes status and memo together, with a history row for each', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 41) });
    const res = await patch(farmer.token, alert.id, { status: 'acknowledged', memo: '明日授精予定' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: { id: alert.id, status: 'acknowledged', memo: '明日授精予定' },
      message: 'アラートが確認済みに更新されました',
    });
    expect((await historyOf(alert.id)).map((h: any) => h.action)).toEqual(['created', 'acknowledged', 'updated']);
  });

  it('changes the memo alone', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 42) });
    const res = await patch(farmer.token, alert.id, { memo: 'メモだけ' });
    expect(res.json).toEqual({
      data: { id: alert.id, status: 'active', memo: 'メモだけ' },
      message: 'Alert memo updated successfully',
    });
  });

  it('refuses an illegal transition and an over-long memo', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 43) });
    const res = await patch(farmer.token, alert.id, { status: 'resolved', memo: 'x' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Cannot transition from active to resolved');
    expect((await row(alert.id)).memo).toBeNull();
    expect((await patch(farmer.token, alert.id, { memo: 'x'.repeat(1001) })).json.error.message).toBe(
      'memo must be at most 1000 characters',
    );
  });

  it("refuses another farm's alert (404), an unknown one (404) and no token (401)", async () => {
    const alert = await seed(neighbour, neighbourCow, { dueAt: addDays(today, 44) });
    const other = await patch(farmer.token, alert.id, { status: 'dismissed' });
    expect(other.status).toBe(404);
    expect(other.json.error).toMatchObject({ code: 'ALERT_NOT_FOUND', message: 'Alert not found' });
    expect(await row(alert.id)).toMatchObject({ status: 'active', resolved_at: null });
    expect((await patch(farmer.token, 'nope', { memo: 'x' })).status).toBe(404);
    expect((await api(`/alerts/${alert.id}`, { method: 'PATCH', body: { memo: 'x' } })).status).toBe(401);
  });
});

describe('GET /alerts/{alertId}/history', () => {
  it('returns the alert and its changes, oldest first', async () => {
    const alert = await seed(farmer, cow, { dueAt: addDays(today, 50) });
    await putStatus(farmer.token, alert.id, { status: 'acknowledged' });
    const res = await api(`/alerts/${alert.id}/history`, {
      token: farmer.token,
      env: { BENCH_COUNT_D1: '1' } as never,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.alert).toMatchObject({ id: alert.id, status: 'acknowledged' });
    expect(res.json.data.results.map((h: any) => [h.action, h.changedBy])).toEqual([
      ['created', 'system'],
      ['acknowledged', String(farmer.userId)],
    ]);
    expect(Number(res.headers.get('X-D1-Queries'))).toBeLessThanOrEqual(4);
  });

  it("hides another farm's alert (404), an unknown one (404), and needs a token (401)", async () => {
    const alert = await seed(neighbour, neighbourCow, { dueAt: addDays(today, 51) });
    const other = await api(`/alerts/${alert.id}/history`, { token: farmer.token });
    expect(other.status).toBe(404);
    expect(other.json.error.message).toBe('Alert not found');
    expect((await api('/alerts/nope/history', { token: farmer.token })).status).toBe(404);
    expect((await api(`/alerts/${alert.id}/history`)).status).toBe(401);
  });
});

describe('createAlert (docs/product.md §7 Alert create)', () => {
  const valid = (): AlertCreateInput => ({
    type: 'CALVING_OVERDUE',
    severity: 'high',
    cattleId: cow,
    farmId: farmer.farmId,
    message: '分娩予定日を3日超過',
    dueAt: addDays(today, -3),
  });
  const refusal = async (input: unknown) => {
    try {
      await createAlert(await farmDbOf(farmer.farmId), input as AlertCreateInput);
    } catch (err) {
      return { status: (err as any).status, message: (err as Error).message };
    }
    throw new Error('expected a refusal');
  };

  it('creates an active alert with the animal name and a created history row', async () => {
    const alert = await createAlert(await farmDbOf(farmer.farmId), { ...valid(), dueAt: addDays(today, -300) });
    expect(alert).toMatchObject({ status: 'active', cattleName: 'はなこ', memo: null, message: '分娩予定日を3日超過' });
    expect(alert.id).toMatch(/^[0-9a-f]{64}$/);
    expect(await historyOf(alert.id)).toEqual([
      { action: 'created', previous_status: null, new_status: 'active', changed_by: 'system', reason: null },
    ]);
  });

  it.each([
    [{ type: 'BROKEN_LEG' }, 'Invalid alert type'],
    [{ severity: 'critical' }, 'Invalid alert severity'],
    [{ message: '   ' }, 'message is required'],
    [{ message: 'あ'.repeat(501) }, 'message must be at most 500 characters'],
    [{ memo: 'あ'.repeat(1001) }, 'memo must be at most 1000 characters'],
    [{ cattleId: undefined }, 'cattleId is required'],
    [{ farmId: undefined }, 'farmId is required'],
    [{ dueAt: 'tomorrow' }, 'dueAt must be a date (YYYY-MM-DD)'],
  ])('refuses %o', async (change, message) => {
    expect(await refusal({ ...valid(), ...change })).toEqual({ status: 400, message });
  });

  it('accepts dueAt from exactly 1 year back to exactly 2 years ahead', async () => {
    const yearBack = new Date(`${today}T00:00:00Z`);
    yearBack.setUTCFullYear(yearBack.getUTCFullYear() - 1);
    const back = yearBack.toISOString().slice(0, 10);
    const ahead = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
    expect((await createAlert(await farmDbOf(farmer.farmId), { ...valid(), dueAt: back })).dueAt).toBe(back);
    expect((await createAlert(await farmDbOf(farmer.farmId), { ...valid(), dueAt: ahead })).dueAt).toBe(ahead);
    expect(await refusal({ ...valid(), dueAt: addDays(back, -1) })).toEqual({
      status: 400,
      message: 'dueAt must not be more than 1 year in the past',
    });
    expect(await refusal({ ...valid(), dueAt: addDays(ahead, 1) })).toEqual({
      status: 400,
      message: 'dueAt must not be more than 2 years in the future',
    });
  });

  it('refuses an animal of another farm (404) and a duplicate (409)', async () => {
    expect(await refusal({ ...valid(), cattleId: neighbourCow })).toEqual({
      status: 404,
      message: '指定された牛が見つかりません',
    });
    await createAlert(await farmDbOf(farmer.farmId), { ...valid(), dueAt: addDays(today, -7) });
    expect(await refusal({ ...valid(), dueAt: addDays(today, -7) })).toEqual({
      status: 409,
      message: 'このアラートは既に存在します',
    });
  });
});
