import { describe, expect, it } from 'vitest';
import { monthsOldAt } from './ages';
import {
  defaultStatsPeriod,
  expectedBirthDate,
  fillMonthlyStats,
  groupByMother,
  monthsInRange,
  roundMotherSummary,
  summarizeMonths,
} from './shipment-stats';
import { planStatusChange, statusBeforeShipping } from './shipment-status';

describe('monthsInRange', () => {
  it('includes both ends and crosses the year', () => {
    expect(monthsInRange('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsInRange('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsInRange('2026-04', '2026-03')).toEqual([]);
  });
});

describe('defaultStatsPeriod', () => {
  it('covers the 12 JST months up to today', () => {
    expect(defaultStatsPeriod(new Date('2026-10-31T15:30:00Z'))).toEqual({ from: '2025-12-01', to: '2026-11-01' });
  });
});

describe('fillMonthlyStats', () => {
  it('fills missing months with zeros and rounds averages', () => {
    expect(
      fillMonthlyStats([{ month: '2026-02', count: 3, totalRevenue: 2_000_000 }], '2026-01-15', '2026-03-01'),
    ).toEqual([
      { month: '2026-01', count: 0, totalRevenue: 0, averagePrice: null },
      { month: '2026-02', count: 3, totalRevenue: 2_000_000, averagePrice: 666_667 },
      { month: '2026-03', count: 0, totalRevenue: 0, averagePrice: null },
    ]);
  });
});

describe('summarizeMonths', () => {
  it('totals the months', () => {
    expect(
      summarizeMonths([
        { count: 1, totalRevenue: 700_000, maxPrice: 700_000, minPrice: 700_000 },
        { count: 2, totalRevenue: 2_500_001, maxPrice: 1_500_001, minPrice: 1_000_000 },
      ]),
    ).toEqual({
      totalShipments: 3,
      totalRevenue: 3_200_001,
      averagePrice: 1_066_667,
      maxPrice: 1_500_001,
      minPrice: 700_000,
    });
  });

  it('answers nulls for a period without shipments', () => {
    expect(summarizeMonths([])).toEqual({
      totalShipments: 0,
      totalRevenue: 0,
      averagePrice: null,
      maxPrice: null,
      minPrice: null,
    });
  });
});

describe('roundMotherSummary (docs/product.md §9)', () => {
  it('rounds price to an integer, weight to one decimal, age to an integer', () => {
    expect(
      roundMotherSummary({
        shipmentCount: 3,
        totalRevenue: 2_000_000,
        averagePrice: 666_666.67,
        averageWeight: 287.26,
        averageAge: 9.5,
      }),
    ).toEqual({
      shipmentCount: 3,
      totalRevenue: 2_000_000,
      averagePrice: 666_667,
      averageWeight: 287.3,
      averageAge: 10,
    });
    expect(
      roundMotherSummary({ shipmentCount: 1, totalRevenue: 1, averagePrice: 1, averageWeight: null, averageAge: null }),
    ).toMatchObject({
      averageWeight: null,
      averageAge: null,
    });
  });
});

describe('expectedBirthDate', () => {
  it('prefers an EXPECTED_CALVING entry, else adds the breed gestation', () => {
    expect(expectedBirthDate('2024-04-10', '黒毛和種', '2025-01-18')).toBe('2025-01-18');
    expect(expectedBirthDate('2024-04-10', '黒毛和種', null)).toBe('2025-01-20');
    expect(expectedBirthDate('2024-04-10', 'ホルスタイン', null)).toBe('2025-01-15');
    expect(expectedBirthDate(null, '黒毛和種', null)).toBeNull();
  });
});

describe('monthsOldAt', () => {
  it('counts 30.44-day months and is null without a birthday', () => {
    expect(monthsOldAt('2024-06-01', '2025-03-15')).toBe(9);
    expect(monthsOldAt(null, '2025-03-15')).toBeNull();
    expect(monthsOldAt('2025-03-01', '2025-03-15')).toBeNull();
  });
});

describe('groupByMother', () => {
  it('keeps the order of mothers and their rows', () => {
    const rows = [
      { motherKey: 'a', n: 1 },
      { motherKey: 'a', n: 2 },
      { motherKey: 'b', n: 3 },
    ];
    const groups = groupByMother(
      rows,
      (r) => ({ key: r.motherKey, ns: [] as number[] }),
      (g, r) => g.ns.push(r.n),
    );
    expect(groups).toEqual([
      { key: 'a', ns: [1, 2] },
      { key: 'b', ns: [3] },
    ]);
  });
});

describe('status changes of plans and shipments', () => {
  it('plans only healthy or resting animals', () => {
    expect(planStatusChange('HEALTHY', 'planned')).toEqual({
      newStatus: 'SCHEDULED_FOR_SHIPMENT',
      reason: '出荷予定の登録',
    });
    expect(planStatusChange('RESTING', 'planned')?.newStatus).toBe('SCHEDULED_FOR_SHIPMENT');
    expect(planStatusChange('PREGNANT', 'planned')).toBeNull();
    expect(planStatusChange('TREATING', 'planned')).toBeNull();
  });

  it('a cancelled plan restores the last status before shipping', () => {
    const history = [
      { oldStatus: 'RESTING', newStatus: 'SCHEDULED_FOR_SHIPMENT' },
      { oldStatus: 'PREGNANT', newStatus: 'RESTING' },
    ];
    expect(planStatusChange('SCHEDULED_FOR_SHIPMENT', 'cancelled', history)).toEqual({
      newStatus: 'RESTING',
      reason: '出荷予定の取消',
    });
    expect(planStatusChange('TREATING', 'cancelled', history)).toBeNull();
  });

  it('looks past planned and shipped steps, and falls back to HEALTHY', () => {
    expect(
      statusBeforeShipping([
        { oldStatus: 'SCHEDULED_FOR_SHIPMENT', newStatus: 'SHIPPED' },
        { oldStatus: 'TREATING', newStatus: 'SCHEDULED_FOR_SHIPMENT' },
      ]),
    ).toBe('TREATING');
    expect(statusBeforeShipping([{ oldStatus: null, newStatus: 'SHIPPED' }])).toBe('HEALTHY');
    expect(statusBeforeShipping([])).toBe('HEALTHY');
  });
});
