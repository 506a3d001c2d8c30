/**
 * Reads an uploaded members list (issue 28 §3) row by row, streamed: XLSX through exceljs's streaming reader (first
 * sheet), anything else as CSV through csv-parse — UTF-8, or Latin-1 when the first bytes are not valid UTF-8
 * (iconv-lite), the separator (`,` `;` or tab) guessed from the header line. The header row is mapped to the
 * columns of shared/memberColumns.ts by key, label in es/en/ca or synonym. A file that is neither (binary bytes), has
 * no known columns or no rows is refused as a whole (`FileProblem`).
 *
 * Written inside this module while the shared reader of lib/tabular was not yet on this branch (see decisions.md).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { foldText } from '../../../shared/text';
import { MEMBER_COLUMNS, MEMBER_COLUMN_SYNONYMS, type MemberColumn } from '../../../shared/memberColumns';
import { translate } from '../../i18n';
import { LOCALES } from '../../../shared/constants';

/** A cell as read: text, a number, a date (XLSX date cells), a formula (refused per row), or nothing. */
export type Cell = string | number | Date | { formula: string } | null;

export interface SourceRow {
  /** 1-based line of the file (the header is line 1), as a spreadsheet numbers it. */
  line: number;
  cells: Partial<Record<MemberColumn, Cell>>;
}

/** The file as a whole cannot be read (message key and its values). */
export class FileProblem extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

const HEAD_BYTES = 64 * 1024;

let aliases: Map<string, MemberColumn> | null = null;
function headerAliases(): Map<string, MemberColumn> {
  if (aliases) return aliases;
  const map = new Map<string, MemberColumn>();
  const fold = (text: string) => foldText(text).replace(/[_.º°ª#-]+/g, ' ').replace(/\s+/g, ' ').trim();
  for (const column of MEMBER_COLUMNS) {
    map.set(fold(column), column);
    for (const lng of LOCALES) map.set(fold(translate(lng, `memberColumns.${column}`)), column);
    for (const synonym of MEMBER_COLUMN_SYNONYMS[column]) map.set(fold(synonym), column);
  }
  aliases = map;
  return map;
}

export function columnOf(header: unknown): MemberColumn | undefined {
  if (typeof header !== 'string') return undefined;
  const folded = foldText(header)
    .replace(/[_.º°ª#-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return headerAliases().get(folded);
}

function mapHeader(values: unknown[]): Array<MemberColumn | undefined> {
  const columns = values.map(columnOf);
  const seen = new Set<MemberColumn>();
  const mapped = columns.map((column) => {
    if (!column || seen.has(column)) return undefined; // a repeated column: the first one counts
    seen.add(column);
    return column;
  });
  const missing = (['email', 'name', 'surname1'] as const).filter((column) => !seen.has(column));
  if (seen.size === 0) throw new FileProblem('memberImport.noColumns');
  if (missing.length) throw new FileProblem('memberImport.missingColumns', { columns: missing.join(', ') });
  return mapped;
}

function rowOf(line: number, header: Array<MemberColumn | undefined>, values: Cell[]): SourceRow | null {
  const cells: SourceRow['cells'] = {};
  let any = false;
  header.forEach((column, index) => {
    if (!column) return;
    const value = values[index] ?? null;
    cells[column] = typeof value === 'string' ? value.trim() || null : value;
    if (cells[column] !== null) any = true;
  });
  return any ? { line, cells } : null;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function isUtf8Start(head: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true }); // a cut last character is fine
    return true;
  } catch {
    return false;
  }
}

function guessDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0]![0] : ',';
}

/** An XLSX cell's value as a Cell (rich text and links as their text; a formula kept as such, to be refused). */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const v = value as { formula?: string; sharedFormula?: string };
      return { formula: v.formula ?? v.sharedFormula ?? '' };
    }
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return { formula: String(value.error) };
  }
  return String(value as unknown);
}

async function* readXlsx(path: string): AsyncGenerator<SourceRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // date cells come as Date only with their number formats
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let header: Array<MemberColumn | undefined> | null = null;
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(xlsxCell);
        if (!header) {
          if (values.every((v) => v === null)) continue;
          header = mapHeader(values.map((v) => (typeof v === 'string' ? v : '')));
          continue;
        }
        const source = rowOf(row.number, header, values);
        if (source) yield source;
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    throw new FileProblem('memberImport.unreadable');
  }
  if (!header) throw new FileProblem('memberImport.noRows');
}

async function* readCsv(path: string, head: Buffer): AsyncGenerator<SourceRow> {
  if (head.includes(0)) throw new FileProblem('memberImport.notSpreadsheet');
  const encoding = isUtf8Start(head) ? 'utf8' : 'latin1';
  const text = iconv.decode(head, encoding).replace(/^\ufeff/, '');
  const delimiter = guessDelimiter(text.split(/\r?\n/, 1)[0] ?? '');
  const parser = createReadStream(path)
    .pipe(iconv.decodeStream(encoding))
    .pipe(parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true }));
  let header: Array<MemberColumn | undefined> | null = null;
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = mapHeader(record.record);
        continue;
      }
      const source = rowOf(record.info.lines, header, record.record);
      if (source) yield source;
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    throw new FileProblem('memberImport.unreadableCsv', { reason: (error as Error).message.slice(0, 200) });
  }
  if (!header) throw new FileProblem('memberImport.noRows');
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export async function* readMemberRows(path: string): AsyncGenerator<SourceRow> {
  const head = await readHead(path);
  if (head.length === 0) throw new FileProblem('memberImport.noRows');
  if (head.subarray(0, 4).equals(ZIP)) yield* readXlsx(path);
  else yield* readCsv(path, head);
}
