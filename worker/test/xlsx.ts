import { strFromU8, unzipSync } from 'fflate';

/** One cell as the sheet stores it: its type (`inlineStr`, or `n` for a number), style and text or value. */
export interface SheetCell {
  type: string;
  style: number;
  value: string;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Unzips an .xlsx as a spreadsheet would: its parts by name, and sheet1's cells by reference (A1, B2, …). */
export function readXlsx(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const part = (name: string) => (files[name] ? strFromU8(files[name]) : undefined);
  const sheetXml = part('xl/worksheets/sheet1.xml') ?? '';
  const cells = new Map<string, SheetCell>();
  for (const match of sheetXml.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(.*?)<\/c>/gs)) {
    const [, ref, attributes, body] = match;
    const type = /t="(\w+)"/.exec(attributes)?.[1] ?? 'n';
    const style = Number(/s="(\d+)"/.exec(attributes)?.[1] ?? 0);
    const raw = type === 'inlineStr' ? /<t[^>]*>(.*?)<\/t>/s.exec(body)?.[1] : /<v>(.*?)<\/v>/.exec(body)?.[1];
    cells.set(ref, { type, style, value: unescapeXml(raw ?? '') });
  }
  /** The row number whose `column` holds `text`. */
  const rowWhere = (column: string, text: string) => {
    for (const [ref, cell] of cells) {
      if (ref.replace(/\d+$/, '') === column && cell.value === text) return Number(ref.slice(column.length));
    }
    return undefined;
  };
  return { files, part, sheetXml, cells, rowWhere };
}

/** Excel's date serial of `YYYY-MM-DD` (days since 1899-12-30). */
export const excelSerial = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 25_569;
