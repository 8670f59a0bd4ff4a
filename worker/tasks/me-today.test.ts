import { beforeAll, describe, expect, it } from 'vitest';
import { createAlert } from '../alerts/alerts.service';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { farmDbOf } from '../test/shards';

const today = todayJst();
const tomorrow = addDays(today, 1);
const inSixtyDays = addDays(today, 60);

type Member = Awaited<ReturnType<typeof signUp>>;
let owner: Member;
let cowId: number;

const alertDue = async (dueAt: string, message: string, severity: 'high' | 'medium' = 'medium') =>
  createAlert(await farmDbOf(owner.farmId), {
    type: 'PREGNANCY_CHECK_DUE',
    severity,
    cattleId: cowId,
    farmId: owner.farmId,
    message,
    dueAt,
  });

beforeAll(async () => {
  owner = await signUp();
  const cow = await api('/cattle', {
    method: 'POST',
    token: owner.token,
    body: { name: 'みどり', identificationNumber: 1_970_000_001, gender: '雌', growthStage: 'MULTI_PAROUS' },
  });
  if (cow.status !== 201) throw new Error(cow.text);
  cowId = cow.json.data.cattleId;
  await alertDue(today, '本日の鑑定', 'high');
  await alertDue(tomorrow, '明日の鑑定');
  await alertDue(inSixtyDays, '60日後の鑑定', 'high');
  const programme = await api('/programmes', {
    method: 'POST',
    token: owner.token,
    body: {
      name: '巡回テスト',
      trigger: { kind: 'manual' },
      steps: [
        { day: 0, title: '今日の作業' },
        { day: 1, title: '明日の作業' },
        { day: 60, title: '60日後の作業' },
      ],
    },
  });
  if (programme.status !== 201) throw new Error(programme.text);
  const enrol = await api(`/programmes/${programme.json.data.id}/enrol`, {
    method: 'POST',
    token: owner.token,
    body: { cattleIds: [cowId], startDate: today },
  });
  if (enrol.status !== 201) throw new Error(enrol.text);
});

describe('GET /me/today never lists later items (§22)', () => {
  it('lists and counts only the alerts and tasks due today or earlier', async () => {
    const res = await api('/me/today', { token: owner.token });
    expect(res.status).toBe(200);
    const farm = res.json.data.find((f: { farmId: number }) => f.farmId === owner.farmId);
    const titles = farm.items.map((i: { kind: string; title: string; dueDate: string }) => [
      i.kind,
      i.title,
      i.dueDate,
    ]);
    // The alert due today (high) is listed; tomorrow's (medium) and the one in 60 days (high) are not.
    expect(titles.filter(([kind]: string[]) => kind === 'alert')).toEqual([['alert', '本日の鑑定', today]]);
    expect(farm.alerts).toEqual({ high: 1, medium: 0 });
    // Day 0 of a start today is due today; day 1 is tomorrow and day 60 is today + 60: neither is listed.
    expect(titles.filter(([kind]: string[]) => kind === 'task')).toEqual([['task', '今日の作業', today]]);
    expect(farm.tasksDue).toBe(1);
    expect(farm.items.every((i: { dueDate: string }) => i.dueDate <= today)).toBe(true);
  });

  it('401 without a session', async () => {
    expect((await api('/me/today')).status).toBe(401);
  });
});
