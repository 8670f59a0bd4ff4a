import { csvResponse } from './csv';
import { type Sheet, xlsxResponse } from './xlsx';

/**
 * A list's sheet as a download: `name.csv` as CSV (UTF-8 with a BOM, CRLF, the columns' headers first), `name.xlsx`
 * as an Excel workbook. The one way every export answers, typed as a plain Response: routes declare the file's
 * content type (csvContent, xlsxContent), so a handler returns it without a cast.
 */
export function sheetResponse(filename: `${string}.csv` | `${string}.xlsx`, sheet: Sheet): Response {
  if (filename.endsWith('.xlsx')) return xlsxResponse(filename, sheet);
  return csvResponse(
    filename,
    sheet.columns.map((column) => column.header),
    sheet.rows,
  );
}
