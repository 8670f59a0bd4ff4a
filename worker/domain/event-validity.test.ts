import { describe, expect, it } from 'vitest';
import { firstImpossibleEvent, IMPOSSIBLE_EVENT, impossibleEvent, leftFarmOn } from './event-validity';

const cow = { gender: '雌', birthday: '2022-04-10' };
const steer = { gender: '去勢', birthday: '2022-04-10' };
// 2024-06-30T15:30Z is 2024-07-01 00:30 in Japan.
const at = (iso: string) => ({ eventDatetime: iso });

describe('events an animal cannot have (§6)', () => {
  it('refuses breeding and calving events on a bull or a steer, on eventType', () => {
    for (const eventType of ['ESTRUS', 'INSEMINATION', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'DRY_OFF']) {
      expect(impossibleEvent(steer, [], { eventType, ...at('2024-05-01T00:00:00Z') })).toBe(IMPOSSIBLE_EVENT.wrongSex);
      expect(impossibleEvent({ ...steer, gender: '雄' }, [], { eventType, ...at('2024-05-01T00:00:00Z') })).toBe(
        IMPOSSIBLE_EVENT.wrongSex,
      );
      expect(impossibleEvent(cow, [], { eventType, ...at('2024-05-01T00:00:00Z') })).toBeNull();
    }
    expect(impossibleEvent(steer, [], { eventType: 'WEIGHT_MEASURED', ...at('2024-05-01T00:00:00Z') })).toBeNull();
    expect(IMPOSSIBLE_EVENT.wrongSex).toEqual({
      field: 'eventType',
      message: 'この牛の性別では記録できないイベントです',
    });
  });

  it('refuses an event before the birthday, by the JST date: the birthday itself is allowed', () => {
    // 2022-04-09T15:00Z is 2022-04-10 00:00 JST: the day of birth.
    expect(impossibleEvent(cow, [], { eventType: 'WEIGHT_MEASURED', ...at('2022-04-09T15:00:00Z') })).toBeNull();
    // 2022-04-09T14:59Z is still 2022-04-09 in Japan.
    expect(impossibleEvent(cow, [], { eventType: 'WEIGHT_MEASURED', ...at('2022-04-09T14:59:00Z') })).toBe(
      IMPOSSIBLE_EVENT.beforeBirth,
    );
    expect(
      impossibleEvent({ gender: '雌', birthday: null }, [], { eventType: 'OTHER', ...at('2000-01-01T00:00:00Z') }),
    ).toBeNull();
  });

  it('refuses an event dated after a death or shipment; the same JST day is allowed', () => {
    const shipped = [{ eventType: 'SHIPMENT', eventDatetime: '2024-06-30T15:30:00Z' }]; // 2024-07-01 in Japan
    expect(leftFarmOn(shipped)).toBe('2024-07-01');
    expect(impossibleEvent(cow, shipped, { eventType: 'WEIGHT_MEASURED', ...at('2024-07-01T14:59:00Z') })).toBeNull();
    expect(impossibleEvent(cow, shipped, { eventType: 'WEIGHT_MEASURED', ...at('2024-07-01T15:00:00Z') })).toBe(
      IMPOSSIBLE_EVENT.afterEnd,
    );
    const died = [
      { eventType: 'DEATH', eventDatetime: '2024-03-01T00:00:00Z' },
      { eventType: 'SHIPMENT', eventDatetime: '2024-05-01T00:00:00Z' },
    ];
    // The earliest end counts.
    expect(leftFarmOn(died)).toBe('2024-03-01');
    expect(impossibleEvent(cow, died, { eventType: 'OTHER', ...at('2024-04-01T00:00:00Z') })).toBe(
      IMPOSSIBLE_EVENT.afterEnd,
    );
    expect(leftFarmOn([{ eventType: 'CALVING', eventDatetime: '2024-03-01T00:00:00Z' }])).toBeNull();
  });

  it('checks events written together against each other, whatever their order', () => {
    const written = [
      { eventType: 'WEIGHT_MEASURED', eventDatetime: '2024-08-01T00:00:00Z' },
      { eventType: 'SHIPMENT', eventDatetime: '2024-07-01T00:00:00Z' },
    ];
    expect(firstImpossibleEvent(cow, [], written)).toEqual({ index: 0, reason: IMPOSSIBLE_EVENT.afterEnd });
    expect(firstImpossibleEvent(cow, [], written.slice(1))).toBeNull();
  });
});
