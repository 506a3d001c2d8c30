/**
 * A message's attachment (issue 29 §1): an image or a PDF sent with a reply (multipart), its private-file link handed
 * only to the conversation's two parties (and, by its own route, to the association); anyone else → 404. A wrong type
 * or a file too big is refused in SPEC §8's shape and the caller's language, and nothing is written.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let bold: Session;
let gratis: Session;
let regular: Session;
let admin: Session;
let conversation: string;

const as = (session: Session) => ({ token: session.token, deviceId: session.deviceId });
const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
async function count(table: 'messages' | 'files') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
const attach = (session: Session, parts: Parameters<typeof uploadAs>[3], language = 'en', to = conversation) =>
  uploadAs(t, `/usr/messages/${to}/attachment`, session, parts, language);

beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  gratis = await t.login('gratis@demo.test');
  regular = await t.login('regular@demo.test');
  admin = await t.login('admin@demo.test', 'adm');
  const started = await t.api('POST', '/usr/messages', {
    ...as(bold),
    body: { to: await userHash('gratis@demo.test'), text: 'Hello, a file follows' },
  });
  expect(started.statusCode, started.body).toBe(200);
  conversation = started.json().conversation.hash;
});
afterAll(async () => t?.close());

describe('a message with an attachment', () => {
  it('sends a PDF with a caption; both parties get a private link that serves it, nobody else does', async () => {
    const res = await attach(bold, [
      { name: 'text', data: 'The programme' },
      { name: 'file', filename: 'programme.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().messages.at(-1);
    expect(sent.text).toBe('The programme');
    expect(sent.attachment.name).toBe('programme.pdf');
    expect(sent.attachment.mime).toBe('application/pdf');
    expect(sent.attachment.size).toBe(PDF.length);
    expect(sent.attachment.file).toMatch(/^\/files\/[a-z0-9]+\?exp=/);

    const read = await t.api('GET', `/usr/messages/${conversation}`, as(gratis));
    expect(read.statusCode).toBe(200);
    const seen = read.json().messages.at(-1);
    expect(seen.attachment.name).toBe('programme.pdf');
    const file = await t.api('GET', seen.attachment.file);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toMatch(/^application\/pdf/);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // a third member: neither the thread nor the attachment's own route
    const fileHash = /\/files\/([a-z0-9]+)/.exec(seen.attachment.file)![1]!;
    expect((await t.api('GET', `/usr/messages/${conversation}`, as(regular))).statusCode).toBe(404);
    const other = await t.api('GET', `/usr/messages/attachments/${fileHash}`, as(regular));
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('messages.notFound');
    // a party asks for a fresh link; the association may too (moderation)
    const again = await t.api('GET', `/usr/messages/attachments/${fileHash}`, as(gratis));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().name).toBe('programme.pdf');
    expect((await t.api('GET', again.json().file)).statusCode).toBe(200);
    const byAdmin = await t.api('GET', `/adm/messages/attachments/${fileHash}`, as(admin));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().mime).toBe('application/pdf');
  });

  it('sends an image alone (no caption), re-encoded as stored', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const res = await attach(gratis, [{ name: 'file', filename: 'photo.png', type: 'image/png', data: png }]);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().messages.at(-1);
    expect(sent.text).toBe('');
    expect(sent.attachment.mime).toBe('image/png');
    expect(sent.attachment.name).toBe('photo.png');
  });

  it('refuses a wrong type and a file too big in the caller language, writing nothing', async () => {
    const [messages, files] = [await count('messages'), await count('files')];
    const html = await attach(
      bold,
      [{ name: 'file', filename: 'evil.pdf', type: 'application/pdf', data: '<script>alert(1)</script>' }],
      'es',
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().errors[0].field).toBe('file');
    expect(html.json().errors[0].message).toMatch(/no se acepta|tipo/i);
    const big = await attach(
      bold,
      [{ name: 'file', filename: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(10 * 1024 * 1024 + 10, 32) }],
      'ca',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('upload.tooLarge');
    expect(big.json().message).toMatch(/10 MB/);
    expect(big.json().message).not.toMatch(/The file/);
    const long = await attach(bold, [
      { name: 'text', data: 'x'.repeat(4001) },
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(long.statusCode).toBe(400);
    const none = await attach(bold, [{ name: 'text', data: 'no file' }]);
    expect(none.statusCode).toBe(400);
    expect(await count('messages')).toBe(messages);
    expect(await count('files')).toBe(files);
  });

  it("another member's conversation is 404 and nothing is written", async () => {
    const [messages, files] = [await count('messages'), await count('files')];
    const res = await attach(regular, [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('messages.notFound');
    expect(await count('messages')).toBe(messages);
    expect(await count('files')).toBe(files);
  });
});
