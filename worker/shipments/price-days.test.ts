import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';
import { insertAnimal } from './test-fixtures';

/**
 * Decision 057: the price statistics read the farm's shipments kept summed per day (`shipment_days`, kept by triggers
 * on shipments). After every kind of write the kept rows are the ones counted again from the shipments themselves,
 * and the statistics answer the hand-computed figures.
 */
type Member = Awaited<ReturnType<typeof signUp>>;
let farmer: Member;
let neighbour: Member;

beforeAll(async () => {
  farmer = await signUp({ name: '東 一郎' });
  neighbour = await signUp({ name: '西 二郎' });
});

const ship = async (member: Member, shipmentDate: string, price: number) => {
  const res = await api('/shipments', {
    method: 'POST',
    token: member.token,
    body: { cattleId: await insertAnimal(member), shipmentDate, price },
  });
  expect(res.status).toBe(201);
  return res.json.data as { shipmentId: string; cattleId: number };
};

async function kept(farmId: number) {
  const db = await shardOf(farmId);
  const { results } = await db
    .prepare('SELECT day, shipments, revenue, max_price, min_price FROM shipment_days WHERE farm_id = ? ORDER BY day')
    .bind(farmId)
    .all();
  return results;
}

async function counted(farmId: number) {
  const db = await shardOf(farmId);
  const { results } = await db
    .prepare(
      `SELECT shipment_date AS day, count(*) AS shipments, sum(price) AS revenue, max(price) AS max_price,
         min(price) AS min_price
       FROM shipments WHERE farm_id = ? GROUP BY shipment_date ORDER BY shipment_date`,
    )
    .bind(farmId)
    .all();
  return results;
}

const stats = async (member: Member, from: string, to: string) => {
  const res = await api(`/shipments/price-stats?from=${from}&to=${to}`, { token: member.token });
  expect(res.status).toBe(200);
  return res.json.data;
};

describe('kept price figures (shipment_days)', () => {
  it('equal the shipments counted again after shipments are created, edited and deleted', async () => {
    const a = await ship(farmer, '2025-06-03', 600_000);
    const b = await ship(farmer, '2025-06-03', 800_000);
    const c = await ship(farmer, '2025-06-20', 700_000);
    await ship(neighbour, '2025-06-03', 9_000_000);
    expect(await kept(farmer.farmId)).toEqual([
      { day: '2025-06-03', shipments: 2, revenue: 1_400_000, max_price: 800_000, min_price: 600_000 },
      { day: '2025-06-20', shipments: 1, revenue: 700_000, max_price: 700_000, min_price: 700_000 },
    ]);
    expect(await kept(farmer.farmId)).toEqual(await counted(farmer.farmId));

    // The highest price of a day lowered: the day is counted again (800,000 → 500,000 makes 600,000 the highest).
    const lowered = await api(`/shipments/${b.shipmentId}`, {
      method: 'PUT',
      token: farmer.token,
      body: { price: 500_000 },
    });
    expect(lowered.status).toBe(200);
    expect(await kept(farmer.farmId)).toEqual([
      { day: '2025-06-03', shipments: 2, revenue: 1_100_000, max_price: 600_000, min_price: 500_000 },
      { day: '2025-06-20', shipments: 1, revenue: 700_000, max_price: 700_000, min_price: 700_000 },
    ]);

    // Moved to another month: both days change.
    const moved = await api(`/shipments/${a.shipmentId}`, {
      method: 'PUT',
      token: farmer.token,
      body: { shipmentDate: '2025-07-01' },
    });
    expect(moved.status).toBe(200);
    expect(await kept(farmer.farmId)).toEqual(await counted(farmer.farmId));
    expect(await kept(farmer.farmId)).toEqual([
      { day: '2025-06-03', shipments: 1, revenue: 500_000, max_price: 500_000, min_price: 500_000 },
      { day: '2025-06-20', shipments: 1, revenue: 700_000, max_price: 700_000, min_price: 700_000 },
      { day: '2025-07-01', shipments: 1, revenue: 600_000, max_price: 600_000, min_price: 600_000 },
    ]);

    // The only shipment of a day deleted: the day's row goes.
    expect((await api(`/shipments/${c.shipmentId}`, { method: 'DELETE', token: farmer.token })).status).toBe(200);
    expect(await kept(farmer.farmId)).toEqual(await counted(farmer.farmId));
    expect((await kept(farmer.farmId)).map((r) => r.day)).toEqual(['2025-06-03', '2025-07-01']);

    // The neighbour's shipment on the same day stays theirs.
    expect(await kept(neighbour.farmId)).toEqual([
      { day: '2025-06-03', shipments: 1, revenue: 9_000_000, max_price: 9_000_000, min_price: 9_000_000 },
    ]);

    // The statistics read them: June 500,000; July 600,000 (1,100,000 over 2 shipments, 550,000 each).
    expect(await stats(farmer, '2025-06-01', '2025-07-31')).toEqual({
      from: '2025-06-01',
      to: '2025-07-31',
      totalShipments: 2,
      totalRevenue: 1_100_000,
      averagePrice: 550_000,
      maxPrice: 600_000,
      minPrice: 500_000,
      monthlyStats: [
        { month: '2025-06', count: 1, totalRevenue: 500_000, averagePrice: 500_000 },
        { month: '2025-07', count: 1, totalRevenue: 600_000, averagePrice: 600_000 },
      ],
    });
  });

  it('follow an animal deleted with its shipment (the cascade) and leave a period edge day in or out', async () => {
    const member = await signUp({ name: '南 三郎' });
    await ship(member, '2025-01-31', 400_000);
    const gone = await ship(member, '2025-02-01', 900_000);
    await ship(member, '2025-02-01', 300_000);
    expect((await stats(member, '2025-02-01', '2025-02-01')).maxPrice).toBe(900_000);

    const db = await shardOf(member.farmId);
    await db.prepare('DELETE FROM cattle WHERE cattle_id = ?').bind(gone.cattleId).run();
    expect(await kept(member.farmId)).toEqual(await counted(member.farmId));
    // 2025-02-01 alone: 300,000; 2025-01-31 is outside the period.
    expect(await stats(member, '2025-02-01', '2025-02-28')).toMatchObject({
      totalShipments: 1,
      totalRevenue: 300_000,
      maxPrice: 300_000,
      minPrice: 300_000,
    });
    expect(await stats(member, '2025-01-31', '2025-02-28')).toMatchObject({
      totalShipments: 2,
      totalRevenue: 700_000,
      averagePrice: 350_000,
    });
  });
});
