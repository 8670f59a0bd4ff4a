import { zipSync } from 'fflate';
import { contentDisposition } from './csv';

/**
 * The one .xlsx writer (docs/product.md §10): a single-sheet SpreadsheetML workbook, zipped with fflate. Every
 * text cell — identification numbers and ear tags first — is an inline string, so Excel keeps "0871234566" as
 * typed; numbers are numbers, and dates are real Excel dates shown as yyyy/mm/dd, so the sheet sorts and filters.
 * An inline string is never evaluated, so a cell reading `=HYPERLINK(...)` stays text without the CSV's `'` guard.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a column's cells are stored: text as inline strings, numbers as numbers, `YYYY-MM-DD` or `YYYY/MM/DD` as dates. */
type ColumnKind = 'text' | 'number' | 'date';
export interface Column {
  header: string;
  kind: ColumnKind;
}
type Cell = string | number | boolean | null | undefined;
export interface Sheet {
  /** The tab's name, at most 31 characters and none of `[]:*?/\`. */
  name: string;
  columns: readonly Column[];
  rows: readonly (readonly Cell[])[];
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Style indexes in styles.xml's cellXfs. */
const BOLD = 1;
const DATE = 2;

// Characters XML 1.0 cannot carry (C0 controls but tab and LF, U+FFFE/U+FFFF, lone surrogates), dropped.
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Anything escapeXml or excelText would change; most cells have none of it. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const NEEDS_ESCAPE = /[&<>"'\u0000-\u001F_\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as XML character data or an attribute value: entities escaped, CR LF as LF, invalid characters dropped. */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/\r\n?/g, '\n')
    .replace(INVALID_XML, '')
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);
}

/** Excel reads `_x0041_` in a string as an escaped character; its own escape for `_` keeps such text literal. */
const excelText = (text: string) =>
  NEEDS_ESCAPE.test(text) ? escapeXml(text.replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')) : text;

/** A, B, …, Z, AA, … for a zero-based column index. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Days since 1899-12-30 (Excel's 1900 date system) of a calendar date, or null when it is not one. */
export function excelDateSerial(text: string): number | null {
  const match = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Before March 1900 Excel counts a 29 February that never was; nothing here is that old.
  if (time < Date.UTC(1900, 2, 1) || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return time / 86_400_000 + 25_569;
}

const inlineString = (ref: string, text: string, style = 0) =>
  `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t xml:space="preserve">${excelText(text)}</t></is></c>`;

function cellXml(ref: string, kind: ColumnKind, value: Cell): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'number' && typeof value === 'number' && Number.isFinite(value))
    return `<c r="${ref}"><v>${value}</v></c>`;
  if (kind === 'date' && typeof value === 'string') {
    const serial = excelDateSerial(value);
    if (serial !== null) return `<c r="${ref}" s="${DATE}"><v>${serial}</v></c>`;
  }
  return inlineString(ref, String(value));
}

/** Width in Excel's units (one digit): full-width characters count two, half-width katakana one. */
const displayWidth = (text: string) => {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    width += code > 0xff && (code < 0xff61 || code > 0xff9f) ? 2 : 1;
  }
  return width;
};

function columnWidths(sheet: Sheet): number[] {
  return sheet.columns.map((column, i) => {
    let widest = displayWidth(column.header);
    for (const row of sheet.rows) {
      const value = row[i];
      if (value === null || value === undefined) continue;
      widest = Math.max(widest, column.kind === 'date' ? 10 : displayWidth(String(value)));
    }
    return Math.min(Math.max(widest + 2, 8), 60);
  });
}

function worksheetXml(sheet: Sheet): string {
  const letters = sheet.columns.map((_, i) => columnLetter(i));
  const last = columnLetter(Math.max(sheet.columns.length - 1, 0));
  const cols = columnWidths(sheet)
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const header = sheet.columns.map((column, i) => inlineString(`${letters[i]}1`, column.header, BOLD)).join('');
  const rows = sheet.rows.map((row, r) => {
    const cells = sheet.columns.map((column, i) => cellXml(`${letters[i]}${r + 2}`, column.kind, row[i]));
    return `<row r="${r + 2}">${cells.join('')}</row>`;
  });
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<dimension ref="A1:${last}${sheet.rows.length + 1}"/>` +
    // The header row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="18"/><cols>${cols}</cols>` +
    `<sheetData><row r="1">${header}</row>${rows.join('')}</sheetData></worksheet>`
  );
}

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy/mm/dd"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="游ゴシック"/><family val="3"/><charset val="128"/></font>' +
  '<font><b/><sz val="11"/><name val="游ゴシック"/><family val="3"/><charset val="128"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** Excel refuses a sheet name over 31 characters or with any of `[]:*?/\`. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';

/** The workbook's bytes: one sheet, a bold header row, then `rows` typed by their column's kind. */
export function toXlsx(sheet: Sheet): Uint8Array<ArrayBuffer> {
  const workbook =
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheets><sheet name="${escapeXml(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const utf8 = new TextEncoder();
  const strToU8 = (xml: string) => utf8.encode(xml);
  // Flat part names: nested objects would add directory entries, which an OPC package has no use for.
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'xl/workbook.xml': strToU8(workbook),
    'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
    'xl/styles.xml': strToU8(STYLES),
    'xl/worksheets/sheet1.xml': strToU8(worksheetXml(sheet)),
  });
}

/** A finished download: `return xlsxResponse('牛台帳_20260501.xlsx', sheet)`. */
export function xlsxResponse(filename: string, sheet: Sheet): Response {
  return new Response(toXlsx(sheet), {
    status: 200,
    headers: {
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': contentDisposition(filename),
      'Cache-Control': 'no-store',
    },
  });
}
