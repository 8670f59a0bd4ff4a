import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { cowHistories, keptSize, MAX_KEPT_COWS } from './kpi.cache';

/** A D1 stand-in answering loadKpiCows' one batch with `cows` female animals and no events. */
function farmOf(cows: number) {
  let reads = 0;
  const rows = Array.from({ length: cows }, (_, i) => ({
    cattleId: i + 1,
    name: null,
    earTagNumber: String(i + 1),
    birthday: '2020-01-01',
    initialParity: 1,
  }));
  const statement = { bind: () => statement };
  const db = {
    $client: {
      prepare: () => statement,
      batch: async () => {
        reads++;
        return [{ results: rows }, { results: [] }, { results: [] }, { results: [] }];
      },
    },
  } as unknown as Db;
  return { db, reads: () => reads };
}

describe('kept KPI histories (decision 029)', () => {
  it('answers a kept look-back without reading, and reads again when the version moved', async () => {
    const farm = farmOf(3);
    const first = await cowHistories(farm.db, 9001, 1, '2025-01-01');
    expect(await cowHistories(farm.db, 9001, 1, '2025-01-01')).toBe(first);
    expect(farm.reads()).toBe(1);
    await cowHistories(farm.db, 9001, 2, '2025-01-01');
    expect(farm.reads()).toBe(2);
  });

  it('keeps at most 24 look-backs of small farms', async () => {
    const farm = farmOf(10);
    for (let day = 1; day <= 30; day++) {
      await cowHistories(farm.db, 9002, 1, `2025-02-${String(day).padStart(2, '0')}`);
    }
    expect(keptSize().entries).toBe(24);
  });

  it('keeps only a few look-backs of a large herd: never more than 40,000 analysed cows in all', async () => {
    const farm = farmOf(15_000);
    for (const lookBack of ['2025-03-01', '2025-03-02', '2025-03-03']) {
      await cowHistories(farm.db, 9003, 1, lookBack);
    }
    // 15,000 × 3 = 45,000 > 40,000: the oldest look-back went; the two newest (30,000) and small farms' stay.
    expect(keptSize().cows).toBeLessThanOrEqual(MAX_KEPT_COWS);
    expect(farm.reads()).toBe(3);
    await cowHistories(farm.db, 9003, 1, '2025-03-03');
    await cowHistories(farm.db, 9003, 1, '2025-03-02');
    expect(farm.reads()).toBe(3);
    await cowHistories(farm.db, 9003, 1, '2025-03-01');
    expect(farm.reads()).toBe(4);
  });

  it('keeps a herd larger than the bound for its one look-back', async () => {
    const farm = farmOf(MAX_KEPT_COWS + 1);
    await cowHistories(farm.db, 9004, 1, '2025-04-01');
    await cowHistories(farm.db, 9004, 1, '2025-04-01');
    expect(farm.reads()).toBe(1);
    expect(keptSize()).toEqual({ entries: 1, cows: MAX_KEPT_COWS + 1 });
  });

  it('counts a look-back two requests read at once only once', async () => {
    const farm = farmOf(20_000);
    await Promise.all([cowHistories(farm.db, 9005, 1, '2025-05-01'), cowHistories(farm.db, 9005, 1, '2025-05-01')]);
    expect(farm.reads()).toBe(2);
    // 20,000 + 1 cows fit the bound: the herd's copy stays.
    await cowHistories(farmOf(1).db, 9006, 1, '2025-05-02');
    await cowHistories(farm.db, 9005, 1, '2025-05-01');
    expect(farm.reads()).toBe(2);
    expect(keptSize().cows).toBeLessThanOrEqual(MAX_KEPT_COWS);
  });
});
