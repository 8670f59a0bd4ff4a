import { describe, expect, it } from 'vitest';
import { type ExistingAnimal, guessGrowthStage, ImportFileError, planImport } from './imports.plan';

const records = (lines: string[]) => lines.map((line, i) => ({ line: i + 1, cells: line.split(',') }));
const existing = (animal: Partial<ExistingAnimal> & { identificationNumber: string }): ExistingAnimal => ({
  events: [],
  gender: '雌',
  earTagNumber: null,
  name: null,
  birthday: null,
  breed: null,
  weight: null,
  growthStage: 'MULTI_PAROUS',
  barn: null,
  notes: null,
  initialParity: 0,
  motherIdentificationNumber: null,
  sireName: null,
  arrivalDates: [],
  ...animal,
});
const TODAY = '2026-11-23';

describe('planImport', () => {
  it('creates, updates and leaves unchanged by 個体識別番号', () => {
    const farm = new Map([
      ['0812340017', existing({ identificationNumber: '0812340017', name: 'はなこ', weight: 500 })],
      ['0812340024', existing({ identificationNumber: '0812340024', name: 'もも' })],
    ]);
    const plan = planImport(
      records(['個体識別番号,名前,体重,性別', '0812340017,はなこ,520,', '0812340024,もも,,', '0812340031,ゆき,,雌']),
      farm,
      TODAY,
    );
    expect(plan.rows.map((r) => r.action)).toEqual(['update', 'unchanged', 'create']);
    // Only what changed is written; a blank cell keeps the stored value.
    expect(plan.updates).toEqual([{ identificationNumber: '0812340017', weight: 520 }]);
    expect(plan.creates).toMatchObject([{ identificationNumber: '0812340031', name: 'ゆき', gender: '雌' }]);
    expect(plan.summary).toEqual({ rows: 3, create: 1, update: 1, unchanged: 1, errors: 0 });
  });

  it('links a mother listed after her calf and refuses one that is a steer', () => {
    const plan = planImport(
      records([
        '個体識別番号,性別,母牛の個体識別番号',
        '0812340055,雌,0812340017',
        '0812340062,雌,0812340048',
        '0812340017,雌,',
        '0812340048,去勢,',
        '0812340079,雌,0999999999',
      ]),
      new Map(),
      TODAY,
    );
    expect(plan.rows.map((r) => r.action)).toEqual(['create', 'error', 'create', 'create', 'create']);
    expect(plan.rows[1].errors[0].message).toBe('3行目: 母牛の個体識別番号が雄・去勢の牛を指しています');
    expect(plan.rows[4].warnings).toContain('母牛（0999999999）は牧場にもファイルにもいません。番号だけを記録します');
  });

  it('refuses a file without the 個体識別番号 column', () => {
    expect(() => planImport(records(['名前,性別', 'はなこ,雌']), new Map(), TODAY)).toThrow(ImportFileError);
  });
});

describe('guessGrowthStage', () => {
  it('sets a stage from sex, age and calvings as a farmer would', () => {
    // 2026-06-01 → 2026-11-23 is 5 months: a calf.
    expect(guessGrowthStage('雌', '2026-06-01', undefined, TODAY)).toBe('CALF');
    expect(guessGrowthStage('雌', '2025-06-01', 0, TODAY)).toBe('GROWING');
    expect(guessGrowthStage('雌', '2020-06-01', 1, TODAY)).toBe('FIRST_CALVED');
    expect(guessGrowthStage('雌', '2020-06-01', 3, TODAY)).toBe('MULTI_PAROUS');
    // No calvings given: past 26 months she has calved (2024-09-23 → 26 months on 2026-11-23).
    expect(guessGrowthStage('雌', '2024-09-23', undefined, TODAY)).toBe('MULTI_PAROUS');
    expect(guessGrowthStage('雌', '2024-09-24', undefined, TODAY)).toBe('GROWING');
    // A steer from 10 months is fattening.
    expect(guessGrowthStage('去勢', '2026-01-23', undefined, TODAY)).toBe('FATTENING');
    expect(guessGrowthStage('去勢', '2026-01-24', undefined, TODAY)).toBe('GROWING');
  });
});
