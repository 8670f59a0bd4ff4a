import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit';

describe('audit changes', () => {
  it('records only the fields that changed, as [before, after]', () => {
    expect(
      auditChanges(
        { name: 'ゆり', barn: '第1牛舎', weight: 420, updatedAt: '2026-11-01', version: 3 },
        { name: 'ゆり', barn: '第2牛舎', weight: 425.5, updatedAt: '2026-11-26', version: 4 },
      ),
    ).toEqual({ barn: ['第1牛舎', '第2牛舎'], weight: [420, 425.5] });
  });

  it('gives null befores for a creation and null afters for a deletion', () => {
    expect(auditChanges(null, { eventType: 'ESTRUS', notes: null })).toEqual({ eventType: [null, 'ESTRUS'] });
    expect(auditChanges({ eventType: 'ESTRUS', notes: '再発情' }, null)).toEqual({
      eventType: ['ESTRUS', null],
      notes: ['再発情', null],
    });
  });

  it('compares nested details by value and treats undefined as null', () => {
    expect(auditChanges({ details: { sireName: '安福久' } }, { details: { sireName: '安福久' } })).toEqual({});
    expect(auditChanges({ details: { sireName: '安福久' } }, { details: { sireName: '美国桜' } })).toEqual({
      details: [{ sireName: '安福久' }, { sireName: '美国桜' }],
    });
    expect(auditChanges({ memo: undefined }, { memo: null })).toEqual({});
  });

  it('keeps to the named fields when given', () => {
    expect(auditChanges({ a: 1, b: 1 }, { a: 2, b: 2 }, ['b'])).toEqual({ b: [1, 2] });
  });
});
