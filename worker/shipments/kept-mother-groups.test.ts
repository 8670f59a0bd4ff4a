import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';
import { insertAnimal, insertMotherInfo } from './test-fixtures';

/**
 * The mothers list's kept groups (shard migration 0008, decision 036's addendum): the first unfiltered read after a
 * change groups the shipments and writes the groups after the answer; later reads page the kept groups, with the
 * same answer in every order; every change the groups depend on makes the next read group the shipments again.
 */
let owner: Awaited<ReturnType<typeof signUp>>;
let hanako: number;
let calves: number[];

const sql = async (statement: string, ...values: unknown[]) =>
  (
    await (
      await shardOf(owner.farmId)
    )
      .prepare(statement)
      .bind(...values)
      .all<Record<string, unknown>>()
  ).results;
const fresh = async () =>
  Number((await sql('SELECT count(*) AS n FROM mother_groups_fresh WHERE farm_id = ?', owner.farmId))[0].n);
const list = async (query = '') => {
  const res = await api(`/shipments/mothers/list${query}`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.json.data;
};
const ship = (cattleId: number, shipmentDate: string, price: number) =>
  api('/shipments', {
    method: 'POST',
    token: owner.token,
    body: { cattleId, shipmentDate, price, weight: 300, ageAtShipment: 9, buyer: '市場' },
  });
const QUERIES = [
  '',
  '?sortBy=motherName&sortOrder=desc',
  '?sortBy=totalRevenue&sortOrder=desc',
  '?sortBy=averagePrice&sortOrder=asc',
  '?sortBy=shipmentDate&sortOrder=desc',
  '?limit=1&page=2',
];

/** Every query's answer from the kept groups, then (the fresh mark taken away) from grouping the shipments. */
async function keptAndGrouped() {
  await expect.poll(fresh).toBe(1);
  const kept = [];
  for (const q of QUERIES) kept.push(await list(q));
  expect(await fresh()).toBe(1);
  await sql('DELETE FROM mother_groups_fresh WHERE farm_id = ?', owner.farmId);
  const grouped = [];
  for (const q of QUERIES) {
    await sql('DELETE FROM mother_groups_fresh WHERE farm_id = ?', owner.farmId);
    grouped.push(await list(q));
  }
  return { kept, grouped };
}

beforeAll(async () => {
  owner = await signUp({ name: '母牛 牧場' });
  hanako = await insertAnimal(owner, { name: 'はなこ', earTagNumber: 101, gender: '雌', growthStage: 'MULTI_PAROUS' });
  const akemi = await insertAnimal(owner, {
    name: 'あけみ',
    earTagNumber: 202,
    gender: '雌',
    growthStage: 'MULTI_PAROUS',
  });
  calves = [];
  for (const [mother, name] of [
    [hanako, 'はなこ1'],
    [hanako, 'はなこ2'],
    [akemi, 'あけみ1'],
    [null, 'さくら1'],
    [null, '不明1'],
  ] as const) {
    const calf = await insertAnimal(owner, { name, gender: '去勢', growthStage: 'CALF', birthday: '2024-06-01' });
    if (name !== '不明1')
      await insertMotherInfo(calf, {
        motherCattleId: mother,
        motherName: mother ? null : 'さくら',
        motherIdentificationNumber: mother ? null : '1234567890',
      });
    calves.push(calf);
  }
  await ship(calves[0], '2025-10-25', 700_000);
  await ship(calves[1], '2024-09-20', 650_001);
  await ship(calves[2], '2025-08-10', 1_300_000);
  await ship(calves[3], '2024-11-11', 800_000);
  await ship(calves[4], '2025-02-14', 600_000);
});

describe('the mothers list from kept groups', () => {
  it('writes the groups after the first read and answers every order and page the same from them', async () => {
    expect(await fresh()).toBe(0);
    const first = await list();
    expect(first.total).toBe(4);
    const { kept, grouped } = await keptAndGrouped();
    expect(kept).toEqual(grouped);
    expect(kept[0]).toEqual(first);
    expect(
      (
        await sql(
          'SELECT mother_key, group_count FROM mother_groups WHERE farm_id = ? ORDER BY mother_key',
          owner.farmId,
        )
      ).length,
    ).toBe(4);
  });

  it('groups the shipments again after each change the groups depend on, with the change in the answer', async () => {
    const changes: [string, () => Promise<unknown>, (data: any) => void][] = [
      [
        'a shipment recorded',
        async () => {
          const calf = await insertAnimal(owner, { name: 'はなこ3', gender: '雌', growthStage: 'CALF' });
          await insertMotherInfo(calf, { motherCattleId: hanako });
          expect((await ship(calf, '2026-01-10', 500_000)).status).toBe(201);
        },
        (data) => expect(data.mothers.find((m: any) => m.motherName === 'はなこ').summary.shipmentCount).toBe(3),
      ],
      [
        "a mother's name",
        () => sql("UPDATE cattle SET name = 'はなこ改' WHERE cattle_id = ?", hanako),
        (data) => expect(data.mothers.map((m: any) => m.motherName)).toContain('はなこ改'),
      ],
      [
        "a calf's mother record added",
        () => insertMotherInfo(calves[4], { motherCattleId: hanako }),
        // 不明 is no longer a mother of the list: はなこ, あけみ, さくら.
        (data) => expect(data.total).toBe(3),
      ],
      [
        'a shipment deleted',
        () => sql('DELETE FROM shipments WHERE cattle_id = ?', calves[2]),
        (data) => expect(data.mothers.map((m: any) => m.motherName)).not.toContain('あけみ'),
      ],
      [
        "a calf's mother record changed",
        () => sql('UPDATE mother_info SET mother_cattle_id = NULL WHERE cattle_id = ?', calves[4]),
        (data) => expect(data.mothers.map((m: any) => m.motherName)).toContain('不明'),
      ],
    ];
    for (const [what, change, check] of changes) {
      await list();
      await expect.poll(fresh, { message: what }).toBe(1);
      await change();
      expect(await fresh(), what).toBe(0);
      check(await list());
      const { kept, grouped } = await keptAndGrouped();
      expect(kept, what).toEqual(grouped);
    }
  });

  it('does not keep a filtered answer', async () => {
    await sql('DELETE FROM mother_groups_fresh WHERE farm_id = ?', owner.farmId);
    const filtered = await list('?filterBy=year&filterValue=2025');
    expect(filtered.mothers.length).toBeGreaterThan(0);
    expect(await fresh()).toBe(0);
  });
});
