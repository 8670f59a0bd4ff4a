/**
 * The §7 rules that read the animal itself (breed, birthday, growth stage, parity) and the severity that rises, through
 * the app and D1: DRY_OFF_DUE on a ホルスタイン, HEIFER_NOT_BRED on an unbred heifer, and CALVING_OVERDUE turning
 * high on its 8th day while the farmer's status and memo stay.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runDailyAlerts } from '../dawn/daily';
import { monthBirthday } from '../domain/alert-rules';
import { addDays, daysBetween, jstStartOfDay, todayJst } from '../domain/calendar';
import { api, signUp, testEnv } from '../test/api';
import { everyShard, farmDbOf, shardOf } from '../test/shards';
import { regenerateAlertsForCattle } from './regenerate';

const today = todayJst();
const at = (date: string) => `${date}T10:00:00+09:00`;
let identification = 1_500_000_000;

type Farmer = Awaited<ReturnType<typeof signUp>>;
let farmer: Farmer;

async function register(body: Record<string, unknown>) {
  const id = ++identification;
  const res = await api('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: { identificationNumber: id, earTagNumber: id % 10000, gender: '雌', ...body },
  });
  if (res.status !== 201) throw new Error(`create cattle failed: ${res.text}`);
  return res.json.data.cattleId as number;
}

async function record(cattleId: number, eventType: string, date: string, details?: unknown) {
  const res = await api('/events', {
    method: 'POST',
    token: farmer.token,
    body: { cattleId, eventType, eventDatetime: at(date), details },
  });
  if (res.status !== 201) throw new Error(`record ${eventType} failed: ${res.text}`);
}

/** The animal's alerts as the API lists them (every status). */
const alertsOf = async (cattleId: number) => {
  const res = await api(`/alerts?cattleId=${cattleId}&status=active,acknowledged,resolved,dismissed`, {
    token: farmer.token,
  });
  expect(res.status).toBe(200);
  return res.json.data.results as any[];
};
const rowsOf = (cattleId: number) =>
  everyShard
    .prepare('SELECT * FROM alerts WHERE cattle_id = ? ORDER BY type, due_at')
    .bind(cattleId)
    .all<any>()
    .then((r) => r.results);

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  farmer = await signUp({ name: '乳牛 花子' });
});

describe('DRY_OFF_DUE', () => {
  it('reminds the farmer to dry off a pregnant ホルスタイン 60 days before calving, until a DRY_OFF is recorded', async () => {
    const cow = await register({
      name: 'ミルク',
      growthStage: 'MULTI_PAROUS',
      breed: 'ホルスタイン',
      breeding: { parity: 2 },
    });
    // Served 218 days ago and checked pregnant: she is due in 279–285 − 218 = 61–67 days whatever the gestation,
    // so the dry-off day (expected − 60) is 1–7 days away, inside the 7-day lead.
    await record(cow, 'INSEMINATION', addDays(today, -218));
    await record(cow, 'PREGNANCY_CHECK', addDays(today, -180), { result: 'PREGNANT' });
    const state = await (await shardOf(farmer.farmId))
      .prepare('SELECT expected_calving_date FROM breeding_status WHERE cattle_id = ?')
      .bind(cow)
      .first<{ expected_calving_date: string }>();
    const expected = state!.expected_calving_date;
    const dryOff = addDays(expected, -60);
    const remaining = daysBetween(today, dryOff);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(7);
    const [, m, d] = expected.split('-').map(Number);

    const dry = (await alertsOf(cow)).find((a) => a.type === 'DRY_OFF_DUE');
    expect(dry).toMatchObject({
      severity: 'medium',
      status: 'active',
      dueAt: dryOff,
      message: `乾乳予定まで残り${remaining}日（分娩予定 ${m}/${d}）`,
    });
    // A dairy cow is not fed up before calving: no エサ強化 in any of her alerts.
    expect((await alertsOf(cow)).every((a) => !a.message.includes('エサ強化'))).toBe(true);

    await record(cow, 'DRY_OFF', today);
    const after = (await alertsOf(cow)).find((a) => a.id === dry.id);
    expect(after.status).toBe('resolved');
  });

  it('leaves a pregnant beef cow alone', async () => {
    const cow = await register({
      name: 'くろ',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      breeding: { parity: 2 },
    });
    await record(cow, 'INSEMINATION', addDays(today, -220));
    await record(cow, 'PREGNANCY_CHECK', addDays(today, -180), { result: 'PREGNANT' });
    expect((await alertsOf(cow)).map((a) => a.type)).not.toContain('DRY_OFF_DUE');
  });
});

describe('HEIFER_NOT_BRED', () => {
  // Born 15 calendar months before today (the day clamped to the month's end), so she is exactly 15 months old.
  const born = monthBirthday(today, -15);

  it('raises an alert for an unbred heifer of 15 months, due on her 14-month birthday; a service resolves it', async () => {
    const heifer = await register({ name: 'はるか', growthStage: 'GROWING', breed: '黒毛和種', birthday: born });
    // Registering does not regenerate alerts yet (worker/cattle); the daily run or the next event would.
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, heifer);
    const [alert] = await alertsOf(heifer);
    expect(alert).toMatchObject({
      type: 'HEIFER_NOT_BRED',
      severity: 'medium',
      status: 'active',
      dueAt: monthBirthday(born, 14),
      message: '15か月齢・未授精（種付け適期）',
    });
    // The list filters by the new types.
    const filtered = await api('/alerts?alertType=HEIFER_NOT_BRED,DRY_OFF_DUE', { token: farmer.token });
    expect(filtered.status).toBe(200);
    expect(filtered.json.data.results.map((a: any) => a.id)).toContain(alert.id);
    expect(filtered.json.data.results.every((a: any) => ['HEIFER_NOT_BRED', 'DRY_OFF_DUE'].includes(a.type))).toBe(
      true,
    );

    await record(heifer, 'INSEMINATION', today);
    expect((await alertsOf(heifer)).find((a) => a.id === alert.id).status).toBe('resolved');
  });

  it('raises none for a bull, a fattening heifer or a cow registered with parity 1', async () => {
    const bull = await register({ name: 'たろう', gender: '雄', growthStage: 'GROWING', birthday: born });
    const fattening = await register({ name: 'ふとる', growthStage: 'FATTENING', birthday: born });
    const parous = await register({ name: 'いちこ', growthStage: 'GROWING', birthday: born, breeding: { parity: 1 } });
    for (const id of [bull, fattening, parous]) {
      await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, id);
      expect(await rowsOf(id)).toEqual([]);
    }
  });

  it('resolves the alert of a heifer that died, and raises nothing for her again', async () => {
    const heifer = await register({ name: 'なつ', growthStage: 'GROWING', birthday: born });
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, heifer);
    const [alert] = await rowsOf(heifer);
    expect(alert.status).toBe('active');
    await record(heifer, 'DEATH', today);
    expect((await rowsOf(heifer)).map((a) => [a.id, a.status])).toEqual([[alert.id, 'resolved']]);
    const again = await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, heifer);
    expect(again).toMatchObject({ created: [], refreshed: 0, resolved: 0 });
  });
});

describe('CALVING_OVERDUE rising from medium to high', () => {
  it('keeps its id, status and memo when it turns high on the 8th day, and the morning digest names it', async () => {
    const cow = await register({
      name: 'おそい',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      breeding: { parity: 1 },
    });
    // Expected 7 days ago (the state row, as the breeding engine would keep it): today is the 7th day over.
    const expected = addDays(today, -7);
    await (await shardOf(farmer.farmId))
      .prepare(
        'UPDATE breeding_status SET expected_calving_date = ?, conception_date = ?, last_insemination_date = ? WHERE cattle_id = ?',
      )
      .bind(expected, addDays(expected, -285), addDays(expected, -285), cow)
      .run();
    await (await shardOf(farmer.farmId))
      .prepare("UPDATE cattle SET status = 'PREGNANT' WHERE cattle_id = ?")
      .bind(cow)
      .run();

    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    const [day7] = await rowsOf(cow);
    expect(day7).toMatchObject({
      type: 'CALVING_OVERDUE',
      severity: 'medium',
      status: 'active',
      due_at: expected,
      message: '分娩予定日を7日超過',
    });
    const patch = await api(`/alerts/${day7.id}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'acknowledged', memo: '獣医に連絡済み' },
    });
    expect(patch.status).toBe(200);

    // The next morning (06:00 JST) the daily run finds the 8th day over.
    const tomorrow = addDays(today, 1);
    const run = await runDailyAlerts(testEnv, { now: new Date(jstStartOfDay(tomorrow).getTime() + 6 * 3_600_000) });
    expect(run.raised).toBeGreaterThanOrEqual(1);
    const [day8] = await rowsOf(cow);
    expect(day8).toMatchObject({
      id: day7.id,
      type: 'CALVING_OVERDUE',
      severity: 'high',
      status: 'acknowledged',
      memo: '獣医に連絡済み',
      due_at: expected,
      message: '分娩予定日を8日超過',
    });
    expect(await rowsOf(cow)).toHaveLength(1);

    const { results: mails } = await env.DB.prepare(
      'SELECT subject, text FROM dev_outbox WHERE "to" = ? AND subject LIKE \'【牛帳】対応が必要なアラート%\' ORDER BY id',
    )
      .bind(farmer.email)
      .all<any>();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('おそい');
    expect(mails[0].text).toContain('分娩予定日を8日超過');

    // Run again the same morning: nothing rises twice.
    const again = await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow, {
      today: tomorrow,
    });
    expect(again).toMatchObject({ created: [], raised: [], refreshed: 0 });
  });
});
