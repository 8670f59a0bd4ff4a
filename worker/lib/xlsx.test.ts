import { describe, expect, it } from 'vitest';
import { excelSerial, readXlsx } from '../test/xlsx';
import { columnLetter, escapeXml, excelDateSerial, type Sheet, toXlsx, XLSX_CONTENT_TYPE, xlsxResponse } from './xlsx';

const sheet = (rows: Sheet['rows'], columns: Sheet['columns'] = [{ header: 'ID', kind: 'text' }]): Sheet => ({
  name: 'テスト',
  columns,
  rows,
});

describe('toXlsx', () => {
  it('is a zip with the parts Excel needs, the sheet named as given and a bold header row', () => {
    const book = readXlsx(toXlsx(sheet([['0871234566']])));
    expect(Object.keys(book.files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(book.part('[Content_Types].xml')).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(book.part('xl/workbook.xml')).toContain('<sheet name="テスト" sheetId="1" r:id="rId1"/>');
    expect(book.cells.get('A1')).toEqual({ type: 'inlineStr', style: 1, value: 'ID' });
    expect(book.part('xl/styles.xml')).toContain('<font><b/>');
    expect(book.sheetXml).toContain('<dimension ref="A1:A2"/>');
  });

  it('stores text as inline strings (leading zeros kept), numbers as numbers and dates as dated serials', () => {
    const columns = [
      { header: 'ID', kind: 'text' },
      { header: '体重', kind: 'number' },
      { header: '日付', kind: 'date' },
      { header: '年月日', kind: 'date' },
    ] as const;
    const book = readXlsx(toXlsx(sheet([['0012', 420.5, '2025-02-01', '2020/04/01']], columns)));
    expect(book.cells.get('A2')).toEqual({ type: 'inlineStr', style: 0, value: '0012' });
    expect(book.cells.get('B2')).toEqual({ type: 'n', style: 0, value: '420.5' });
    expect(book.cells.get('C2')).toEqual({ type: 'n', style: 2, value: String(excelSerial('2025-02-01')) });
    expect(book.cells.get('C2')?.value).toBe('45689');
    expect(book.cells.get('D2')?.value).toBe(String(excelSerial('2020-04-01')));
    expect(book.part('xl/styles.xml')).toContain('<numFmt numFmtId="164" formatCode="yyyy/mm/dd"/>');
  });

  it('writes a number in a text column as text, and text in a number or date column as text; leaves empties out', () => {
    const columns = [
      { header: 'ID', kind: 'text' },
      { header: '体重', kind: 'number' },
      { header: '日付', kind: 'date' },
      { header: '空', kind: 'text' },
    ] as const;
    const book = readXlsx(toXlsx(sheet([[123, '不明', '未定', null]], columns)));
    expect(book.cells.get('A2')).toMatchObject({ type: 'inlineStr', value: '123' });
    expect(book.cells.get('B2')).toMatchObject({ type: 'inlineStr', value: '不明' });
    expect(book.cells.get('C2')).toMatchObject({ type: 'inlineStr', value: '未定' });
    expect(book.cells.has('D2')).toBe(false);
  });

  it('escapes markup, keeps a formula as plain text, and drops characters XML cannot carry', () => {
    const text = `=HYPERLINK("x") & <b>'A'</b>\u0000\u0007\u001f\ud800 end\r\nnext`;
    const book = readXlsx(toXlsx(sheet([[text]])));
    expect(book.sheetXml).toContain('=HYPERLINK(&quot;x&quot;) &amp; &lt;b&gt;&apos;A&apos;&lt;/b&gt; end\nnext');
    expect(book.cells.get('A2')).toEqual({
      type: 'inlineStr',
      style: 0,
      value: `=HYPERLINK("x") & <b>'A'</b> end\nnext`,
    });
    expect(book.sheetXml).not.toContain('<f>');
  });

  it("keeps text that looks like Excel's _xHHHH_ escape literal", () => {
    expect(readXlsx(toXlsx(sheet([['a_x0041_b']]))).sheetXml).toContain('a_x005F_x0041_b');
  });

  it('sizes columns for Japanese headers and values, within limits', () => {
    const columns = [
      { header: '個体識別番号', kind: 'text' },
      { header: 'x', kind: 'text' },
      { header: '備考', kind: 'text' },
    ] as const;
    const xml = readXlsx(toXlsx(sheet([['0871234566', 'a', '長'.repeat(100)]], columns))).sheetXml;
    expect(xml).toContain('<col min="1" max="1" width="14" customWidth="1"/>');
    expect(xml).toContain('<col min="2" max="2" width="8" customWidth="1"/>');
    expect(xml).toContain('<col min="3" max="3" width="60" customWidth="1"/>');
  });

  it('makes a sheet name Excel accepts', () => {
    const book = readXlsx(toXlsx({ ...sheet([]), name: 'a/b[c]:*?\\&'.padEnd(40, 'x') }));
    expect(book.part('xl/workbook.xml')).toContain('name="a_b_c_____&amp;xxxxxxxxxxxxxxxxxxxx"');
  });
});

describe('xlsxResponse', () => {
  it('is an attachment with the workbook type and the UTF-8 file name', async () => {
    const response = xlsxResponse('牛台帳_20260501.xlsx', sheet([['1']]));
    expect(response.headers.get('Content-Type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="____20260501.xlsx"; filename*=UTF-8''${encodeURIComponent('牛台帳_20260501.xlsx')}`,
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // "PK"
  });
});

describe('helpers', () => {
  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('counts Excel dates from 1899-12-30 and refuses what is not a date', () => {
    expect(excelDateSerial('1900-03-01')).toBe(61);
    expect(excelDateSerial('2025/02/01')).toBe(45689);
    expect(excelDateSerial('2025-02-30')).toBeNull();
    expect(excelDateSerial('1900-02-28')).toBeNull();
    expect(excelDateSerial('2025-2-1')).toBeNull();
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });
});
