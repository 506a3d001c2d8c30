/** The shared tabular import/export library (src/server/lib/tabular): encodings, separators, headers, dates, XLSX, refusals. */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ColumnSpec,
  PreviewCollector,
  type TabularRow,
  detectSeparator,
  parseTabularDate,
  readTabular,
  writeTabular,
} from '../../src/server/lib/tabular';

const dir = mkdtempSync(join(tmpdir(), 'tabular-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = (content: string | Buffer) => {
  const path = join(dir, `f${(files += 1)}`);
  writeFileSync(path, content);
  return path;
};

type Key = 'document' | 'surname' | 'start';
const COLUMNS: ColumnSpec<Key>[] = [
  { key: 'document', aliases: ['DNI', 'Documento', 'Document'], required: true },
  { key: 'surname', aliases: ['Apellidos', 'Cognoms', 'Last name'], required: true },
  { key: 'start', aliases: ['Fecha de inicio', 'Data d’inici', 'Start date'] },
];

async function all(path: string): Promise<TabularRow<Key>[]> {
  const rows: TabularRow<Key>[] = [];
  for await (const row of readTabular(path, COLUMNS)) rows.push(row);
  return rows;
}

async function failure(path: string): Promise<{ code: string; params: Record<string, unknown> }> {
  try {
    await all(path);
  } catch (error) {
    return error as { code: string; params: Record<string, unknown> };
  }
  throw new Error('read did not fail');
}

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  for (const row of rows) sheet.addRow(row);
  const path = join(dir, `x${(files += 1)}.xlsx`);
  await workbook.xlsx.writeFile(path);
  return path;
}

describe('reading CSV', () => {
  it('reads UTF-8 with a BOM and `;`, headers in Spanish whatever their case and accents', async () => {
    const rows = await all(file('\ufeffdni;APELLIDOS;Fecha de Inicio\n12345678Z;Muñoz;01/09/2015\n\n'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({ line: 2, values: { document: '12345678Z', surname: 'Muñoz', start: '01/09/2015' } });
  });

  it('reads Latin-1 (Windows-1252) with `,` and Catalan headers', async () => {
    const rows = await all(file(iconv.encode('Document,Cognoms\nX1234567L,Puig i Català\n', 'win1252')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.values).toEqual({ document: 'X1234567L', surname: 'Puig i Català' });
  });

  it('reads tab-separated text with quoted separators inside cells', async () => {
    const rows = await all(file('DNI\tLast name\n"1;2,3"\tO\'Neil\n'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.values).toEqual({ document: '1;2,3', surname: "O'Neil" });
  });

  it('refuses a row whose cell would be a formula, naming the column, and goes on', async () => {
    const rows = await all(file('DNI;Apellidos\n=HYPERLINK("x");Roig\n2;Vidal\n'));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.refusal).toEqual({ reason: 'tabular.formulaCell', params: { column: 'document' } });
    expect(rows[1]?.refusal).toBeUndefined();
  });

  it('refuses per file: empty, header only, not a spreadsheet, missing columns, a broken quote', async () => {
    expect((await failure(file(''))).code).toBe('tabular.empty');
    expect((await failure(file('\ufeff \n\n'))).code).toBe('tabular.empty');
    expect((await failure(file('DNI;Apellidos\n'))).code).toBe('tabular.empty');
    expect((await failure(file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])))).code).toBe(
      'tabular.notSpreadsheet',
    );
    expect((await failure(file('%PDF-1.4\nhello'))).code).toBe('tabular.notSpreadsheet');
    expect((await failure(file(Buffer.from('PK\u0003\u0004not really a zip', 'latin1')))).code).toBe(
      'tabular.notSpreadsheet',
    );
    const missing = await failure(file('Nombre;Correo\nAna;a@x.es\n'));
    expect(missing).toMatchObject({ code: 'tabular.missingColumns', params: { columns: 'document, surname' } });
    expect((await failure(file('DNI;Apellidos\n"1;Roig\n'))).code).toBe('tabular.malformed');
  });

  it('detects the separator from the header line', () => {
    expect(detectSeparator('a;b;c')).toBe(';');
    expect(detectSeparator('a,b,c')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('"a;b",c')).toBe(',');
  });
});

describe('reading XLSX', () => {
  it('reads the first sheet, numbers as text, a formula cell refuses its row', async () => {
    const path = await xlsx([
      ['Documento', 'Cognoms', 'Start date'],
      ['12345678Z', 'Serra', 42248],
      [{ formula: 'A1&"x"', result: '1x' }, 'Pons', null],
      [11111111, { richText: [{ text: 'Ro' }, { text: 'ca' }] }, new Date(Date.UTC(2016, 8, 1))],
    ]);
    const rows = await all(path);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ line: 2, values: { document: '12345678Z', surname: 'Serra', start: '42248' } });
    expect(rows[1]?.refusal?.reason).toBe('tabular.formulaCell');
    expect(rows[2]?.values.document).toBe('11111111');
    expect(rows[2]?.values.surname).toBe('Roca');
    expect(parseTabularDate(rows[0]?.values.start)).toBe('2015-09-01');
  });

  it('an XLSX with a header and no rows is empty', async () => {
    expect((await failure(await xlsx([['DNI', 'Apellidos']]))).code).toBe('tabular.empty');
  });
});

describe('dates', () => {
  it('reads dd/mm/yyyy, yyyy-mm-dd and serials, and refuses dates that do not exist', () => {
    expect(parseTabularDate('1/9/2015')).toBe('2015-09-01');
    expect(parseTabularDate('01-09-2015')).toBe('2015-09-01');
    expect(parseTabularDate('2015-09-01')).toBe('2015-09-01');
    expect(parseTabularDate('42248')).toBe('2015-09-01');
    expect(parseTabularDate(61)).toBe('1900-03-01');
    expect(parseTabularDate('31/02/2015')).toBeNull();
    expect(parseTabularDate('09/2015')).toBeNull();
    expect(parseTabularDate('')).toBeNull();
    expect(parseTabularDate('0')).toBeNull();
  });
});

describe('preview', () => {
  it('counts every row and keeps refused rows first within the limit', () => {
    const collector = new PreviewCollector(2);
    for (let line = 2; line < 12; line += 1) collector.add({ line, action: line % 3 ? 'add' : 'refused', reason: 'x' });
    const result = collector.result();
    expect(result.counts).toEqual({ add: 7, change: 0, unchanged: 0, refused: 3 });
    expect(result.rows.map((row) => row.line)).toEqual([2, 3, 4, 6]);
    expect(result.truncated).toBe(true);
  });
});

describe('writing', () => {
  it('writes CSV with a BOM and neutralises formula-like texts; reads back', async () => {
    const path = join(dir, 'out.csv');
    await writeTabular(
      'csv',
      ['DNI', 'Apellidos'],
      [
        ['1', '=cmd'],
        ['2', 'Sà'],
      ],
      createWriteStream(path),
    );
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('\ufeffDNI,Apellidos\n')).toBe(true);
    expect(text).toContain("'=cmd");
    const rows = await all(path);
    expect(rows.map((row) => row.values.surname)).toEqual(["'=cmd", 'Sà']);
  });

  it('writes XLSX with the streaming writer; reads back', async () => {
    const path = join(dir, 'out.xlsx');
    async function* rows() {
      for (let n = 0; n < 3; n += 1) yield [`D${n}`, `S${n}`];
    }
    await writeTabular('xlsx', ['Document', 'Cognoms'], rows(), createWriteStream(path));
    const read = await all(path);
    expect(read.map((row) => row.values)).toEqual([
      { document: 'D0', surname: 'S0' },
      { document: 'D1', surname: 'S1' },
      { document: 'D2', surname: 'S2' },
    ]);
  });
});
