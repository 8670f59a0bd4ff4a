import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * The one CSV writer (docs/product.md §10): UTF-8 with a BOM so Excel in Japan opens it as UTF-8, CRLF line ends,
 * RFC 4180 quoting, and cells that a spreadsheet would run as a formula (= + - @ tab, also CR and the
 * full-width forms) prefixed with `'`. Negative numbers stay numbers.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([headers, ...rows] as CsvCell[][], {
    bom: true,
    record_delimiter: 'windows',
    // Without it a custom delimiter stops csv-stringify from quoting a bare LF inside a cell.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266), so 牛一覧.csv survives. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const csvHeaders = (filename: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': contentDisposition(filename),
  'Cache-Control': 'no-store',
});

/** A finished download: `return csvResponse('registrations.csv', headers, rows)`. */
export function csvResponse(
  filename: string,
  headers: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): Response {
  return new Response(toCsv(headers, rows), { status: 200, headers: csvHeaders(filename) });
}
