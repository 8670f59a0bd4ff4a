import { describe, expect, it } from 'vitest';
import { contentDisposition, csvResponse, toCsv } from './csv';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends every record with CRLF', () => {
    expect(toCsv(['ID', 'Email'], [[1, 'a@example.jp']])).toBe(`${BOM}ID,Email\r\n1,a@example.jp\r\n`);
  });

  it('writes only the header row when there are no rows', () => {
    expect(toCsv(['ID', 'Email'], [])).toBe(`${BOM}ID,Email\r\n`);
  });

  it('quotes commas, quotes and line breaks per RFC 4180, doubling inner quotes', () => {
    const csv = toCsv(['note'], [['a,b'], ['say "moo"'], ['line1\nline2'], ['cr\r\nlf']]);
    expect(csv).toBe(`${BOM}note\r\n"a,b"\r\n"say ""moo"""\r\n"line1\nline2"\r\n"cr\r\nlf"\r\n`);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+81-90', "'+81-90"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
  ])('prefixes a cell starting like a formula (%j) with an apostrophe', (cell, written) => {
    expect(toCsv(['x'], [[cell]])).toBe(`${BOM}x\r\n${written}\r\n`);
  });

  it('leaves negative numbers, plain text and Japanese untouched', () => {
    expect(
      toCsv(
        ['price', 'name'],
        [
          [-1200, '黒毛和種 さくら'],
          [0, 'a=b'],
        ],
      ),
    ).toBe(`${BOM}price,name\r\n-1200,黒毛和種 さくら\r\n0,a=b\r\n`);
  });

  it('writes null and undefined as empty cells and booleans as true/false', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          [null, undefined, true],
          [false, '', 0],
        ],
      ),
    ).toBe(`${BOM}a,b,c\r\n,,true\r\nfalse,,0\r\n`);
  });
});

describe('csv downloads', () => {
  it('names the file with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('registrations.csv')).toBe(
      `attachment; filename="registrations.csv"; filename*=UTF-8''registrations.csv`,
    );
    expect(contentDisposition('牛一覧.csv')).toBe(
      `attachment; filename="___.csv"; filename*=UTF-8''%E7%89%9B%E4%B8%80%E8%A6%A7.csv`,
    );
  });

  it('builds a text/csv attachment response whose bytes start with the BOM', async () => {
    const response = csvResponse('registrations.csv', ['Email'], [['牛@example.jp']]);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toContain('filename="registrations.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes)).toBe(
      `${BOM}Email\r\n牛@example.jp\r\n`,
    );
  });
});
