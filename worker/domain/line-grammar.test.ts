import { describe, expect, it } from 'vitest';
import { LINE_WEIGHT_REQUIRED, type LineMessage, monthDay, readLineMessage } from './line-grammar';

const record = (
  digits: string,
  eventType: string,
  details: Record<string, unknown>,
  shown: string | null,
  extra: { notes?: string | null; defaultsFromLastService?: boolean } = {},
): LineMessage => ({
  kind: 'record',
  digits,
  eventType: eventType as never,
  details,
  notes: extra.notes ?? null,
  shown,
  defaultsFromLastService: extra.defaultsFromLastService ?? false,
});

const CALVING_VALUE = '分娩は 雌・雄（双子は 雌雄・雄雄・雌雌）で入力してください（例：1234 分娩 雌）';

/** docs/product.md §25: each message, as typed, and what it says. */
const TABLE: [string, LineMessage][] = [
  // The three words for an AI, with and without a sire; the technician is always the farm's last.
  [
    '1234 授精 安福久',
    record('1234', 'INSEMINATION', { method: 'AI', sireName: '安福久' }, '安福久', { defaultsFromLastService: true }),
  ],
  ['1234 AI', record('1234', 'INSEMINATION', { method: 'AI' }, null, { defaultsFromLastService: true })],
  [
    '1234 ai 百合茂',
    record('1234', 'INSEMINATION', { method: 'AI', sireName: '百合茂' }, '百合茂', { defaultsFromLastService: true }),
  ],
  ['0381 種付', record('0381', 'INSEMINATION', { method: 'AI' }, null, { defaultsFromLastService: true })],
  ['1234 発情', record('1234', 'ESTRUS', {}, null)],
  // Pregnant and open: the word is the result, named in the confirmation.
  ['1234 妊娠', record('1234', 'PREGNANCY_CHECK', { result: 'PREGNANT' }, '妊娠')],
  ['1234 受胎', record('1234', 'PREGNANCY_CHECK', { result: 'PREGNANT' }, '妊娠')],
  ['1234 妊娠+', record('1234', 'PREGNANCY_CHECK', { result: 'PREGNANT' }, '妊娠')],
  ['1234 空胎', record('1234', 'PREGNANCY_CHECK', { result: 'OPEN' }, '空胎')],
  ['1234 不受胎', record('1234', 'PREGNANCY_CHECK', { result: 'OPEN' }, '空胎')],
  ['1234 妊娠-', record('1234', 'PREGNANCY_CHECK', { result: 'OPEN' }, '空胎')],
  // A calving: no value (calves unknown), one calf, twins.
  ['1234 分娩', record('1234', 'CALVING', {}, null)],
  ['1234 分娩 雌', record('1234', 'CALVING', { calves: [{ gender: '雌' }] }, '雌')],
  ['1234 分娩 雄', record('1234', 'CALVING', { calves: [{ gender: '雄' }] }, '雄')],
  ['1234 分娩 雌雄', record('1234', 'CALVING', { calves: [{ gender: '雌' }, { gender: '雄' }] }, '雌雄')],
  ['1234 分娩 雄雄', record('1234', 'CALVING', { calves: [{ gender: '雄' }, { gender: '雄' }] }, '雄雄')],
  ['1234 分娩 雌雌', record('1234', 'CALVING', { calves: [{ gender: '雌' }, { gender: '雌' }] }, '雌雌')],
  ['1234 分娩 三つ子', { kind: 'refused', message: CALVING_VALUE }],
  // Weight: kg required; '512kg', '512 kg' and a decimal are kg.
  ['1234 体重 512', record('1234', 'WEIGHT_MEASURED', { weightKg: 512 }, '512kg')],
  ['1234 体重 512kg', record('1234', 'WEIGHT_MEASURED', { weightKg: 512 }, '512kg')],
  ['1234 体重 450.5 kg', record('1234', 'WEIGHT_MEASURED', { weightKg: 450.5 }, '450.5kg')],
  ['1234 体重', { kind: 'refused', message: LINE_WEIGHT_REQUIRED }],
  ['1234 体重 重い', { kind: 'refused', message: LINE_WEIGHT_REQUIRED }],
  ['1234 体重 0', { kind: 'refused', message: LINE_WEIGHT_REQUIRED }],
  ['1234 ワクチン', record('1234', 'VACCINATION', {}, null)],
  ['1234 ワクチン 5種混合', record('1234', 'VACCINATION', { product: '5種混合' }, '5種混合')],
  ['1234 治療', record('1234', 'TREATMENT_STARTED', {}, null)],
  ['1234 治療 乳房炎', record('1234', 'TREATMENT_STARTED', {}, '乳房炎', { notes: '乳房炎' })],
  ['1234 乾乳', record('1234', 'DRY_OFF', {}, null)],
  ['1234 死亡', record('1234', 'DEATH', {}, null)],
  // §18: full-width digits, letters and spaces; runs of spaces.
  [
    '１２３４　授精　安福久',
    record('1234', 'INSEMINATION', { method: 'AI', sireName: '安福久' }, '安福久', { defaultsFromLastService: true }),
  ],
  ['  0381   体重   ５１２ｋｇ ', record('0381', 'WEIGHT_MEASURED', { weightKg: 512 }, '512kg')],
  ['１２３４　ＡＩ', record('1234', 'INSEMINATION', { method: 'AI' }, null, { defaultsFromLastService: true })],
  // The value keeps its inner spaces.
  ['1234 ワクチン 牛 5種', record('1234', 'VACCINATION', { product: '牛 5種' }, '牛 5種')],
  // The chat's own words.
  ['牧場', { kind: 'farm' }],
  ['今日', { kind: 'today' }],
  ['作業', { kind: 'today' }],
  ['　今日　', { kind: 'today' }],
  // A link code: 8 of the alphabet, any case, full-width accepted.
  ['AB23CD45', { kind: 'code', code: 'AB23CD45' }],
  ['ab23cd45', { kind: 'code', code: 'AB23CD45' }],
  ['ＡＢ２３ＣＤ４５', { kind: 'code', code: 'AB23CD45' }],
  // Not the grammar: help.
  ['こんにちは', { kind: 'help' }],
  ['授精 1234', { kind: 'help' }],
  ['1234', { kind: 'help' }],
  ['1234 散歩', { kind: 'help' }],
  ['AB10CD45', { kind: 'help' }],
  ['AB23CD4', { kind: 'help' }],
  ['', { kind: 'help' }],
];

describe('readLineMessage (§25: <digits> <word> [value], after §18 normalisation)', () => {
  it.each(TABLE)('%j', (text, expected) => {
    expect(readLineMessage(text)).toEqual(expected);
  });
});

describe('monthDay', () => {
  it('is M/D without leading zeros', () => {
    expect(monthDay('2026-05-03')).toBe('5/3');
    expect(monthDay('2026-11-28')).toBe('11/28');
    expect(monthDay('2027-01-09')).toBe('1/9');
  });
});
