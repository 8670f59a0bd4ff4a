import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { todayJst } from '../domain/calendar';
import { XLSX_CONTENT_TYPE } from '../lib/xlsx';
import { api, signUp } from '../test/api';
import { excelSerial, readXlsx } from '../test/xlsx';

type Session = Awaited<ReturnType<typeof signUp>>;

async function register(session: Session, animal: Record<string, unknown>) {
  const body = { gender: '雌', growthStage: 'MULTI_PAROUS', birthday: '2020-04-01', breed: '黒毛和種', ...animal };
  const res = await api('/cattle', { method: 'POST', token: session.token, body });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
}

describe('GET /cattle/export.xlsx', () => {
  it('downloads the register as a workbook: IDs and ear tags as text with their zero, numbers as numbers', async () => {
    const owner = await signUp({ name: 'エクセル牧場' });
    await register(owner, {
      name: 'ゼロ',
      identificationNumber: '0871234566',
      earTagNumber: '0567',
      weight: 420.5,
      score: 4,
      breeding: { parity: 2 },
      motherInfo: { motherIdentificationNumber: '0012345678', motherName: 'はなこ' },
      notes: '乳房炎 & <再発> "注意"\n=SUM(A1)',
    });
    await register(owner, { name: 'あおば', identificationNumber: '1234567890', birthday: null });
    const other = await signUp();
    await register(other, { name: 'よそのうし', identificationNumber: '0999999999' });

    const res = await api('/cattle/export.xlsx', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(XLSX_CONTENT_TYPE);
    const filename = `牛台帳_${todayJst().replaceAll('-', '')}.xlsx`;
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
    const book = readXlsx(res.bytes);
    expect(book.part('[Content_Types].xml')).toBeDefined();
    expect(book.part('xl/worksheets/sheet1.xml')).toBeDefined();
    expect(book.part('xl/workbook.xml')).toContain('<sheet name="牛台帳"');

    // The same columns as the CSV, in the same order, in bold.
    const csv = await api('/cattle/export.csv', { token: owner.token });
    const csvHeader = csv.text.slice(1).split('\r\n')[0].split(',');
    const header = [...book.cells].filter(([ref]) => /^[A-Z]+1$/.test(ref)).map(([, cell]) => cell);
    expect(header.map((cell) => cell.value)).toEqual(csvHeader);
    expect(header.every((cell) => cell.type === 'inlineStr' && cell.style === 1)).toBe(true);

    const row = book.rowWhere('A', '0871234566');
    expect(row).toBe(2); // ear-tag order: 0567 before 7890
    const cell = (column: string) => book.cells.get(`${column}${row}`);
    expect(cell('A')).toEqual({ type: 'inlineStr', style: 0, value: '0871234566' });
    expect(cell('B')).toEqual({ type: 'inlineStr', style: 0, value: '0567' });
    expect(cell('C')).toMatchObject({ type: 'inlineStr', value: 'ゼロ' });
    expect(cell('F')).toEqual({ type: 'n', style: 2, value: String(excelSerial('2020-04-01')) }); // 生年月日
    expect(cell('G')).toMatchObject({ type: 'n', style: 0 }); // 月齢
    expect(Number(cell('G')?.value)).toBeGreaterThan(60);
    expect(cell('L')).toEqual({ type: 'n', style: 0, value: '420.5' }); // 体重(kg), after 牛房 (K, §26)
    expect(cell('M')).toEqual({ type: 'n', style: 0, value: '4' }); // 評価
    expect(cell('P')).toEqual({ type: 'n', style: 0, value: '2' }); // 産次
    expect(cell('W')).toEqual({ type: 'inlineStr', style: 0, value: '0012345678' }); // 母牛個体識別番号
    expect(cell('X')).toEqual({ type: 'inlineStr', style: 0, value: '乳房炎 & <再発> "注意"\n=SUM(A1)' });
    expect(book.sheetXml).toContain('乳房炎 &amp; &lt;再発&gt; &quot;注意&quot;');

    // No birthday: no date and no age, the cells are left out.
    const second = book.rowWhere('A', '1234567890');
    expect(second).toBe(3);
    expect(book.cells.has(`F${second}`)).toBe(false);
    expect(book.cells.has(`G${second}`)).toBe(false);

    expect(book.sheetXml).not.toContain('よそのうし');
    expect(book.sheetXml).not.toContain('0999999999');
    expect([...book.cells.keys()].filter((ref) => ref.startsWith('A'))).toEqual(['A1', 'A2', 'A3']);
  });

  it('is readable by a viewer of the farm, and needs a token', async () => {
    const owner = await signUp();
    await register(owner, { name: 'みる', identificationNumber: '0100000001' });
    const vet = await signUp({ name: '獣医' });
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(owner.farmId, vet.userId)
      .run();
    const res = await api('/cattle/export.xlsx', { token: vet.token, headers: { 'X-Farm-Id': String(owner.farmId) } });
    expect(res.status).toBe(200);
    expect(readXlsx(res.bytes).rowWhere('A', '0100000001')).toBe(2);

    const anonymous = await api('/cattle/export.xlsx');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBeDefined();
  });

  it('is documented as an .xlsx download', async () => {
    const doc = await api('/openapi.json');
    expect(doc.json.paths['/api/v1/cattle/export.xlsx'].get.responses['200'].content).toHaveProperty(XLSX_CONTENT_TYPE);
  });
});
