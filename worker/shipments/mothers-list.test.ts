import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { shardName, shardOf } from '../test/shards';
import { insertAnimal, insertBloodline, insertEvent, insertMotherInfo } from './test-fixtures';

let owner: Awaited<ReturnType<typeof signUp>>;
let ids: Record<string, number>;

const ship = (
  token: string,
  cattleId: number,
  shipmentDate: string,
  price: number,
  weight: number | null,
  ageAtShipment: number,
) =>
  api('/shipments', {
    method: 'POST',
    token,
    body: { cattleId, shipmentDate, price, weight, ageAtShipment, buyer: '全農 鹿児島中央家畜市場' },
  });

/**
 * はなこ (herd cow): two shipped calves and one not shipped; あけみ (herd cow): one fattened steer;
 * さくら: known only by name and number (bought-in calf); one calf with no mother recorded (不明).
 */
beforeAll(async () => {
  owner = await signUp({ name: '母牛 牧場' });
  const neighbour = await signUp();
  const u = owner;
  const hanako = await insertAnimal(u, {
    name: 'はなこ',
    earTagNumber: 101,
    gender: '雌',
    growthStage: 'MULTI_PAROUS',
    birthday: '2019-04-01',
  });
  const akemi = await insertAnimal(u, {
    name: 'あけみ',
    earTagNumber: 202,
    gender: '雌',
    growthStage: 'MULTI_PAROUS',
    birthday: '2018-05-01',
  });
  const a1 = await insertAnimal(u, { name: 'はなこ2', gender: '去勢', growthStage: 'CALF', birthday: '2025-01-20' });
  const a2 = await insertAnimal(u, { name: 'はなこ1', gender: '雌', growthStage: 'CALF', birthday: '2023-12-01' });
  const a3 = await insertAnimal(u, { name: 'はなこ3', gender: '雌', growthStage: 'CALF', birthday: '2026-01-05' });
  const b1 = await insertAnimal(u, {
    name: 'あけみ5',
    gender: '去勢',
    growthStage: 'FATTENING',
    birthday: '2023-03-01',
  });
  const n1 = await insertAnimal(u, { name: null, gender: '雄', growthStage: 'CALF', birthday: '2024-02-01' });
  const u1 = await insertAnimal(u, { name: '導入牛', gender: '去勢', growthStage: 'CALF', birthday: '2024-05-01' });
  for (const calf of [a1, a2, a3]) await insertMotherInfo(calf, { motherCattleId: hanako, motherName: 'はなこ' });
  await insertMotherInfo(b1, { motherCattleId: akemi, motherName: 'あけみ' });
  await insertMotherInfo(n1, { motherName: 'さくら', motherIdentificationNumber: '1234567890' });
  await insertBloodline(a1, ['安福久', '美国桜', '安平', '北国7の8']);
  await insertEvent(u, hanako, 'INSEMINATION', '2024-03-20T00:30:00.000Z');
  await insertEvent(u, hanako, 'INSEMINATION', '2024-04-09T16:00:00.000Z'); // 2024-04-10 01:00 in Japan
  await insertEvent(u, hanako, 'INSEMINATION', '2025-03-01T01:00:00.000Z');
  await insertEvent(u, hanako, 'EXPECTED_CALVING', '2023-11-28T03:00:00.000Z');

  await ship(owner.token, a1, '2025-10-25', 700_000, 280.5, 9);
  await ship(owner.token, a2, '2024-09-20', 650_001, 300, 10);
  await ship(owner.token, b1, '2025-08-10', 1_300_000, 750.4, 29);
  await ship(owner.token, n1, '2024-11-11', 800_000, 290, 9);
  await ship(owner.token, u1, '2025-02-14', 600_000, null, 9);
  const theirs = await insertAnimal(neighbour, { name: '隣の子牛' });
  await insertMotherInfo(theirs, { motherName: 'はなこ' });
  await ship(neighbour.token, theirs, '2025-03-03', 9_000_000, 300, 9);
  ids = { hanako, akemi, a1, a2, a3, b1, n1, u1 };
});

const list = (query = '') => api(`/shipments/mothers/list${query}`, { token: owner.token });
const names = (res: Awaited<ReturnType<typeof list>>) => res.json.data.mothers.map((m: any) => m.motherName);

describe('GET /shipments/mothers/list', () => {
  it('groups shipped calves by mother with the documented rows and rounded averages', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ total: 4, page: 1, limit: 50 });
    expect(names(res)).toEqual(['あけみ', 'さくら', 'はなこ', '不明']);
    const hanako = res.json.data.mothers[2];
    expect(hanako).toMatchObject({
      motherId: ids.hanako,
      motherName: 'はなこ',
      motherEarTag: '101',
      summary: {
        shipmentCount: 2,
        totalRevenue: 1_350_001,
        averagePrice: 675_001,
        averageWeight: 290.3,
        averageAge: 10,
      },
    });
    expect(hanako.calves).toEqual([
      {
        motherId: ids.hanako,
        motherName: 'はなこ',
        motherEarTag: '101',
        calfId: ids.a1,
        calfName: 'はなこ2',
        sex: '去勢',
        pedigree: {
          father: '安福久',
          motherFather: '美国桜',
          motherGrandfather: '安平',
          motherMotherGrandfather: '北国7の8',
        },
        breedingDate: '2024-04-10',
        expectedBirthDate: '2025-01-20', // 285 days of 黒毛和種 gestation
        birthDate: '2025-01-20',
        shipmentDate: '2025-10-25',
        shipmentWeight: 280.5,
        ageAtShipment: 9,
        price: 700_000,
        buyer: '全農 鹿児島中央家畜市場',
        notes: null,
        carcass: null,
      },
      expect.objectContaining({
        calfId: ids.a2,
        pedigree: { father: null, motherFather: null, motherGrandfather: null, motherMotherGrandfather: null },
        breedingDate: null,
        expectedBirthDate: '2023-11-28', // from the EXPECTED_CALVING entry
        birthDate: '2023-12-01',
        price: 650_001,
      }),
    ]);
    expect(res.json.data.mothers[1]).toMatchObject({
      motherId: null,
      motherName: 'さくら',
      motherEarTag: null,
      summary: { shipmentCount: 1, totalRevenue: 800_000, averagePrice: 800_000, averageWeight: 290, averageAge: 9 },
    });
    expect(res.json.data.mothers[3]).toMatchObject({
      motherId: null,
      motherName: '不明',
      summary: { shipmentCount: 1, totalRevenue: 600_000, averagePrice: 600_000, averageWeight: null, averageAge: 9 },
      calves: [expect.objectContaining({ calfId: ids.u1, calfName: '導入牛' })],
    });
    expect(JSON.stringify(res.json)).not.toContain('隣の子牛');
    expect(JSON.stringify(res.json)).not.toContain('9000000');
  });

  it.each([
    ['?sortBy=totalRevenue&sortOrder=desc', ['はなこ', 'あけみ', 'さくら', '不明']],
    ['?sortBy=averagePrice&sortOrder=desc', ['あけみ', 'さくら', 'はなこ', '不明']],
    ['?sortBy=averagePrice&sortOrder=asc', ['不明', 'はなこ', 'さくら', 'あけみ']],
    ['?sortBy=shipmentDate&sortOrder=desc', ['はなこ', 'あけみ', '不明', 'さくら']],
    ['?sortBy=motherName&sortOrder=desc', ['不明', 'はなこ', 'さくら', 'あけみ']],
  ])('sorts mothers by %s', async (query, expected) => {
    expect(names(await list(query))).toEqual(expected);
  });

  it('pages over mothers, not rows', async () => {
    const res = await list('?limit=2&page=2');
    expect(res.json.data).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(names(res)).toEqual(['はなこ', '不明']);
    expect(res.json.data.mothers[0].calves).toHaveLength(2);
    const beyond = await list('?limit=2&page=9');
    expect(beyond.json.data).toMatchObject({ total: 4, mothers: [] });
  });

  it('filters by shipment year, with the averages of that year', async () => {
    const res = await list('?filterBy=year&filterValue=2024');
    expect(names(res)).toEqual(['さくら', 'はなこ']);
    expect(res.json.data.total).toBe(2);
    expect(res.json.data.mothers[1].summary).toEqual({
      shipmentCount: 1,
      totalRevenue: 650_001,
      averagePrice: 650_001,
      averageWeight: 300,
      averageAge: 10,
    });
  });

  it('filters by part of the mother name, taking % and _ literally', async () => {
    expect(names(await list(`?filterBy=motherName&filterValue=${encodeURIComponent('はな')}`))).toEqual(['はなこ']);
    expect(names(await list('?filterBy=motherName&filterValue=%25'))).toEqual([]);
    expect(names(await list(`?filterBy=motherName&filterValue=${encodeURIComponent('不明')}`))).toEqual(['不明']);
  });

  it('reads a page with one query, however many mothers there are', async () => {
    const statements: string[] = [];
    const db = await shardOf(owner.farmId);
    const counting: Record<string, unknown> = {
      prepare: (query: string) => {
        statements.push(query);
        return db.prepare(query);
      },
      batch: db.batch.bind(db),
      exec: db.exec.bind(db),
      dump: () => Promise.reject(new Error('unused')),
      withSession: () => counting,
    };
    const res = await api('/shipments/mothers/list', {
      token: owner.token,
      env: { [await shardName(owner.farmId)]: counting as unknown as D1Database },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.mothers).toHaveLength(4);
    // The one statement of farm access (session and membership) is not the page's.
    const reads = statements.filter((q) => !/from "?sessions"?\s/.test(q));
    expect(reads).toHaveLength(1);
  });

  it.each([
    ['?sortBy=price', 'sortBy', '並び替えの項目が不正です'],
    ['?sortOrder=up', 'sortOrder', '並び順はascまたはdescです'],
    ['?filterBy=breed&filterValue=x', 'filterBy', '絞り込みの項目はyearまたはmotherNameです'],
    ['?filterBy=year&filterValue=24', 'filterValue', '年はYYYY形式で入力してください'],
    ['?limit=0', 'limit', 'limitは1-100の範囲内である必要があります'],
  ])('refuses %s', async (query, field, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('needs a signed-in farmer', async () => {
    expect((await api('/shipments/mothers/list')).status).toBe(401);
  });
});

/**
 * Four mothers tied on revenue, latest shipment and name (two herd cows named うめ, うめ known only by name and
 * うめ known only by number), so only the mother key orders them; the first cow has two calves, whose breeding and
 * expected calving dates sit on the edges of the JST windows.
 */
describe('GET /shipments/mothers/list paging and ties', () => {
  let farm: Awaited<ReturnType<typeof signUp>>;
  let calves: Record<string, number>;
  /** Calf ids in mother-key order: 'id:<cow>' compared as text, then 'name:うめ', then 'no:1111111111'. */
  let byKey: number[][];

  beforeAll(async () => {
    farm = await signUp({ name: '同点 牧場' });
    const u = farm;
    const cow1 = await insertAnimal(u, {
      name: 'うめ',
      earTagNumber: 1,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      birthday: '2018-04-01',
    });
    const cow2 = await insertAnimal(u, {
      name: 'うめ',
      earTagNumber: 2,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      birthday: '2018-04-02',
    });
    const c1a = await insertAnimal(u, { name: 'うめ1a', gender: '去勢', growthStage: 'CALF', birthday: '2025-01-20' });
    const c1b = await insertAnimal(u, { name: 'うめ1b', gender: '雌', growthStage: 'CALF', birthday: '2024-01-10' });
    const c2 = await insertAnimal(u, { name: 'うめ2', gender: '去勢', growthStage: 'CALF', birthday: '2024-08-01' });
    const cName = await insertAnimal(u, {
      name: '名前だけ',
      gender: '去勢',
      growthStage: 'CALF',
      birthday: '2024-08-01',
    });
    const cNumber = await insertAnimal(u, {
      name: '番号だけ',
      gender: '去勢',
      growthStage: 'CALF',
      birthday: '2024-08-01',
    });
    await insertMotherInfo(c1a, { motherCattleId: cow1 });
    await insertMotherInfo(c1b, { motherCattleId: cow1 });
    await insertMotherInfo(c2, { motherCattleId: cow2 });
    await insertMotherInfo(cName, { motherName: ' うめ ' });
    await insertMotherInfo(cNumber, { motherName: 'うめ', motherIdentificationNumber: '1111111111' });
    // うめ1a (born 2025-01-20): breeding window 2024-03-06..2024-05-15, calving window 2024-11-21..2025-03-21 (JST).
    await insertEvent(u, cow1, 'INSEMINATION', '2024-03-05T14:59:59.999Z'); // 2024-03-05 23:59 JST: outside
    await insertEvent(u, cow1, 'INSEMINATION', '2024-03-05T15:00:00.000Z'); // 2024-03-06 00:00 JST: first day
    await insertEvent(u, cow1, 'EXPECTED_CALVING', '2025-03-21T14:59:59.999Z'); // 2025-03-21 23:59 JST: last day
    await insertEvent(u, cow1, 'EXPECTED_CALVING', '2025-03-21T15:00:00.000Z'); // 2025-03-22 00:00 JST: outside
    // うめ1b (born 2024-01-10): breeding window 2023-02-24..2023-05-05, calving window 2023-11-11..2024-03-10 (JST).
    await insertEvent(u, cow1, 'INSEMINATION', '2023-05-05T14:59:59.999Z'); // 2023-05-05 23:59 JST: last day
    await insertEvent(u, cow1, 'INSEMINATION', '2023-05-05T15:00:00.000Z'); // 2023-05-06 00:00 JST: outside
    await insertEvent(u, cow1, 'EXPECTED_CALVING', '2023-11-10T14:59:59.999Z'); // 2023-11-10 23:59 JST: outside
    await insertEvent(u, cow1, 'EXPECTED_CALVING', '2023-11-10T15:00:00.000Z'); // 2023-11-11 00:00 JST: first day

    await ship(farm.token, c1a, '2025-05-01', 300_000, 300, 10);
    await ship(farm.token, c1b, '2025-04-01', 200_000, 280, 9);
    for (const calf of [c2, cName, cNumber]) await ship(farm.token, calf, '2025-05-01', 500_000, 300, 10);
    calves = { c1a, c1b, c2, cName, cNumber };
    const cows = [
      [`id:${cow1}`, [c1a, c1b]],
      [`id:${cow2}`, [c2]],
    ] as const;
    byKey = [...[...cows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, ids]) => [...ids]), [cName], [cNumber]];
  });

  const farmList = (query = '') => api(`/shipments/mothers/list${query}`, { token: farm.token });
  const calfIds = (res: Awaited<ReturnType<typeof farmList>>) =>
    res.json.data.mothers.map((m: any) => m.calves.map((c: any) => c.calfId));

  it.each(['totalRevenue', 'shipmentDate', 'motherName'])(
    'breaks ties on %s by mother key, in both directions',
    async (sortBy) => {
      for (const sortOrder of ['asc', 'desc']) {
        const res = await farmList(`?sortBy=${sortBy}&sortOrder=${sortOrder}`);
        expect(res.json.data.total).toBe(4);
        expect(calfIds(res)).toEqual(byKey);
        expect(res.json.data.mothers.map((m: any) => m.motherName)).toEqual(['うめ', 'うめ', 'うめ', 'うめ']);
      }
    },
  );

  it('keeps a mother whole on one page and counts mothers, not calves', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await farmList(`?sortBy=totalRevenue&limit=3&page=${page}`);
      expect(res.json.data).toMatchObject({ total: 4, page, limit: 3 });
      pages.push(calfIds(res));
    }
    expect(pages).toEqual([byKey.slice(0, 3), byKey.slice(3), []]);
    const single = [];
    for (let page = 1; page <= 4; page++)
      single.push(...calfIds(await farmList(`?sortBy=totalRevenue&limit=1&page=${page}`)));
    expect(single).toEqual(byKey);
    const cow1 = (await farmList('?sortBy=averagePrice&limit=1')).json.data.mothers[0];
    expect(cow1.summary).toEqual({
      shipmentCount: 2,
      totalRevenue: 500_000,
      averagePrice: 250_000,
      averageWeight: 290,
      averageAge: 10,
    });
  });

  it('reads breeding and expected calving dates on the edges of the JST windows', async () => {
    const res = await farmList('?sortBy=averagePrice&limit=1');
    const [first, second] = res.json.data.mothers[0].calves;
    expect(first).toMatchObject({ calfId: calves.c1a, breedingDate: '2024-03-06', expectedBirthDate: '2025-03-21' });
    expect(second).toMatchObject({ calfId: calves.c1b, breedingDate: '2023-05-05', expectedBirthDate: '2023-11-11' });
  });
});
