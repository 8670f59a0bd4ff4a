import { beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../db/client';
import { addDays, todayJst } from '../domain/calendar';
import { countingD1 } from '../lib/d1-counter';
import { api, signUp } from '../test/api';
import { everyShard, farmDbOf, shardOf } from '../test/shards';
import { packOwners, regenerateAlerts, regenerateAlertsForCattle } from './regenerate';

const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T10:00:00+09:00`;
let identification = 1_600_000_000;

type Farmer = { token: string; userId: number; farmId: number };

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
      breed: '黒毛和種',
    },
  });
  if (res.status !== 201) throw new Error(`create cattle failed: ${res.text}`);
  return res.json.data.cattleId as number;
}

async function record(token: string, cattleId: number, eventType: string, offset: number, details?: unknown) {
  const res = await api('/events', {
    method: 'POST',
    token,
    body: { cattleId, eventType, eventDatetime: at(offset), details },
  });
  if (res.status !== 201) throw new Error(`record event failed: ${res.text}`);
}

const alertsOf = (cattleId: number) =>
  everyShard
    .prepare('SELECT * FROM alerts WHERE cattle_id = ? ORDER BY type, due_at')
    .bind(cattleId)
    .all<any>()
    .then((r) => r.results);
const historyOf = (id: string) =>
  everyShard
    .prepare(
      'SELECT action, previous_status, new_status, changed_by, reason FROM alert_history WHERE alert_id = ? ORDER BY id',
    )
    .bind(id)
    .all<any>()
    .then((r) => r.results);

let farmer: Farmer;
let neighbour: Farmer;

beforeAll(async () => {
  farmer = await signUp();
  neighbour = await signUp();
});

describe('regenerateAlertsForCattle', () => {
  it('raises OPEN_DAYS after a calving 72 days ago, and an insemination resolves it by the system', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, cow, 'CALVING', -72);
    // (Event writes also regenerate; running it here again must come to the same.)
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    const [alert] = await alertsOf(cow);
    expect(alert).toMatchObject({
      type: 'OPEN_DAYS_OVER60_NO_AI',
      severity: 'high',
      status: 'active',
      cattle_name: 'はなこ',
      due_at: addDays(today, -12),
      message: '分娩後72日経過・未授精',
      farm_id: farmer.farmId,
      created_by: farmer.userId,
    });
    expect(alert.id).toMatch(/^[0-9a-f]{64}$/);

    await record(farmer.token, cow, 'INSEMINATION', 0);
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    const [after] = (await alertsOf(cow)).filter((a: any) => a.id === alert.id);
    expect(after.status).toBe('resolved');
    expect(after.resolved_at).toBeTruthy();
    expect(await historyOf(alert.id)).toEqual([
      { action: 'created', previous_status: null, new_status: 'active', changed_by: 'system', reason: null },
      {
        action: 'resolved',
        previous_status: 'active',
        new_status: 'resolved',
        changed_by: 'system',
        reason: '条件が解消されました',
      },
    ]);
  });

  it('changes nothing when run again, in a single D1 round trip', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, cow, 'CALVING', -65);
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    const before = await alertsOf(cow);
    const counter = { n: 0 };
    const again = await regenerateAlertsForCattle(
      clientOf(countingD1(await shardOf(farmer.farmId), counter)),
      farmer.farmId,
      cow,
    );
    expect(again).toEqual({ created: [], raised: [], refreshed: 0, resolved: 0, skipped: 0 });
    expect(counter.n).toBe(1);
    expect(await alertsOf(cow)).toEqual(before);
    expect(await historyOf(before[0].id)).toHaveLength(1);
  });

  it('keeps the status and memo the farmer set while refreshing the day count the next day', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, cow, 'CALVING', -61);
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    const [alert] = await alertsOf(cow);
    await api(`/alerts/${alert.id}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'acknowledged', memo: '来週授精' },
    });
    const next = await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow, {
      today: addDays(today, 1),
    });
    expect(next).toMatchObject({ created: [], refreshed: 1, resolved: 0 });
    const [after] = await alertsOf(cow);
    expect(after).toMatchObject({
      id: alert.id,
      status: 'acknowledged',
      memo: '来週授精',
      message: '分娩後62日経過・未授精',
    });
    expect((await historyOf(alert.id)).map((h: any) => h.action)).toEqual(['created', 'acknowledged', 'updated']);
  });

  it('does not reopen an alert the farmer dismissed', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, cow, 'CALVING', -70);
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    const [alert] = await alertsOf(cow);
    await api(`/alerts/${alert.id}/status`, {
      method: 'PUT',
      token: farmer.token,
      body: { status: 'dismissed', reason: '廃用予定' },
    });
    const again = await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    expect(again.created).toEqual([]);
    expect(await alertsOf(cow)).toEqual([expect.objectContaining({ id: alert.id, status: 'dismissed' })]);
  });

  it('follows the animal name into its alerts', async () => {
    const cow = await createCow(farmer.token, 'さくら');
    await record(farmer.token, cow, 'CALVING', -80);
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    await api(`/cattle/${cow}`, { method: 'PATCH', token: farmer.token, body: { name: 'さくら二号' } });
    await regenerateAlertsForCattle(await farmDbOf(farmer.farmId), farmer.farmId, cow);
    expect((await alertsOf(cow))[0].cattle_name).toBe('さくら二号');
  });

  it("ignores another farm's animal", async () => {
    const theirs = await createCow(neighbour.token);
    await record(neighbour.token, theirs, 'CALVING', -90);
    const before = await alertsOf(theirs);
    const result = await regenerateAlerts(await farmDbOf(farmer.farmId), farmer.farmId, [theirs]);
    expect(result).toEqual({ created: [], raised: [], refreshed: 0, resolved: 0, skipped: 0 });
    expect(await alertsOf(theirs)).toEqual(before);
    expect(before.every((a: any) => a.farm_id === neighbour.farmId)).toBe(true);
  });
});

describe('regenerateAlerts for a whole herd', () => {
  it('writes every alert type in statements that stay within D1 limits', async () => {
    const owner = await signUp();
    const cows: number[] = [];
    for (let i = 0; i < 24; i++) {
      const id = ++identification;
      const { meta } = await (await shardOf(owner.farmId))
        .prepare(
          "INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, status) VALUES (?, ?, ?, ?, ?, '雌', 'HEALTHY')",
        )
        .bind(owner.farmId, owner.userId, String(id), String(id % 10000), `牛${i}`)
        .run();
      cows.push(meta.last_row_id);
    }
    // [last calving, expected calving, last insemination, scheduled check]: one alert type per cow.
    const states: (string | null)[][] = [
      [addDays(today, -70), null, null, null], // OPEN_DAYS_OVER60_NO_AI
      [null, addDays(today, 12), null, null], // CALVING_WITHIN_60
      [null, addDays(today, -3), null, null], // CALVING_OVERDUE
      [null, null, addDays(today, -21), addDays(today, 9)], // ESTRUS_OVER20_NOT_PREGNANT
      [addDays(today, -70), null, null, null],
      [null, addDays(today, 12), null, null],
      [null, addDays(today, -3), null, null],
      [null, null, addDays(today, -28), addDays(today, 2)], // PREGNANCY_CHECK_DUE
    ];
    const shard = await shardOf(owner.farmId);
    const statements = cows.map((cattleId, i) =>
      shard
        .prepare(
          'INSERT INTO breeding_status (cattle_id, last_calving_date, expected_calving_date, last_insemination_date, scheduled_pregnancy_check_date) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(cattleId, ...states[i % states.length]),
    );
    await shard.batch(statements);

    const result = await regenerateAlerts(await farmDbOf(owner.farmId), owner.farmId);
    const types = result.created.map((a) => a.type);
    expect(new Set(types)).toEqual(
      new Set([
        'OPEN_DAYS_OVER60_NO_AI',
        'CALVING_WITHIN_60',
        'CALVING_OVERDUE',
        'ESTRUS_OVER20_NOT_PREGNANT',
        'PREGNANCY_CHECK_DUE',
      ]),
    );
    expect(result.created).toHaveLength(24);
    const { results: stored } = await (await shardOf(owner.farmId))
      .prepare('SELECT id, type, message FROM alerts WHERE farm_id = ?')
      .bind(owner.farmId)
      .all<any>();
    expect(stored).toHaveLength(result.created.length);
    const { results: created } = await everyShard
      .prepare(
        "SELECT count(*) AS n FROM alert_history h JOIN alerts a ON a.id = h.alert_id WHERE a.farm_id = ? AND h.action = 'created'",
      )
      .bind(owner.farmId)
      .all<any>();
    expect(created[0].n).toBe(result.created.length);
    expect(stored.find((a: any) => a.type === 'CALVING_WITHIN_60').message).toBe('分娩予定まで残り12日（エサ強化）');

    // The same herd, with a cow that has since died: her alerts are resolved, nothing else moves.
    await (await shardOf(owner.farmId))
      .prepare("UPDATE cattle SET status = 'DEAD' WHERE cattle_id = ?")
      .bind(cows[0])
      .run();
    const after = await regenerateAlerts(await farmDbOf(owner.farmId), owner.farmId);
    expect(after).toMatchObject({ created: [], refreshed: 0 });
    expect(after.resolved).toBeGreaterThanOrEqual(1);
    expect((await alertsOf(cows[0])).every((a: any) => a.status === 'resolved')).toBe(true);
  });

  it('skips an alert the create rules refuse: a due date more than a year back', async () => {
    const owner = await signUp();
    const cow = await createCow(owner.token);
    await record(owner.token, cow, 'CALVING', -500);
    const result = await regenerateAlerts(await farmDbOf(owner.farmId), owner.farmId);
    expect(result).toMatchObject({ created: [], skipped: 1 });
  });
});

describe('packOwners', () => {
  it('keeps scopes under 50 owners and about 2000 head, never splitting a farm', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ farmId: i + 1, head: 10 }));
    expect(packOwners(many).map((s) => s.length)).toEqual([50, 50, 20]);
    const big = [
      { farmId: 1, head: 1500 },
      { farmId: 2, head: 600 },
      { farmId: 3, head: 5000 },
      { farmId: 4, head: 10 },
    ];
    expect(packOwners(big)).toEqual([[1], [2], [3], [4]]);
  });
});
