import { describe, expect, it } from 'vitest';
import { type ExistingAnimal, guessGrowthStage, ImportFileError, planImport } from './import-plan';

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
  penName: null,
  status: 'HEALTHY',
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

describe('planImport: the breeding history (§20)', () => {
  const HEADER = '個体識別番号,性別,生年月日,産次,最終分娩日,最終授精日,授精種雄牛,妊娠,分娩予定日';
  const plan = (rows: string[], farm = new Map<string, ExistingAnimal>()) =>
    planImport(records([HEADER, ...rows]), farm, TODAY);

  it('reads the history as events dated as given, and 産次 as including the last calving', () => {
    const result = plan(['0812340017,雌,2020-01-10,3,R8.2.1,2026-04-20,安福久,○,2027/1/30']);
    expect(result.rows[0]).toMatchObject({
      action: 'create',
      values: {
        parity: 3,
        lastCalvingDate: '2026-02-01',
        lastServiceDate: '2026-04-20',
        lastServiceSire: '安福久',
        pregnancy: 'PREGNANT',
        expectedCalvingDate: '2027-01-30',
      },
      errors: [],
    });
    expect(result.creates[0].breeding).toEqual({ parity: 2, breedingMemo: null });
    const events = result.histories[0].events;
    expect(events.map((e) => [e.eventType, e.eventDatetime, e.details, e.notes])).toEqual([
      ['CALVING', '2026-01-31T15:00:00.000Z', null, '一括取り込み'],
      ['INSEMINATION', '2026-04-19T15:00:00.000Z', { method: 'AI', sireName: '安福久' }, '一括取り込み'],
      // 2026-04-20 + 30 days = 2026-05-20, before today
      ['PREGNANCY_CHECK', '2026-05-19T15:00:00.000Z', { result: 'PREGNANT' }, '一括取り込み'],
      ['EXPECTED_CALVING', '2027-01-29T15:00:00.000Z', null, '一括取り込み'],
    ]);
  });

  it('dates the check today when service + 30 days is still ahead, or when only a due date is given', () => {
    // TODAY 2026-11-23; service 2026-11-01 + 30 = 2026-12-01, after today
    const result = plan([
      '0812340017,雌,2020-01-10,,,2026-11-01,,妊娠,',
      '0812340024,雌,2020-01-10,,,,,妊娠,2027-03-01',
    ]);
    const checks = result.histories.map((h) => h.events.find((e) => e.eventType === 'PREGNANCY_CHECK')?.eventDatetime);
    expect(checks).toEqual(['2026-11-22T15:00:00.000Z', '2026-11-22T15:00:00.000Z']);
  });

  it('names each impossible history on its column, with the cell as written', () => {
    const result = plan([
      '0812340017,雌,2020-01-10,,2999/1/1,,,,',
      '0812340024,雌,2020-01-10,,2026-05-01,2026-04-01,,,',
      '0812340031,雌,2020-01-10,,,2026-04-01,,,2026-03-01',
      '0812340048,雌,2020-01-10,,,,,○,',
      '0812340055,去勢,2020-01-10,,,2026-04-01,,,',
      '0812340062,雌,2020-01-10,0,2026-04-01,,,,',
      '0812340079,雌,2020-01-10,,,,,たぶん,',
    ]);
    expect(result.rows.map((r) => r.errors)).toEqual([
      [{ field: 'lastCalvingDate', message: '2行目: 最終分娩日に未来の日付は指定できません', value: '2999/1/1' }],
      [{ field: 'lastServiceDate', message: '3行目: 最終授精日が最終分娩日より前です', value: '2026-04-01' }],
      [
        {
          field: 'expectedCalvingDate',
          message: '4行目: 分娩予定日は最終授精日より後の日付を指定してください',
          value: '2026-03-01',
        },
      ],
      [
        {
          field: 'pregnancy',
          message: '5行目: 妊娠しているときは最終授精日か分娩予定日を入力してください',
          value: '○',
        },
      ],
      [
        {
          field: 'lastServiceDate',
          message: '6行目: 雄・去勢の牛には分娩・授精・妊娠の記録を取り込めません',
          value: '2026-04-01',
        },
      ],
      [{ field: 'parity', message: '7行目: 最終分娩日があるときは産次を1以上にしてください', value: '0' }],
      [
        {
          field: 'pregnancy',
          message: '8行目: 妊娠は「妊娠」か「空胎」で入力してください（○・×、+・- も読めます）',
          value: 'たぶん',
        },
      ],
    ]);
    expect(result.histories).toEqual([]);
  });

  it('adds to an animal on record only the events it does not have', () => {
    const farm = new Map([
      [
        '0812340017',
        existing({
          identificationNumber: '0812340017',
          birthday: '2020-01-10',
          initialParity: 2,
          events: [
            { eventType: 'CALVING', eventDatetime: '2026-01-31T15:00:00.000Z', notes: null },
            // imported on an earlier day: the check of the same service, whatever its date
            { eventType: 'INSEMINATION', eventDatetime: '2026-11-01T15:00:00.000Z', notes: '一括取り込み' },
            {
              eventType: 'PREGNANCY_CHECK',
              eventDatetime: '2026-11-10T15:00:00.000Z',
              details: { result: 'PREGNANT' },
              notes: '一括取り込み',
            },
          ],
        }),
      ],
    ]);
    const same = plan(['0812340017,雌,2020-01-10,3,2026-02-01,2026-11-02,,妊娠,'], farm);
    expect(same.rows[0].action).toBe('unchanged');
    expect(same.histories).toEqual([]);
    // A service typed since the imported check does not make the file's check (of no service) a new one.
    const dueOnly = new Map([
      [
        '0812340024',
        existing({
          identificationNumber: '0812340024',
          birthday: '2020-01-10',
          events: [
            {
              eventType: 'PREGNANCY_CHECK',
              eventDatetime: '2026-11-01T15:00:00.000Z',
              details: { result: 'PREGNANT' },
              notes: '一括取り込み',
            },
            { eventType: 'EXPECTED_CALVING', eventDatetime: '2027-03-01T15:00:00.000Z', notes: '一括取り込み' },
            { eventType: 'INSEMINATION', eventDatetime: '2026-11-10T15:00:00.000Z', notes: null },
          ],
        }),
      ],
    ]);
    expect(plan(['0812340024,雌,2020-01-10,,,,,妊娠,2027-03-02'], dueOnly).rows[0].action).toBe('unchanged');
    const more = plan(['0812340017,雌,2020-01-10,3,2026-02-01,2026-11-02,,妊娠,2027-08-14'], farm);
    expect(more.rows[0].action).toBe('update');
    expect(more.updates).toEqual([]);
    expect(more.histories[0].events.map((e) => e.eventType)).toContain('EXPECTED_CALVING');
  });

  it('warns the calf whose mother’s row is in error: skipped, she is linked by number only', () => {
    const result = planImport(
      records(['個体識別番号,性別,母牛の個体識別番号', '0812340017,,', '0812345675,雌,0812340017']),
      new Map(),
      TODAY,
    );
    expect(result.rows.map((r) => r.action)).toEqual(['error', 'create']);
    expect(result.rows[1].warnings).toEqual([
      '母牛（0812340017）の行にエラーがあります。その行を除いて取り込むと、母牛は番号だけを記録します',
    ]);
  });
});

describe('planImport: the 牛房 column (§26)', () => {
  const file = (...rows: string[]) => records(['個体識別番号,性別,牛房', ...rows]);

  it('puts each animal in its pen by name after NFKC; a pen the farm lacks is new, said on the first row naming it', () => {
    const farm = new Map([
      ['0812340017', existing({ identificationNumber: '0812340017', penName: '1番' })],
      ['0812340024', existing({ identificationNumber: '0812340024', penName: '1番' })],
    ]);
    const plan = planImport(
      // '３番' and ' 3番 ' are '3番' after NFKC and trimming; '１番' is the farm's pen 1番.
      file('0812340017,,１番', '0812340024,,３番', '0812340031,雌, 3番 ', '0812340048,雌,子牛2', '0812340055,雌,'),
      farm,
      TODAY,
      new Set(),
      new Set(['1番', '2番']),
    );
    expect(plan.rows.map((r) => [r.action, r.values.pen, r.warnings])).toEqual([
      ['unchanged', '1番', []],
      ['update', '3番', ['新しい牛房「3番」を作ります']],
      ['create', '3番', []],
      ['create', '子牛2', ['新しい牛房「子牛2」を作ります']],
      ['create', undefined, []],
    ]);
    expect(plan.newPens).toEqual(['3番', '子牛2']);
    expect(plan.pens).toEqual([
      { name: '3番', identificationNumbers: ['0812340024', '0812340031'] },
      { name: '子牛2', identificationNumbers: ['0812340048'] },
    ]);
    // A pen is no column of the animal itself: the update changes nothing else.
    expect(plan.updates).toEqual([]);
    expect(plan.summary).toMatchObject({ create: 3, update: 1, unchanged: 1 });
  });

  it('refuses a name POST /pens refuses (31 characters) on its row, and a row in error makes no pen', () => {
    const long = 'あ'.repeat(31);
    const plan = planImport(
      file(`0812340017,雌,${long}`, '0812340024,,3番', `0812340031,雌,${'い'.repeat(30)}`),
      new Map(),
      TODAY,
    );
    expect(plan.rows[0].errors).toEqual([
      { field: 'pen', message: '2行目: 牛房の名前は1〜30文字で入力してください', value: long },
    ]);
    // Line 3 has no sex for a new animal: in error, so its pen 3番 is not made.
    expect(plan.rows[1].action).toBe('error');
    expect(plan.newPens).toEqual(['い'.repeat(30)]);
  });

  it('leaves a dead or shipped animal out of any pen, with a warning', () => {
    const farm = new Map([
      ['0812340017', existing({ identificationNumber: '0812340017', status: 'DEAD' })],
      ['0812340024', existing({ identificationNumber: '0812340024', status: 'SHIPPED', penName: null })],
    ]);
    const plan = planImport(file('0812340017,,3番', '0812340024,,3番'), farm, TODAY);
    expect(plan.rows.map((r) => [r.action, r.warnings])).toEqual([
      ['unchanged', ['死亡・出荷済みの牛は牛房に入れません']],
      ['unchanged', ['死亡・出荷済みの牛は牛房に入れません']],
    ]);
    expect(plan.newPens).toEqual([]);
    expect(plan.pens).toEqual([]);
  });

  it('reads 牛房 and ペン (and pen) as the pen, and 牛舎 stays the barn', () => {
    for (const header of ['牛房', 'ペン', 'Pen', '牛房名']) {
      const plan = planImport(
        records([`個体識別番号,性別,${header},牛舎`, '0812340017,雌,3番,北棟']),
        new Map(),
        TODAY,
      );
      expect(plan.columns.map((c) => c.field)).toEqual(['identificationNumber', 'gender', 'pen', 'barn']);
      expect(plan.rows[0].values).toMatchObject({ pen: '3番', barn: '北棟' });
    }
  });
});
