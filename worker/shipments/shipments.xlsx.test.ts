import { describe, expect, it } from 'vitest';
import { todayJst } from '../domain/calendar';
import { XLSX_CONTENT_TYPE } from '../lib/xlsx';
import { api, signUp } from '../test/api';
import { everyShard } from '../test/shards';
import { excelSerial, readXlsx } from '../test/xlsx';
import { insertAnimal } from './test-fixtures';

type Session = Awaited<ReturnType<typeof signUp>>;

const ship = (session: Session, body: Record<string, unknown>) =>
  api('/shipments', {
    method: 'POST',
    token: session.token,
    body: { shipmentDate: '2025-03-15', price: 720_000, weight: 285.5, buyer: '鹿児島中央家畜市場', ...body },
  });

async function animalWithId(session: Session, identificationNumber: string, name: string, earTagNumber?: string) {
  const cattleId = await insertAnimal(session, { name, earTagNumber });
  await everyShard
    .prepare('UPDATE cattle SET identification_number = ? WHERE cattle_id = ?')
    .bind(identificationNumber, cattleId)
    .run();
  return cattleId;
}

describe('GET /shipments/export.xlsx', () => {
  it('downloads my shipments as a workbook: IDs as text with their zero, price and weight as numbers', async () => {
    const user = await signUp();
    const neighbour = await signUp();
    const a = await animalWithId(user, '0871234566', 'ふくはる', '0567');
    const b = await animalWithId(user, '1300000099', 'かつひで');
    await ship(user, { cattleId: a, shipmentDate: '2025-02-01', buyer: '=HYPERLINK("x")', notes: '肉質 A5 & 良好' });
    await ship(user, { cattleId: b, shipmentDate: '2025-06-01', price: 650_000, weight: null, buyer: null });
    await ship(neighbour, { cattleId: await animalWithId(neighbour, '0999999999', '隣の牛') });

    const res = await api('/shipments/export.xlsx', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(XLSX_CONTENT_TYPE);
    const filename = `出荷記録_${todayJst().replaceAll('-', '')}.xlsx`;
    expect(res.headers.get('Content-Disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(filename)}`);
    const book = readXlsx(res.bytes);
    expect(book.part('[Content_Types].xml')).toBeDefined();
    expect(book.part('xl/worksheets/sheet1.xml')).toBeDefined();
    expect(book.part('xl/workbook.xml')).toContain('<sheet name="出荷記録"');

    const csv = await api('/shipments/export.csv', { token: user.token });
    const header = [...book.cells].filter(([ref]) => /^[A-Z]+1$/.test(ref)).map(([, cell]) => cell.value);
    expect(header).toEqual(csv.text.slice(1).split('\r\n')[0].split(','));

    const row = book.rowWhere('B', '0871234566');
    expect(row).toBe(2);
    const cell = (column: string) => book.cells.get(`${column}${row}`);
    expect(cell('A')).toEqual({ type: 'n', style: 2, value: String(excelSerial('2025-02-01')) }); // 出荷日
    expect(cell('B')).toEqual({ type: 'inlineStr', style: 0, value: '0871234566' }); // 個体識別番号
    expect(cell('C')).toEqual({ type: 'inlineStr', style: 0, value: '0567' }); // 耳標番号
    expect(cell('F')).toEqual({ type: 'n', style: 0, value: '8' }); // 出荷時月齢
    expect(cell('G')).toEqual({ type: 'n', style: 0, value: '285.5' }); // 体重(kg)
    expect(cell('H')).toEqual({ type: 'n', style: 0, value: '720000' }); // 価格(円)
    // Never a formula: an inline string is not evaluated, so no apostrophe is needed.
    expect(cell('I')).toEqual({ type: 'inlineStr', style: 0, value: '=HYPERLINK("x")' });
    expect(cell('K')).toEqual({ type: 'inlineStr', style: 0, value: '肉質 A5 & 良好' });

    expect(book.rowWhere('B', '1300000099')).toBe(3);
    expect(book.cells.get('H3')).toEqual({ type: 'n', style: 0, value: '650000' });
    expect(book.cells.has('G3')).toBe(false); // no weight
    expect(book.sheetXml).not.toContain('隣の牛');
    expect(book.sheetXml).not.toContain('0999999999');
    expect([...book.cells.keys()].filter((ref) => /^A\d+$/.test(ref))).toEqual(['A1', 'A2', 'A3']);

    // The CSV's period filter applies too.
    const period = readXlsx((await api('/shipments/export.xlsx?from=2025-05-01', { token: user.token })).bytes);
    expect(period.rowWhere('B', '1300000099')).toBe(2);
    expect(period.rowWhere('B', '0871234566')).toBeUndefined();
  });

  it('refuses a reversed period and needs a token', async () => {
    const user = await signUp();
    const reversed = await api('/shipments/export.xlsx?from=2025-05-01&to=2025-04-01', { token: user.token });
    expect(reversed.status).toBe(400);
    expect((await api('/shipments/export.xlsx')).status).toBe(401);
  });
});
