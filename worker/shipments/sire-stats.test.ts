import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { insertAnimal, insertBloodline, insertMotherInfo } from './test-fixtures';

/**
 * Who the sire table counts (decision 058): the farm's calves — an animal with a recorded sire or a dam on the farm.
 * - calf A (sire 安福久 by bloodline): ¥600,000, grade 4 → 安福久 1 calf, 100 %
 * - calf B (dam マツ on the farm, no sire recorded, no service on record): ¥500,000, grade 2 → 不明 1 calf, 0 %
 * - a cull cow (no sire, no dam): ¥300,000, grade 2 → not counted
 * - a steer bought in (no sire, no dam): ¥800,000 → not counted
 */
let farmer: Awaited<ReturnType<typeof signUp>>;

const ship = (body: Record<string, unknown>) =>
  api('/shipments', { method: 'POST', token: farmer.token, body: { shipmentDate: '2026-06-01', ...body } });

beforeAll(async () => {
  farmer = await signUp({ name: '西 牧場' });
  const dam = await insertAnimal(farmer, {
    name: 'マツ',
    gender: '雌',
    growthStage: 'MULTIPAROUS',
    birthday: '2018-04-01',
  });
  const [a, b, cull, steer] = await Promise.all(
    ['A', 'B', '廃用', '導入'].map((name) => insertAnimal(farmer, { name })),
  );
  await insertBloodline(a, ['安福久', '', '', '']);
  await insertMotherInfo(b, { motherCattleId: dam, motherName: 'マツ' });
  for (const body of [
    { cattleId: a, price: 600_000, carcass: { qualityGrade: 4 } },
    { cattleId: b, price: 500_000, carcass: { qualityGrade: 2 } },
    { cattleId: cull, price: 300_000, carcass: { qualityGrade: 2 } },
    { cattleId: steer, price: 800_000 },
  ]) {
    const res = await ship(body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
});

describe('GET /shipments/sire-stats: the farm’s calves only', () => {
  it('counts a calf by its sire, a calf of the farm’s dam without one under 不明, and neither a cull cow nor a bought-in steer', async () => {
    const res = await api('/shipments/sire-stats', { token: farmer.token });
    expect(res.status).toBe(200);
    expect(
      res.json.data.map((s: { sireName: string; calves: number; meanPrice: number; grade45Rate: number }) => [
        s.sireName,
        s.calves,
        s.meanPrice,
        s.grade45Rate,
      ]),
    ).toEqual([
      ['安福久', 1, 600_000, 100],
      ['不明', 1, 500_000, 0],
    ]);
  });
});
