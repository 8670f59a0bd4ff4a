import { describe, expect, it } from 'vitest';
import { fieldOfHeader, mapHeaders, parseGender, parseImportDate, parsePregnancy } from './import-fields';

describe('headers (§14)', () => {
  it.each([
    ['個体識別番号', 'identificationNumber'],
    ['識別番号', 'identificationNumber'],
    ['\uFEFF個体識別番号', 'identificationNumber'],
    ['個体識別番号（10桁）', 'identificationNumber'],
    ['耳標', 'earTagNumber'],
    ['名号', 'name'],
    ['出生の年月日', 'birthday'],
    ['雌雄の別', 'gender'],
    ['種別', 'breed'],
    ['母牛の個体識別番号', 'motherIdentificationNumber'],
    ['種雄牛', 'sireName'],
    ['導入日', 'arrivalDate'],
    ['産次', 'parity'],
    ['体重（kg）', 'weight'],
    ['備考', 'notes'],
    ['Ear Tag', 'earTagNumber'],
    ['ｾｲﾍﾞﾂ', null],
    // The breeding history (§20); 父牛・種雄牛 stay the bloodline's sire, the service's sire is its own column.
    ['最終分娩日', 'lastCalvingDate'],
    ['分娩日', 'lastCalvingDate'],
    ['最終授精日', 'lastServiceDate'],
    ['授精日', 'lastServiceDate'],
    ['種付日', 'lastServiceDate'],
    ['種付け日', 'lastServiceDate'],
    ['授精種雄牛', 'lastServiceSire'],
    ['交配種雄牛', 'lastServiceSire'],
    ['妊娠', 'pregnancy'],
    ['妊否', 'pregnancy'],
    ['妊娠鑑定', 'pregnancy'],
    ['分娩予定日', 'expectedCalvingDate'],
    ['分娩予定日（見込み）', 'expectedCalvingDate'],
    ['ﾌﾞﾝﾍﾞﾝ', null],
  ])('reads %s as %s', (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  it('ignores unknown columns and a second column for the same field', () => {
    expect(mapHeaders(['個体識別番号', '飼養施設所在地', '識別番号'])).toEqual([
      { header: '個体識別番号', field: 'identificationNumber' },
      { header: '飼養施設所在地', field: null },
      { header: '識別番号', field: null },
    ]);
  });
});

describe('dates as spreadsheets write them (§14)', () => {
  it.each([
    ['2024-04-15', '2024-04-15'],
    ['2024/4/15', '2024-04-15'],
    ['2024.04.15', '2024-04-15'],
    ['2024年4月15日', '2024-04-15'],
    ['２０２４／４／１５', '2024-04-15'],
    // 令和6年 = 2019 + 6 − 1 = 2024
    ['R6.4.15', '2024-04-15'],
    ['r6/4/15', '2024-04-15'],
    ['令和6年4月15日', '2024-04-15'],
    ['令和元年5月1日', '2019-05-01'],
    // 平成31年 = 1989 + 31 − 1 = 2019
    ['H31.4.30', '2019-04-30'],
    ['昭和64年1月7日', '1989-01-07'],
    // Excel: day 45397 after 1899-12-30 is 2024-04-15
    ['45397', '2024-04-15'],
  ])('reads %s as %s', (text, date) => {
    expect(parseImportDate(text)).toBe(date);
  });

  it.each(['2023-02-30', '2024/13/01', 'R6.2.30', '4/15', 'yesterday', '123', ''])('refuses %j', (text) => {
    expect(parseImportDate(text)).toBeNull();
  });
});

describe('sexes as they are written', () => {
  it.each([
    ['雌', '雌'],
    ['メス', '雌'],
    ['ﾒｽ', '雌'],
    ['♀', '雌'],
    ['オス', '雄'],
    ['♂', '雄'],
    ['去勢', '去勢'],
    ['F', '雌'],
    ['steer', '去勢'],
    ['不明', null],
  ])('reads %s as %s', (text, gender) => {
    expect(parseGender(text)).toBe(gender);
  });
});

describe('pregnancy as a farm writes it (§20)', () => {
  it.each([
    ['妊娠', 'PREGNANT'],
    ['受胎', 'PREGNANT'],
    ['+', 'PREGNANT'],
    ['＋', 'PREGNANT'],
    ['○', 'PREGNANT'],
    [' 妊娠 ', 'PREGNANT'],
    ['空胎', 'OPEN'],
    ['不受胎', 'OPEN'],
    ['×', 'OPEN'],
    ['-', 'OPEN'],
    ['ー', 'OPEN'],
    ['－', 'OPEN'],
    ['−', 'OPEN'],
    ['ｰ', 'OPEN'],
    ['たぶん', null],
    ['妊娠?', null],
  ])('reads %j as %s', (text, result) => {
    expect(parsePregnancy(text)).toBe(result);
  });
});
