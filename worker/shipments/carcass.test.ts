import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';
import { insertAnimal, insertBloodline, insertMotherInfo } from './test-fixtures';

/**
 * Carcass results on shipments and the roll-ups by sire and by dam (docs/product.md §9.3), computed by hand:
 * - calf 1 (sire 安福久 by bloodline, dam ハナ): ¥1,000,000, A5, BMS 10, 512 kg
 * - calf 2 (sire 安福久 by bloodline, dam ハナ): ¥800,000, B3, BMS 4, 450 kg
 * - calf 3 (no bloodline, dam ハナ served with 美津照重 285 days before its birth): ¥900,000, A4, BMS 6, 480 kg
 * - calf 4 (sire 美津照重 by bloodline, no dam): ¥700,000, no results
 * 安福久: 2 calves, mean ¥900,000, (512 + 450) / 2 = 481 kg, BMS (10 + 4) / 2 = 7, graded 5 and 3 → 1/2 = 50%.
 * 美津照重: 2 calves, mean (900,000 + 700,000) / 2 = ¥800,000, 480 kg and BMS 6 (one result), graded 4 → 100%.
 *   Its 100% is one graded calf of two shipped: weighed 1, BMS 1, graded 1; 安福久's 50% is of 2 (2, 2, 2).
 * ハナ: (512 + 450 + 480) / 3 = 480.666… → 480.7 kg; graded 5, 3, 4 → 2/3 = 66.666…% → 66.7.
 */
let farmer: Awaited<ReturnType<typeof signUp>>;
let neighbour: Awaited<ReturnType<typeof signUp>>;

const ship = (token: string, body: Record<string, unknown>) =>
  api('/shipments', { method: 'POST', token, body: { shipmentDate: '2026-06-01', ...body } });

beforeAll(async () => {
  farmer = await signUp({ name: '北 牧場' });
  neighbour = await signUp({ name: '南 牧場' });
  const dam = await insertAnimal(farmer, {
    name: 'ハナ',
    gender: '雌',
    growthStage: 'MULTIPAROUS',
    birthday: '2019-04-01',
  });
  // Born 2024-06-01: 285 days before is 2023-08-21.
  await (await shardOf(farmer.farmId))
    .prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details)
     VALUES (?, ?, ?, 'INSEMINATION', '2023-08-21T00:00:00.000Z', '{"sireName":"美津照重"}')`,
    )
    .bind(dam, farmer.farmId, farmer.userId)
    .run();
  const calves = await Promise.all([1, 2, 3, 4].map((n) => insertAnimal(farmer, { name: `子${n}` })));
  for (const calf of calves.slice(0, 3)) await insertMotherInfo(calf, { motherCattleId: dam, motherName: 'ハナ' });
  await insertBloodline(calves[0], ['安福久', '平茂勝', '北国7の8', '糸福']);
  await insertBloodline(calves[1], ['安福久', '平茂勝', '北国7の8', '糸福']);
  await insertBloodline(calves[3], ['美津照重', '', '', '']);
  const results = [
    { price: 1_000_000, carcass: { yieldGrade: 'A', qualityGrade: 5, bms: 10, weightKg: 512, notes: '霜降り良好' } },
    { price: 800_000, carcass: { yieldGrade: 'b', qualityGrade: '３', bms: 4, weightKg: '450' } },
    { price: 900_000, carcass: { yieldGrade: 'A', qualityGrade: 4, bms: 6, weightKg: 480 } },
    { price: 700_000 },
  ];
  for (const [i, body] of results.entries()) {
    const res = await ship(farmer.token, { cattleId: calves[i], ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
  // The neighbour's calf by 安福久 is not the farmer's.
  const theirs = await insertAnimal(neighbour, { name: '隣の子' });
  await insertBloodline(theirs, ['安福久', '', '', '']);
  await ship(neighbour.token, {
    cattleId: theirs,
    price: 2_000_000,
    carcass: { qualityGrade: 5, bms: 12, weightKg: 600 },
  });
});

describe('carcass results on a shipment (§9.3)', () => {
  it('stores and answers them, normalised, and null when none', async () => {
    const list = await api('/shipments', { token: farmer.token });
    const byName = Object.fromEntries(
      list.json.data.results.map((r: { cattleName: string; carcass: unknown }) => [r.cattleName, r.carcass]),
    );
    expect(byName.子1).toEqual({ weightKg: 512, yieldGrade: 'A', qualityGrade: 5, bms: 10, notes: '霜降り良好' });
    expect(byName.子2).toEqual({ weightKg: 450, yieldGrade: 'B', qualityGrade: 3, bms: 4, notes: null });
    expect(byName.子4).toBeNull();
  });

  it('replaces them on an update, and clears them with null', async () => {
    const cattleId = await insertAnimal(farmer, { name: '更新' });
    const created = await ship(farmer.token, { cattleId, price: 500_000 });
    const path = `/shipments/${created.json.data.shipmentId}`;
    const graded = await api(path, { method: 'PUT', token: farmer.token, body: { carcass: { qualityGrade: 2 } } });
    expect(graded.json.data.carcass).toEqual({
      weightKg: null,
      yieldGrade: null,
      qualityGrade: 2,
      bms: null,
      notes: null,
    });
    const cleared = await api(path, { method: 'PUT', token: farmer.token, body: { carcass: null } });
    expect(cleared.json.data.carcass).toBeNull();
    await api(path, { method: 'DELETE', token: farmer.token });
  });

  it.each([
    [{ qualityGrade: 6 }, 'carcass.qualityGrade', '肉質等級は1〜5の整数で入力してください'],
    [{ bms: 0 }, 'carcass.bms', 'BMSは1〜12の整数で入力してください'],
    [{ bms: 13 }, 'carcass.bms', 'BMSは1〜12の整数で入力してください'],
    [{ yieldGrade: 'D' }, 'carcass.yieldGrade', '歩留等級はA、B、Cのいずれかです'],
    [{ weightKg: 0 }, 'carcass.weightKg', '枝肉重量は正の値である必要があります'],
  ])('refuses %o on its field, writing nothing', async (carcass, field, message) => {
    const cattleId = await insertAnimal(farmer);
    const res = await ship(farmer.token, { cattleId, price: 500_000, carcass });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'INVALID_SHIPMENT_DATA', field, message });
    const n = await everyShard
      .prepare('SELECT count(*) AS n FROM shipments WHERE cattle_id = ?')
      .bind(cattleId)
      .first();
    expect(n).toEqual({ n: 0 });
  });

  it('exports them in the CSV', async () => {
    const res = await api('/shipments/export.csv', { token: farmer.token });
    const lines = res.text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toMatch(/,枝肉重量\(kg\),歩留等級,肉質等級,BMS,枝肉備考$/);
    expect(lines.find((l) => l.includes('子1'))).toMatch(/,512,A,5,10,霜降り良好$/);
  });
});

describe('roll-ups by sire and dam (§9.3)', () => {
  it('answers the sire table, best first, the farm’s own calves only', async () => {
    const res = await api('/shipments/sire-stats', { token: farmer.token });
    expect(res.status).toBe(200);
    const counts = (weighedCalves: number, bmsCalves: number, gradedCalves: number) => ({
      weighedCalves,
      bmsCalves,
      gradedCalves,
    });
    expect(res.json.data).toEqual([
      {
        sireName: '美津照重',
        calves: 2,
        meanPrice: 800_000,
        meanCarcassWeightKg: 480,
        meanBms: 6,
        grade45Rate: 100,
        ...counts(1, 1, 1),
      },
      {
        sireName: '安福久',
        calves: 2,
        meanPrice: 900_000,
        meanCarcassWeightKg: 481,
        meanBms: 7,
        grade45Rate: 50,
        ...counts(2, 2, 2),
      },
    ]);
    const theirs = await api('/shipments/sire-stats', { token: neighbour.token });
    expect(theirs.json.data).toEqual([
      {
        sireName: '安福久',
        calves: 1,
        meanPrice: 2_000_000,
        meanCarcassWeightKg: 600,
        meanBms: 12,
        grade45Rate: 100,
        ...counts(1, 1, 1),
      },
    ]);
    expect((await api('/shipments/sire-stats')).status).toBe(401);
  });

  it('adds each dam’s mean carcass weight and 4・5等級率 to the mothers list', async () => {
    const res = await api('/shipments/mothers/list', { token: farmer.token });
    const hana = res.json.data.mothers.find((m: { motherName: string }) => m.motherName === 'ハナ');
    expect(hana).toMatchObject({ meanCarcassWeightKg: 480.7, grade45Rate: 66.7 });
    expect(hana.calves).toHaveLength(3);
    const unknown = res.json.data.mothers.find((m: { motherName: string }) => m.motherName === '不明');
    expect(unknown).toMatchObject({ meanCarcassWeightKg: null, grade45Rate: null });
  });
});
