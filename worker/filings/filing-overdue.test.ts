/**
 * FILING_OVERDUE raised by the write that leaves a filing past due (docs/product.md §21, turn 4): a birth, an arrival, a
 * shipment and a death recorded late have their alert when GET /alerts is asked right after, not at the next dawn;
 * a correction that brings the filing back within its week and a deleted event resolve it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';

type Session = Awaited<ReturnType<typeof signUp>>;
let owner: Session;
const today = todayJst();
const at = (date: string) => `${date}T10:00:00+09:00`;
/** '転入の届出が未了（期限 MM/DD）' for a due date. */
const title = (kind: string, due: string) => `${kind}の届出が未了（期限 ${due.slice(5, 7)}/${due.slice(8)}）`;

let nextId = 1_481_000_000;
async function animal(fields: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token: owner.token,
    body: {
      identificationNumber: nextId++,
      name: '遅れ',
      gender: '雌',
      birthday: '2020-04-01',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      ...fields,
    },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.json.data.cattleId as number;
}

async function record(cattleId: number, eventType: string, date: string, details?: unknown) {
  const res = await api('/events', {
    method: 'POST',
    token: owner.token,
    body: { cattleId, eventType, eventDatetime: at(date), ...(details ? { details } : {}) },
  });
  if (res.status !== 201) throw new Error(`${eventType} failed ${res.status} ${res.text}`);
  return res.json.data as { eventId: number; details: any };
}

/** The animal's FILING_OVERDUE alerts as GET /alerts answers them (every status). */
async function overdueOf(cattleId: number) {
  const res = await api(
    `/alerts?cattleId=${cattleId}&alertType=FILING_OVERDUE&status=active,acknowledged,resolved,dismissed`,
    { token: owner.token },
  );
  expect(res.status).toBe(200);
  return (res.json.data.results as any[]).map((a) => ({
    severity: a.severity,
    status: a.status,
    dueAt: a.dueAt,
    message: a.message,
  }));
}

beforeAll(async () => {
  owner = await signUp({ name: '届出 遅子' });
});

describe('FILING_OVERDUE raised by the write (§21, turn 4)', () => {
  it('a birth recorded 10 days late: the calf’s alert is there right after the write', async () => {
    const cow = await animal();
    // Born 10 days ago: due 10 − 7 = 3 days ago.
    const born = addDays(today, -10);
    const calving = await record(cow, 'CALVING', born, { calves: [{ gender: '雌', earTagNumber: '4321' }] });
    const calf = calving.details.calves[0].cattleId as number;
    const due = addDays(born, 7);
    expect(await overdueOf(calf)).toEqual([
      { severity: 'medium', status: 'active', dueAt: due, message: title('出生', due) },
    ]);
    // The dam has no filing, so no such alert.
    expect(await overdueOf(cow)).toEqual([]);
  });

  it('a birth recorded within its week raises nothing', async () => {
    const cow = await animal();
    // Born 6 days ago: due tomorrow.
    const calving = await record(cow, 'CALVING', addDays(today, -6), { calves: [{ gender: '雄' }] });
    expect(await overdueOf(calving.details.calves[0].cattleId)).toEqual([]);
  });

  it('an arrival recorded late raises MOVE_IN’s; correcting it into its week, or deleting it, resolves it', async () => {
    const cow = await animal();
    const arrived = addDays(today, -9);
    const arrival = await record(cow, 'ARRIVAL', arrived, { fromName: '南牧場' });
    const due = addDays(arrived, 7);
    expect(await overdueOf(cow)).toEqual([
      { severity: 'medium', status: 'active', dueAt: due, message: title('転入', due) },
    ]);

    // Corrected to 2 days ago: due in 5 days, so no longer overdue.
    const fixed = await api(`/events/${arrival.eventId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { eventDatetime: at(addDays(today, -2)) },
    });
    expect(fixed.status).toBe(200);
    expect((await overdueOf(cow)).map((a) => a.status)).toEqual(['resolved']);

    // Back to 12 days ago: a new due date, a new alert; deleting the event resolves it.
    const back = await api(`/events/${arrival.eventId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { eventDatetime: at(addDays(today, -12)) },
    });
    expect(back.status).toBe(200);
    const dueBack = addDays(today, -5);
    expect(await overdueOf(cow)).toContainEqual({
      severity: 'medium',
      status: 'active',
      dueAt: dueBack,
      message: title('転入', dueBack),
    });
    expect((await api(`/events/${arrival.eventId}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await overdueOf(cow)).every((a) => a.status === 'resolved')).toBe(true);
  });

  it('a shipment recorded late, as an event or as a shipment record, raises MOVE_OUT’s on the shipped animal', async () => {
    const steer = await animal({ gender: '去勢', growthStage: 'FATTENING' });
    const shipped = addDays(today, -8);
    await record(steer, 'SHIPMENT', shipped, { toName: '食肉センター' });
    const due = addDays(shipped, 7);
    expect(await overdueOf(steer)).toEqual([
      { severity: 'medium', status: 'active', dueAt: due, message: title('転出', due) },
    ]);

    const other = await animal({ gender: '去勢', growthStage: 'FATTENING' });
    const res = await api('/shipments', {
      method: 'POST',
      token: owner.token,
      body: { cattleId: other, shipmentDate: addDays(today, -20), price: 800000, toName: '市場' },
    });
    expect(res.status).toBe(201);
    const dueOther = addDays(today, -13);
    expect(await overdueOf(other)).toEqual([
      { severity: 'medium', status: 'active', dueAt: dueOther, message: title('転出', dueOther) },
    ]);
  });

  it('a death recorded late raises DEATH’s, the one alert a dead animal keeps', async () => {
    const cow = await animal();
    const died = addDays(today, -15);
    await record(cow, 'DEATH', died, { disposalName: '化製場' });
    const due = addDays(died, 7);
    expect(await overdueOf(cow)).toEqual([
      { severity: 'medium', status: 'active', dueAt: due, message: title('死亡', due) },
    ]);
  });

  it('two late arrivals recorded at once on two animals raise one alert each', async () => {
    const [a, b] = [await animal(), await animal()];
    const day = addDays(today, -11);
    await Promise.all([record(a, 'ARRIVAL', day), record(b, 'ARRIVAL', day)]);
    const due = addDays(day, 7);
    for (const cow of [a, b])
      expect(await overdueOf(cow)).toEqual([
        { severity: 'medium', status: 'active', dueAt: due, message: title('転入', due) },
      ]);
  });
});
