/**
 * Rows of an uploaded CSV or XLSX file, streamed (memory stays bounded on a 50,000-row file), with each
 * column found by its header's aliases. File-wide problems throw AppError 400 (`tabular.*`); a row's
 * own problem (a formula cell) comes back as the row's `refusal`, so the caller lists it and goes on.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError } from '../../errors';
import { type ColumnSpec, matchHeaders } from './headers';
import { sniffFile } from './sniff';

export interface TabularRow<K extends string> {
  /** The row's line in the file (the header's line is the first). */
  line: number;
  /** The trimmed non-empty values of the known columns. */
  values: Partial<Record<K, string>>;
  refusal?: { reason: string; params?: Record<string, string> };
}

export interface ReadOptions {
  /** Rows beyond this refuse the file (`tabular.tooManyRows`). */
  maxRows?: number;
}

type RawCell = { text: string; formula: boolean };
type RawRow = { line: number; cells: RawCell[] };

const FORMULA_TEXT = /^=/;

async function* csvRows(path: string, encoding: string, separator: string): AsyncGenerator<RawRow> {
  const parser = createReadStream(path)
    .pipe(iconv.decodeStream(encoding))
    .pipe(
      parse({
        delimiter: separator,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        bom: true,
        info: true,
      }),
    );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)
      yield {
        line: info.lines,
        cells: record.map((text) => ({ text: text.trim(), formula: FORMULA_TEXT.test(text.trim()) })),
      };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new AppError(400, 'tabular.malformed', { line: String(line ?? '?') });
  }
}

function xlsxCell(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if (typeof value !== 'object') return { text: String(value).trim(), formula: false };
  if ('formula' in value || 'sharedFormula' in value || 'error' in value) return { text: '', formula: true };
  if ('richText' in value)
    return {
      text: value.richText
        .map((part) => part.text)
        .join('')
        .trim(),
      formula: false,
    };
  if ('text' in value) return { text: String(value.text).trim(), formula: false };
  return { text: '', formula: false };
}

async function* xlsxRows(path: string): AsyncGenerator<RawRow> {
  // loaded when first used: a start of the server (each test file's, each CLI command's) need not load its ~450 modules
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      if (sheets > 1) continue; // only the first sheet is read; the rest are drained
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        yield { line: row.number, cells: values.slice(1).map((value) => xlsxCell(value)) };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'tabular.notSpreadsheet');
  }
  if (!sheets) throw new AppError(400, 'tabular.notSpreadsheet');
}

/** Reads `path` (an uploaded file saved to disk) row by row. */
export async function* readTabular<K extends string>(
  path: string,
  columns: ColumnSpec<K>[],
  options: ReadOptions = {},
): AsyncGenerator<TabularRow<K>> {
  const maxRows = options.maxRows ?? 100_000;
  const sniffed = await sniffFile(path);
  const raw = sniffed.kind === 'xlsx' ? xlsxRows(path) : csvRows(path, sniffed.encoding, sniffed.separator);
  let positions: Map<K, number> | undefined;
  let count = 0;
  for await (const { line, cells } of raw) {
    if (cells.every((cell) => !cell.text && !cell.formula)) continue;
    if (!positions) {
      positions = matchHeaders(
        cells.map((cell) => cell.text),
        columns,
      );
      continue;
    }
    count += 1;
    if (count > maxRows) throw new AppError(400, 'tabular.tooManyRows', { max: String(maxRows) });
    const values: Partial<Record<K, string>> = {};
    let formulaIn: K | undefined;
    for (const [key, index] of positions) {
      const cell = cells[index];
      if (!cell) continue;
      if (cell.formula) formulaIn ??= key;
      else if (cell.text) values[key] = cell.text;
    }
    yield formulaIn
      ? { line, values, refusal: { reason: 'tabular.formulaCell', params: { column: formulaIn } } }
      : { line, values };
  }
  if (!positions || count === 0) throw new AppError(400, 'tabular.empty');
}
