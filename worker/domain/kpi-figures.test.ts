import { describe, expect, it } from 'vitest';
import { analyseCow, dayNumber, eligibleAt } from './kpi';
import { cowRow, herd2026 } from './kpi.fixtures';
import {
  EVER,
  eligibleStretches,
  figuresChange,
  figuresText,
  jstDayNumber,
  type KeptFigure,
  keptFiguresOf,
  NO_DAY,
  timelineOfEvents,
} from './kpi-figures';

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

describe('figuresChange and figuresText', () => {
  const f = (kind: KeptFigure['kind'], day: number, flags = 0, a: number | null = null): KeptFigure => ({
    kind,
    day,
    flags,
    a,
    b: null,
    left: null,
  });

  it('takes out and adds only what differs, counting identical rows as many rows', () => {
    const before = [
      f('S', 100, 1, 60),
      f('D', 100, 1, NO_DAY),
      f('D', 130, 2, 100),
      f('L', 50, 0, 99),
      f('L', 50, 0, 99),
    ];
    // An estrus on day 160: a new day row; the service became pregnant (flags 1 → 3); one of the two stretches ends.
    const after = [
      f('S', 100, 3, 60),
      f('D', 100, 1, NO_DAY),
      f('D', 130, 2, 100),
      f('D', 160, 1, 130),
      f('L', 50, 0, 99),
    ];
    const change = figuresChange(before, after);
    expect(change.removed).toEqual([
      { ...f('S', 100, 1, 60), nth: 0 },
      { ...f('L', 50, 0, 99), nth: 0 },
    ]);
    expect(change.added).toEqual([f('S', 100, 3, 60), f('D', 160, 1, 130)]);
    expect(change.kept).toEqual([f('D', 100, 1, NO_DAY), f('D', 130, 2, 100), f('L', 50, 0, 99)]);
    // 5 before − 2 taken out + 2 added = 5 after.
    expect(before.length - change.removed.length + change.added.length).toBe(after.length);
    // Two identical rows both gone: the first and the second of them.
    expect(figuresChange([f('L', 50, 0, 99), f('L', 50, 0, 99)], []).removed.map((r) => r.nth)).toEqual([0, 1]);
    // The same rows in another order: nothing to write.
    expect(figuresChange(before, [...before].reverse())).toEqual({
      removed: [],
      added: [],
      kept: [...before].reverse(),
    });
  });

  it('writes rows as SQL orders and prints them: kind, day, flags, a, b, left; NULL first and as nothing', () => {
    const rows = [f('S', 100, 1, 60), f('D', 130, 2, 100), f('D', 100, 1, NO_DAY), f('D', 100, 1, null)];
    expect(figuresText(7, rows)).toBe(`D,100,1,,,,7;D,100,1,${NO_DAY},,,7;D,130,2,100,,,7;S,100,1,60,,,7`);
    expect(figuresText(7, [])).toBe('');
  });

  it('writes nothing for a history that did not change, over a whole herd', () => {
    for (const cow of cows) expect(figuresChange(keptFiguresOf(cow), keptFiguresOf(cow)).added).toEqual([]);
  });
});
