/** The school's records (issue 28 §1): upload → preview (nothing written) → import, re-import, bad files, every role. */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(() => t?.close());

const count = async (table: 'school_records' | 'audit_log' | 'school_studies') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const send = (url: string, data: Buffer | string, filename = 'records.csv', session: Session | null = admin) =>
  uploadAs(t, url, session, [{ name: 'file', filename, type: 'text/csv', data }]);

const CSV = [
  'DNI;Nombre;Apellidos;Estudios;Primer curso;Último curso;Fecha de graduación;Tipo',
  '12345678-z;Ana;García;Ingeniería Informática;2010/2011;2013/2014;01/07/2014;alumna',
  'X1234567L;Jordi;Puig;;;;;profesor',
  '87654321X;Marta;Soler;Diseño de moda rara;2024;;;estudiante',
].join('\n');

describe('preview and import', () => {
  it('previews without writing, imports in one go, and a re-import of the same file changes nothing', async () => {
    const before = [await count('school_records'), await count('audit_log')];
    const preview = await send('/adm/schoolRecords/preview', CSV);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      written: false,
      counts: { add: 3, change: 0, unchanged: 0, refused: 0 },
      unmappedStudies: expect.arrayContaining(['Diseño de moda rara']),
    });
    expect([await count('school_records'), await count('audit_log')]).toEqual(before);

    const imported = await send('/adm/schoolRecords/import', CSV);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: true, counts: { add: 3, refused: 0 } });
    expect(await count('school_records')).toBe(before[0]! + 3);
    expect(await count('audit_log')).toBe(before[1]! + 1);

    const again = await send('/adm/schoolRecords/import', CSV);
    expect(again.json().counts).toEqual({ add: 0, change: 0, unchanged: 3, refused: 0 });
    const stored = await t.app.db.selectFrom('school_records').selectAll().orderBy('surname1').execute();
    expect(stored).toHaveLength(3);
    // the document number is kept only as a keyed hash
    expect(JSON.stringify(stored)).not.toMatch(/12345678Z|X1234567L/i);
    expect(stored[0]).toMatchObject({
      surname1: 'García',
      first_year: 2010,
      last_year: 2013,
      graduated_on: '2014-07-01',
      kind: 'STUDENT',
    });
    expect(stored.find((row) => row.surname1 === 'Puig')?.kind).toBe('PROFESSOR');

    const changed = CSV.replace('Jordi;Puig', 'Jordi;Puig Serra');
    const change = await send('/adm/schoolRecords/preview', changed);
    expect(change.json().counts).toEqual({ add: 0, change: 1, unchanged: 2, refused: 0 });
    expect(change.json().rows.find((row: { action: string }) => row.action === 'change')).toMatchObject({
      line: 3,
      fields: ['surname1'],
    });
  });

  it('reads Latin-1 files with `,` and Catalan headers, and XLSX with serial dates; a formula cell refuses its row', async () => {
    const latin = iconv.encode('Document,Nom,Cognoms,Tipus\nY7654321G,Núria,Ferrer i Bosch,personal\n', 'win1252');
    const res = await send('/adm/schoolRecords/import', latin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts.add).toBe(1);
    const nuria = await t.app.db
      .selectFrom('school_records')
      .selectAll()
      .where('name', '=', 'Núria')
      .executeTakeFirst();
    expect(nuria).toMatchObject({ surname1: 'Ferrer i Bosch', kind: 'STAFF' });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Alumnes');
    sheet.addRow(['Número de document', 'Nom', 'Cognom 1', 'Data de graduació']);
    sheet.addRow(['11223344B', 'Pau', 'Riera', 42186]);
    sheet.addRow([{ formula: '"5566"&"7788C"', result: '55667788C' }, 'Laia', 'Mas', null]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await send('/adm/schoolRecords/import', xlsx, 'alumnes.xlsx');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().counts).toEqual({ add: 1, change: 0, unchanged: 0, refused: 1 });
    expect(answer.json().rows[1]).toMatchObject({ line: 3, action: 'refused', reason: 'tabular.formulaCell' });
    const pau = await t.app.db.selectFrom('school_records').selectAll().where('name', '=', 'Pau').executeTakeFirst();
    expect(pau?.graduated_on).toBe('2015-07-01');
  });

  it('refuses duplicate and bad rows one by one, with a message in the language of the request', async () => {
    const csv = [
      'DNI,Name,Surname,First year,Graduated on,Kind,Email',
      'A1234567,Eva,Roca,2015,,,',
      'A 123 4567,Eva,Roca,2015,,,',
      ',No,Document,,,,',
      'B7654321,Bad,Year,2015/2019,,,',
      'C7654321,Bad,Date,,31/02/2015,,',
      'D7654321,Bad,Kind,,,astronaut,',
      'E7654321,Bad,Mail,,,,not-an-email',
    ].join('\n');
    const res = await uploadAs(
      t,
      '/adm/schoolRecords/preview',
      admin,
      [{ name: 'file', filename: 'x.csv', data: csv }],
      'es',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { line: number; action: string; reason?: string; message?: string }[];
    expect(rows).toHaveLength(7);
    expect(rows.map((row) => row.reason ?? row.action)).toEqual([
      'add',
      'schoolRecords.duplicateRow',
      'schoolRecords.documentMissing',
      'schoolRecords.yearInvalid',
      'schoolRecords.dateInvalid',
      'schoolRecords.kindInvalid',
      'schoolRecords.emailInvalid',
    ]);
    expect(rows[1]?.message).toBe('Este documento ya aparece en la línea 2 del archivo.');
  });

  it('refuses a whole file that is empty, not a spreadsheet or without the needed columns, writing nothing', async () => {
    const before = [await count('school_records'), await count('audit_log')];
    const empty = await send('/adm/schoolRecords/import', 'DNI;Nombre;Apellidos\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code ?? empty.json().message).toBeTruthy();
    expect(empty.body).toContain('empty');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
      'hex',
    );
    const image = await send('/adm/schoolRecords/import', png, 'records.csv');
    expect(image.statusCode).toBe(400);
    const binary = await send('/adm/schoolRecords/import', Buffer.from([0x41, 0x00, 0x42, 0x00, 0x43]), 'records.csv');
    expect(binary.statusCode).toBe(400);
    expect(binary.body).toContain('not a spreadsheet');
    const columns = await send('/adm/schoolRecords/import', 'Nombre;Correo\nAna;a@x.es\n');
    expect(columns.statusCode).toBe(400);
    expect(columns.body).toContain('document');
    expect([await count('school_records'), await count('audit_log')]).toEqual(before);
  });
});

describe('list, edit, remove', () => {
  it('finds records by name without accents and by exact document number, edits and removes them, all audited', async () => {
    const byName = await t.api('GET', '/adm/schoolRecords?text=garcia', { token: admin.token });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().items).toHaveLength(1);
    const ana = byName.json().items[0];
    expect(ana).toMatchObject({ name: 'Ana', eligible: true });
    expect(JSON.stringify(ana)).not.toMatch(/document|12345678/i);
    const byDocument = await t.api('GET', '/adm/schoolRecords?text=12345678Z', { token: admin.token });
    expect(byDocument.json().items.map((item: { hash: string }) => item.hash)).toEqual([ana.hash]);

    const audits = await count('audit_log');
    const edited = await t.api('PATCH', `/adm/schoolRecords/${ana.hash}`, {
      token: admin.token,
      body: { last_year: 2014 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().last_year).toBe(2014);
    const bad = await t.api('PATCH', `/adm/schoolRecords/${ana.hash}`, {
      token: admin.token,
      body: { last_year: 2001 },
    });
    expect(bad.statusCode).toBe(400);
    const removed = await t.api('DELETE', `/adm/schoolRecords/${ana.hash}`, { token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect((await t.api('GET', `/adm/schoolRecords/${ana.hash}`, { token: admin.token })).statusCode).toBe(404);
    expect(await count('audit_log')).toBe(audits + 2);
    const log = await t.api('GET', '/adm/audit?action=registry.deleted', { token: admin.token });
    expect(log.json().items).toHaveLength(1);
  });

  it('maps an unknown study name to a category of the tree', async () => {
    const category = await t.app.db.selectFrom('categories').select('hash').executeTakeFirstOrThrow();
    const res = await t.api('PUT', '/adm/schoolRecords/studies', {
      token: admin.token,
      body: { study: 'Diseño de moda rara', category: category.hash },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = await send('/adm/schoolRecords/preview', CSV);
    expect(preview.json().unmappedStudies).not.toContain('Diseño de moda rara');
    const marta = await t.api('GET', '/adm/schoolRecords?text=soler', { token: admin.token });
    expect(marta.json().items[0].category?.hash).toBe(category.hash);
  });
});

describe('the study mapping step', () => {
  it('groups the rows whose study the tree does not know by name, and remembers each decision for the next import', async () => {
    const file = [
      'DNI;Nombre;Apellidos;Estudios;Tipo',
      'Z1111111H;Eva;Mir;Joyería contemporánea;alumna',
      'Z2222222J;Lluc;Roig;Joyería contemporánea;alumno',
      'Z3333333P;Iu;Sans;Cerámica de autor;alumno',
      'Z4444444A;Ona;Vila;joyeria CONTEMPORANEA;alumna',
    ].join('\n');
    const preview = await send('/adm/schoolRecords/preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().studies).toEqual([
      { study: 'Cerámica de autor', rows: 1, lines: [4] },
      { study: 'Joyería contemporánea', rows: 3, lines: [2, 3, 5] },
    ]);
    expect(preview.json().unmappedStudies).toEqual(['Cerámica de autor', 'Joyería contemporánea']);

    // the step: one name to a category, the other deliberately left without one
    const category = await t.app.db.selectFrom('categories').select(['hash', 'title_en']).executeTakeFirstOrThrow();
    for (const [study, chosen] of [
      ['Joyería contemporánea', category.hash],
      ['Cerámica de autor', null],
    ] as const) {
      const mapped = await t.api('PUT', '/adm/schoolRecords/studies', {
        token: admin.token,
        body: { study, category: chosen },
      });
      expect(mapped.statusCode, mapped.body).toBe(200);
    }
    const imported = await send('/adm/schoolRecords/import', file);
    expect(imported.json()).toMatchObject({ written: true, counts: { add: 4 }, studies: [], unmappedStudies: [] });
    const records = await t.api('GET', '/adm/schoolRecords?text=joyeria', { token: admin.token });
    expect(records.json().items).toHaveLength(3);
    for (const item of records.json().items)
      expect(item.category).toEqual({ hash: category.hash, title: expect.any(String) });

    // the next import asks nothing about either name
    const next = await send('/adm/schoolRecords/preview', file.replace('Z4444444A;Ona', 'Z5555555K;Ona'));
    expect(next.json()).toMatchObject({ studies: [], unmappedStudies: [] });
    const sans = await t.api('GET', '/adm/schoolRecords?text=sans', { token: admin.token });
    expect(sans.json().items[0].category).toBeNull();
  });
});

describe('export', () => {
  it('downloads the records as CSV with the list filters, headed in the request language, without document numbers', async () => {
    const res = await t.api('GET', '/adm/schoolRecords/export?kind=PROFESSOR&format=csv', {
      token: admin.token,
      language: 'es',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registro-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]!.slice(0, 4)).toEqual(['Nombre', 'Primer apellido', 'Segundo apellido', 'Correo electrónico']);
    expect(rows.slice(1).map((row) => `${row[0]} ${row[1]}`)).toEqual(['Jordi Puig']);
    // neither the number nor its keyed hash leaves the server
    expect(res.body).not.toMatch(/X1234567L|[0-9a-f]{64}/i);
    expect(rows[0]!.join(' ')).not.toMatch(/DNI|document/i);

    const marta = await t.api('GET', '/adm/schoolRecords/export?text=soler', { token: admin.token, language: 'en' });
    const martaRows = parse(marta.body, { bom: true }) as string[][];
    expect(martaRows).toHaveLength(2);
    const byHeader = Object.fromEntries(martaRows[0]!.map((header, index) => [header, martaRows[1]![index]]));
    const category = await t.app.db
      .selectFrom('school_studies')
      .innerJoin('categories', 'categories.hash', 'school_studies.category_hash')
      .select('categories.title_en')
      .where('school_studies.study', '=', 'Diseño de moda rara')
      .executeTakeFirstOrThrow();
    expect(byHeader).toMatchObject({
      Name: 'Marta',
      'First surname': 'Soler',
      Studies: 'Diseño de moda rara',
      Category: category.title_en,
      'First academic year': '2024/2025',
      Kind: 'Student or graduate',
    });
  });

  it('downloads XLSX with every record of the list', async () => {
    const list = await t.api('GET', '/adm/schoolRecords', { token: admin.token });
    const total = list.json().total as number;
    expect(total).toBeGreaterThan(2);
    const res = await t.api('GET', '/adm/schoolRecords/export?format=xlsx', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(total + 1);
  });
});

describe('who may use the registry', () => {
  it('only an administrator, on every route; the others write nothing', async () => {
    const sessions: [string, Session | null, number][] = [
      ['visitor', null, 401],
      ['regular', await t.login('regular@demo.test'), 403],
      ['bold', await t.login('bold@demo.test'), 403],
      ['company', await t.login('company@demo.test', 'com'), 403],
    ];
    const some = (await t.app.db.selectFrom('school_records').select('hash').executeTakeFirstOrThrow()).hash;
    const before = [await count('school_records'), await count('school_studies'), await count('audit_log')];
    expect(sessions).toHaveLength(4);
    for (const [who, session, status] of sessions) {
      const auth = session ? { token: session.token } : {};
      const calls: [string, string, unknown?][] = [
        ['GET', '/adm/schoolRecords'],
        ['GET', `/adm/schoolRecords/${some}`],
        ['GET', '/adm/schoolRecords/export?format=xlsx'],
        ['PATCH', `/adm/schoolRecords/${some}`, { name: 'Hijack' }],
        ['DELETE', `/adm/schoolRecords/${some}`],
        ['PUT', '/adm/schoolRecords/studies', { study: 'X', category: null }],
      ];
      for (const [method, url, body] of calls)
        expect((await t.api(method as 'GET', url, { ...auth, body })).statusCode, `${who} ${method} ${url}`).toBe(
          status,
        );
      for (const url of ['/adm/schoolRecords/preview', '/adm/schoolRecords/import'])
        expect((await send(url, CSV, 'r.csv', session)).statusCode, `${who} ${url}`).toBe(status);
    }
    expect([await count('school_records'), await count('school_studies'), await count('audit_log')]).toEqual(before);
  });
});
