/** Exports as CSV (UTF-8 with a BOM, `;`-free standard commas) or XLSX (exceljs's streaming writer), row by row. */
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';

export type TabularFormat = 'csv' | 'xlsx';

export const TABULAR_MEDIA_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// a text a spreadsheet would run as a formula (=, +, -, @) is written as text
const safeCell = (value: unknown) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

/**
 * Writes `header` then every row of `rows` (any iterable, e.g. a database cursor) to `out`, and ends it.
 * Resolves once everything is written.
 */
export async function writeTabular(
  format: TabularFormat,
  header: string[],
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>,
  out: Writable,
): Promise<void> {
  if (format === 'xlsx') {
    // loaded when first used: a start of the server (each test file's, each CLI command's) need not load its ~450 modules
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(header).commit();
    for await (const row of rows) sheet.addRow(row.map(safeCell)).commit();
    sheet.commit();
    await workbook.commit();
    return;
  }
  const csv = stringify({ bom: true });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    csv.on('error', reject);
  });
  csv.pipe(out);
  const push = (row: unknown[]) =>
    csv.write(row) ? Promise.resolve() : new Promise<void>((resolve) => csv.once('drain', () => resolve()));
  await push(header);
  for await (const row of rows) await push(row.map(safeCell));
  csv.end();
  await done;
}
