/**
 * Issue 25 §11: a member attaches one file (a PDF or a picture) to each of their portfolio projects
 * (POST|DELETE /usr/portfolios/{id}/file); it is a download link on the project, for the owner and on the public
 * project page. Another member's project answers 404; visitors 401, companies and administrators 403; nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
let bold: Session;
let regular: Session;
let company: Session;
let admin: Session;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  regular = await t.login('regular@demo.test');
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

async function project(session: Session): Promise<string> {
  const res = await t.api('POST', '/usr/portfolios', {
    ...session,
    body: { name: 'Lamp series', content: 'Three lamps', status: 'PUBLISHED' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().hash;
}
const fileRows = (hash: string) =>
  t.app.db
    .selectFrom('files')
    .selectAll()
    .where('owner_type', '=', 'portfolio')
    .where('owner_hash', '=', hash)
    .execute();

describe('a portfolio project’s file', () => {
  it('is uploaded (PDF), linked on the project and on its public page, replaced by a picture, and removed', async () => {
    const hash = await project(bold);
    const res = await uploadAs(t, `/usr/portfolios/${hash}/file`, bold, [
      { name: 'file', filename: 'Lamps dossier.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatch(/^\/files\/[a-z0-9]+\?exp=/);
    expect(res.json().file_name).toBe('Lamps dossier.pdf');
    const pub = (await t.api('GET', `/api/portfolios/${hash}`)).json();
    expect(pub.file).toMatch(/^\/files\//);
    const download = await t.app.inject({ method: 'GET', url: pub.file });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await t.api('GET', `/usr/portfolios/${hash}`, bold)).json().file).toMatch(/^\/files\//);

    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const picture = await uploadAs(t, `/usr/portfolios/${hash}/file`, bold, [
      { name: 'file', filename: 'poster.png', type: 'image/png', data: png },
    ]);
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.json().file_name).toBe('poster.webp');
    const rows = await fileRows(hash);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mime).toBe('image/webp');

    const removed = await t.api('DELETE', `/usr/portfolios/${hash}/file`, bold);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().file).toBeNull();
    expect(await fileRows(hash)).toHaveLength(0);
    expect((await t.api('GET', `/api/portfolios/${hash}`)).json().file).toBeNull();
  });

  it('refuses what is neither a PDF nor a picture, and writes nothing', async () => {
    const hash = await project(bold);
    const res = await uploadAs(t, `/usr/portfolios/${hash}/file`, bold, [
      { name: 'file', filename: 'x.pdf', type: 'application/pdf', data: '<html><script>1</script></html>' },
    ]);
    expect([400, 415]).toContain(res.statusCode);
    expect(await fileRows(hash)).toHaveLength(0);
  });

  it('goes with its project when the project is deleted', async () => {
    const hash = await project(bold);
    const res = await uploadAs(t, `/usr/portfolios/${hash}/file`, bold, [
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.api('DELETE', `/usr/portfolios/${hash}`, bold)).statusCode).toBe(200);
    expect(await fileRows(hash)).toHaveLength(0);
  });

  it('answers 404 for another member’s project; visitor 401, company and administrator 403; nothing written', async () => {
    const hash = await project(bold);
    const part = [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }];
    expect((await uploadAs(t, `/usr/portfolios/${hash}/file`, regular, part)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/usr/portfolios/${hash}/file`, regular)).statusCode).toBe(404);
    expect((await uploadAs(t, `/usr/portfolios/${hash}/file`, null, part)).statusCode).toBe(401);
    expect((await uploadAs(t, `/usr/portfolios/${hash}/file`, company, part)).statusCode).toBe(403);
    expect((await uploadAs(t, `/usr/portfolios/${hash}/file`, admin, part)).statusCode).toBe(403);
    expect(await fileRows(hash)).toHaveLength(0);
  });
});
