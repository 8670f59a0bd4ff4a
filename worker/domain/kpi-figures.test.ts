import { describe, expect, it } from 'vitest';
import { analyseCow, dayNumber, eligibleAt } from './kpi';
import { cowRow, herd2026 } from './kpi.fixtures';
import { EVER, eligibleStretches, jstDayNumber, keptFiguresOf, NO_DAY, timelineOfEvents } from './kpi-figures';

const cows = [
  ...herd2026,
  cowRow(90, [
    ['R', '2025-01-10'],
    ['C', '2025-02-01'],
    ['I', '2025-04-01'],
    ['P', '2025-05-10'],
    ['A', '2025-07-01'],
    ['E', '2025-08-01'],
    ['I', '2025-08-01'],
    ['I', '2025-08-02'],
    ['X', '2026-01-15'],
  ]),
  cowRow(91, [], { birthday: '2024-12-31' }),
  cowRow(92, [], { birthday: null, initialParity: 2 }),
].map(analyseCow);

describe('eligibleStretches', () => {
  it('holds exactly the days eligibleAt allows, day by day over three years', () => {
    for (const cow of cows) {
      const stretches = eligibleStretches(cow);
      for (let day = dayNumber('2024-01-01'); day <= dayNumber('2027-01-01'); day++) {
        const inStretch = stretches.some(([from, to]) => day >= from && day <= to);
        expect({ cow: cow.cattleId, day, eligible: inStretch }).toEqual({
          cow: cow.cattleId,
          day,
          eligible: eligibleAt(cow, day),
        });
      }
    }
  });

  it('reaches from no day to every day for a cow calved before with no events, and to none without a birthday', () => {
    expect(eligibleStretches(cows.find((c) => c.cattleId === 92)!)).toEqual([[NO_DAY, EVER]]);
    expect(eligibleStretches(analyseCow(cowRow(93, [], { birthday: null })))).toEqual([]);
  });
});

describe('keptFiguresOf', () => {
  it('gives each conceiving service and heat-or-straw day its previous one, and every row her leaving day', () => {
    const cow = cows.find((c) => c.cattleId === 90)!;
    const rows = keptFiguresOf(cow);
    expect(rows.filter((r) => r.kind === 'H').map((r) => [r.day, r.flags])).toEqual([
      [dayNumber('2025-04-01'), NO_DAY],
      [dayNumber('2025-08-01'), dayNumber('2025-04-01')],
      [dayNumber('2025-08-02'), dayNumber('2025-08-01')],
    ]);
    expect(new Set(rows.map((r) => r.left))).toEqual(new Set([dayNumber('2026-01-15')]));
  });
});

describe('timelineOfEvents', () => {
  it('codes events as the KPI query does, on the JST day of the instant', () => {
    expect(jstDayNumber('2026-03-31T15:00:00.000Z')).toBe(dayNumber('2026-04-01'));
    expect(jstDayNumber('2026-03-31T14:59:59.999Z')).toBe(dayNumber('2026-03-31'));
    expect(
      timelineOfEvents([
        { eventType: 'INSEMINATION', eventDatetime: '2026-03-31T15:00:00.000Z' },
        { eventType: 'PREGNANCY_CHECK', eventDatetime: '2026-05-01T00:00:00.000Z', details: { result: 'PREGNANT' } },
        { eventType: 'PREGNANCY_CHECK', eventDatetime: '2026-05-02T00:00:00.000Z', details: '{"result":"OPEN"}' },
        { eventType: 'PREGNANCY_CHECK', eventDatetime: '2026-05-03T00:00:00.000Z', details: null },
        { eventType: 'WEIGHT', eventDatetime: '2026-05-03T00:00:00.000Z' },
        { eventType: 'DEATH', eventDatetime: '2026-06-01T00:00:00.000Z' },
      ]),
    ).toBe(
      `I${dayNumber('2026-04-01')},P${dayNumber('2026-05-01')},O${dayNumber('2026-05-02')},X${dayNumber('2026-06-01')}`,
    );
  });
});
