/**
 * OPEN_AFTER_CHECK (docs/product.md §7, turn 4) through the app and D1: raised by the write that records a check
 * finding the cow open 30 days ago, kept by a heat, raised to high by the dawn run's regeneration on day 60, ended by
 * a service; an abortion with its own wording.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { farmDbOf } from '../test/shards';
import { regenerateAlertsForCattle } from './regenerate';

const today = todayJst();
const at = (date: string) => `${date}T10:00:00+09:00`;
let identification = 1_510_000_000;

type Farmer = Awaited<ReturnType<typeof signUp>>;
let farmer: Farmer;

async function register(name: string) {
  const id = ++identification;
  const res = await api('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      identificationNumber: id,
      earTagNumber: id % 10000,
      name,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      breeding: { parity: 2 },
    },
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
  return res.json.data;
}

/** The animal's OPEN_AFTER_CHECK alerts, as GET /alerts lists them (every status). */
const openAfterCheck = async (cattleId: number) => {
  const res = await api(
    `/alerts?cattleId=${cattleId}&alertType=OPEN_AFTER_CHECK&status=active,acknowledged,resolved,dismissed`,
    { token: farmer.token },
  );
  expect(res.status).toBe(200);
  return res.json.data.results as any[];
};

beforeAll(async () => {
  farmer = await signUp({ name: '繁殖 次郎' });
});

describe('OPEN_AFTER_CHECK through the API', () => {
  it('is raised by the write of a check that found her open 30 days ago, kept by a heat, ended by a service', async () => {
    const cow = await register('あかね');
    await record(cow, 'INSEMINATION', addDays(today, -70));
    expect(await openAfterCheck(cow)).toEqual([]);
    await record(cow, 'PREGNANCY_CHECK', addDays(today, -30), { result: 'OPEN' });
    // Day 30 after the check: medium, due on the check + 25 d = today − 5.
    const [alert] = await openAfterCheck(cow);
    expect(alert).toMatchObject({
      type: 'OPEN_AFTER_CHECK',
      severity: 'medium',
      status: 'active',
      dueAt: addDays(today, -5),
      message: '不受胎確認から30日・再授精なし',
    });
    // The default list (the farm's open alerts) has it too.
    const list = await api('/alerts', { token: farmer.token });
    expect(list.json.data.results.map((a: any) => a.id)).toContain(alert.id);

    // A heat does not end it.
    await record(cow, 'ESTRUS', addDays(today, -9));
    expect((await openAfterCheck(cow)).map((a) => [a.id, a.status])).toEqual([[alert.id, 'active']]);

    // The dawn run 30 days later (day 60): the same alert, now high.
    const db = await farmDbOf(farmer.farmId);
    const later = await regenerateAlertsForCattle(db, farmer.farmId, cow, { today: addDays(today, 30) });
    expect(later.raised.map((a) => [a.id, a.severity, a.message])).toEqual([
      [alert.id, 'high', '不受胎確認から60日・再授精なし'],
    ]);

    // A service ends it: resolved by the system.
    await record(cow, 'INSEMINATION', today);
    expect((await openAfterCheck(cow)).map((a) => [a.id, a.status])).toEqual([[alert.id, 'resolved']]);
  });

  it('is not raised on day 24, and counts from an abortion with its own wording', async () => {
    const cow = await register('しずく');
    await record(cow, 'INSEMINATION', addDays(today, -100));
    await record(cow, 'PREGNANCY_CHECK', addDays(today, -60), { result: 'PREGNANT' });
    await record(cow, 'ABORTION', addDays(today, -24));
    // Day 24 after the abortion: nothing yet.
    expect(await openAfterCheck(cow)).toEqual([]);
    // The dawn run the next day (day 25): medium, due on the abortion + 25 d = today + 1.
    const db = await farmDbOf(farmer.farmId);
    await regenerateAlertsForCattle(db, farmer.farmId, cow, { today: addDays(today, 1) });
    expect(await openAfterCheck(cow)).toMatchObject([
      { severity: 'medium', dueAt: addDays(today, 1), message: '流産から25日・再授精なし' },
    ]);
  });

  it('filters by the type and refuses an unknown one', async () => {
    const res = await api('/alerts?alertType=OPEN_AFTER_CHECK,FILING_OVERDUE', { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.results.every((a: any) => ['OPEN_AFTER_CHECK', 'FILING_OVERDUE'].includes(a.type))).toBe(true);
    expect((await api('/alerts?alertType=OPEN_AFTER', { token: farmer.token })).status).toBe(400);
  });
});
