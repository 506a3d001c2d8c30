/**
 * A first message may carry a file (issue 29 §1): POST /usr|/com|/adm/messages/attachment (multipart: `file`, `text`
 * and the recipient's fields of message.start) starts a conversation as the JSON route does, for every kind of sender —
 * member to member, company to candidate, group administrator to a member asking to join, the association to anyone.
 * The file follows the upload rules of a reply's attachment and is seen only by the two parties (anyone else: 404).
 * A message needs text or a file: with a file the text may be empty; with neither it is refused. Every refusal —
 * wrong type, too big, a recipient who blocked the sender or does not accept messages, nothing to send — is SPEC §8's
 * shape in the caller's language and writes nothing: no conversation, no message, no `files` row, no stored object.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs, type Part } from '../helpers/multipart';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
const s: Record<'regular' | 'bold' | 'gratis' | 'company' | 'admin', Session> = {} as never;
const hashes: Record<string, string> = {};

const as = (session: Session) => ({ token: session.token, deviceId: session.deviceId });
const pdf = (filename = 'programme.pdf'): Part => ({ name: 'file', filename, type: 'application/pdf', data: PDF });
const fields = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, data]) => ({ name, data }));
const start = (session: Session, prefix: string, parts: Part[], language = 'en') =>
  uploadAs(t, `${prefix}/messages/attachment`, session, parts, language);

async function count(table: 'conversations' | 'messages' | 'files') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
/** The objects in the file store's private message folder. */
async function storedMessageFiles() {
  const keys: string[] = [];
  for await (const object of t.app.storage.list('private/'))
    if (object.key.startsWith('private/message/')) keys.push(object.key);
  return keys.length;
}
const everything = async () => ({
  conversations: await count('conversations'),
  messages: await count('messages'),
  files: await count('files'),
  stored: await storedMessageFiles(),
});

beforeAll(async () => {
  t = await startTestApp();
  s.regular = await t.login('regular@demo.test');
  s.bold = await t.login('bold@demo.test');
  s.gratis = await t.login('gratis@demo.test');
  s.company = await t.login('company@demo.test', 'com');
  s.admin = await t.login('admin@demo.test', 'adm');
  for (const who of ['regular', 'bold', 'gratis'] as const) {
    const row = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', `${who}@demo.test`)
      .executeTakeFirstOrThrow();
    hashes[who] = row.hash;
  }
  // every conversation of the demo data out of the way: each message below is a first one
  await t.app.db.deleteFrom('conversations').execute();
});
afterAll(async () => t?.close());

describe('a first message with a file that is refused writes nothing', () => {
  it('a file that is not an image or a PDF: 400 on the file, in the caller language', async () => {
    const before = await everything();
    const res = await start(
      s.bold,
      '/usr',
      [
        ...fields({ to: hashes['gratis']!, text: 'hola' }),
        { name: 'file', filename: 'evil.pdf', type: 'application/pdf', data: '<script>alert(1)</script>' },
      ],
      'es',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation.failed');
    expect(res.json().errors[0].field).toBe('file');
    expect(res.json().errors[0].message).toMatch(/no se acepta|tipo/i);
    expect(await everything()).toEqual(before);
  });

  it('a file too big: 413 in the caller language', async () => {
    const before = await everything();
    const res = await start(
      s.bold,
      '/usr',
      [
        ...fields({ to: hashes['gratis']!, text: 'hola' }),
        { name: 'file', filename: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(10 * 1024 * 1024 + 10, 32) },
      ],
      'ca',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('upload.tooLarge');
    expect(res.json().message).toMatch(/10 MB/);
    expect(res.json().message).not.toMatch(/The file/);
    expect(await everything()).toEqual(before);
  });

  it('to someone who blocked me: answered like the JSON route (unknown person), in my language', async () => {
    const blocked = await t.api('POST', '/usr/messages/blocks', { body: { hash: hashes['bold'] }, ...as(s.gratis) });
    expect(blocked.statusCode).toBe(200);
    const before = await everything();
    const res = await start(s.bold, '/usr', [...fields({ to: hashes['gratis']!, text: 'hola' }), pdf()], 'ca');
    expect(res.statusCode, res.body).toBe(404);
    const plain = await t.api('POST', '/usr/messages', {
      body: { to: hashes['gratis'], text: 'hola' },
      language: 'ca',
      ...as(s.bold),
    });
    expect(plain.statusCode).toBe(404);
    expect(res.json()).toEqual(plain.json());
    expect(res.json().code).toBe('messages.unavailable');
    expect(await everything()).toEqual(before);
    await t.api('POST', '/usr/messages/blocks/remove', { body: { hash: hashes['bold'] }, ...as(s.gratis) });
  });

  it('to a member who does not accept messages: 404, nothing stored', async () => {
    const off = await t.api('PATCH', '/usr/users', { body: { accepts_messages: false }, ...as(s.regular) });
    expect(off.statusCode, off.body).toBe(200);
    const before = await everything();
    const res = await start(s.bold, '/usr', [...fields({ to: hashes['regular']!, text: 'hello' }), pdf()], 'es');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('messages.unavailable');
    expect(res.json().message).toMatch(/No puedes/);
    expect(await everything()).toEqual(before);
  });

  it('neither text nor a file: 400 naming the text, in the caller language', async () => {
    const before = await everything();
    for (const parts of [fields({ to: hashes['gratis']! }), fields({ to: hashes['gratis']!, text: '   \n ' })]) {
      const res = await start(s.bold, '/usr', parts, 'es');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation.failed');
      expect(res.json().errors).toHaveLength(1);
      expect(res.json().errors[0].field).toBe('text');
      expect(res.json().errors[0].message).toMatch(/texto|archivo/i);
    }
    expect(await everything()).toEqual(before);
  });

  it('text over 4,000 characters and a stray field: 400, nothing written', async () => {
    const before = await everything();
    const long = await start(s.bold, '/usr', [...fields({ to: hashes['gratis']!, text: 'x'.repeat(4001) }), pdf()]);
    expect(long.statusCode).toBe(400);
    const stray = await start(s.bold, '/usr', [...fields({ to: hashes['gratis']!, role: 'ADMIN' }), pdf()]);
    expect(stray.statusCode).toBe(400);
    expect(await everything()).toEqual(before);
  });
});

describe('a first message with a file, by each kind of sender', () => {
  it('member to member: a PDF alone; both parties get its link, nobody else', async () => {
    const before = await everything();
    const res = await start(s.bold, '/usr', [...fields({ to: hashes['gratis']! }), pdf()]);
    expect(res.statusCode, res.body).toBe(200);
    const thread = res.json();
    expect(thread.conversation.kind).toBe('MEMBER');
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0].text).toBe('');
    expect(thread.messages[0].attachment).toMatchObject({ name: 'programme.pdf', mime: 'application/pdf' });
    expect(await everything()).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 1,
      files: before.files + 1,
      stored: before.stored + 1,
    });

    const read = await t.api('GET', `/usr/messages/${thread.conversation.hash}`, as(s.gratis));
    expect(read.statusCode).toBe(200);
    const seen = read.json().messages[0];
    expect(seen.attachment.name).toBe('programme.pdf');
    const file = await t.api('GET', seen.attachment.file);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const fileHash = /\/files\/([a-z0-9]+)/.exec(seen.attachment.file)![1]!;
    expect((await t.api('GET', `/usr/messages/attachments/${fileHash}`, as(s.gratis))).statusCode).toBe(200);
    const stranger = await t.api('GET', `/usr/messages/attachments/${fileHash}`, as(s.regular));
    expect(stranger.statusCode).toBe(404);
    expect((await t.api('GET', `/com/messages/attachments/${fileHash}`, as(s.company))).statusCode).toBe(404);
    expect((await t.api('GET', `/usr/messages/${thread.conversation.hash}`, as(s.regular))).statusCode).toBe(404);
  });

  it('company to a candidate: an image with a caption, tied to the application', async () => {
    const company = await t.app.db
      .selectFrom('companies')
      .select('hash')
      .where('email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    const job = await t.app.db
      .selectFrom('jobs')
      .select('hash')
      .where('company_hash', '=', company.hash)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.app.db.deleteFrom('applicants').where('user_hash', '=', hashes['bold']!).execute();
    await t.app.db
      .insertInto('applicants')
      .values({
        hash: 'firstfileapplic01',
        job_hash: job.hash,
        user_hash: hashes['bold']!,
        status: 'PENDING',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const res = await start(s.company, '/com', [
      ...fields({ application: 'firstfileapplic01', text: 'Our office' }),
      { name: 'file', filename: 'office.png', type: 'image/png', data: png },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation).toMatchObject({ kind: 'APPLICATION', application: 'firstfileapplic01' });
    expect(res.json().messages).toHaveLength(1);
    expect(res.json().messages[0]).toMatchObject({ text: 'Our office', attachment: { mime: 'image/png' } });
    const candidate = await t.api('GET', `/usr/messages/${res.json().conversation.hash}`, as(s.bold));
    expect(candidate.json().messages[0].attachment.name).toBe('office.png');
  });

  it("a group's administrator to a member asking to join who does not accept messages", async () => {
    const group = await t.app.db.selectFrom('workgroups').select('hash').limit(1).executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('workgroups')
      .set({ admin_hash: hashes['gratis']! })
      .where('hash', '=', group.hash)
      .execute();
    await t.app.db
      .insertInto('workgroup_members')
      .values({
        hash: 'firstfilejoin0001',
        workgroup_hash: group.hash,
        user_hash: hashes['regular']!,
        status: 'PENDING',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await start(s.gratis, '/usr', [
      ...fields({ to: hashes['regular']!, text: 'About your request' }),
      pdf('rules.pdf'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages[0].attachment.name).toBe('rules.pdf');
    const theirs = await t.api('GET', `/usr/messages/${res.json().conversation.hash}`, as(s.regular));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().messages[0].attachment.name).toBe('rules.pdf');
  });

  it('the association to anyone: a member who does not accept messages, and a company', async () => {
    const company = await t.app.db
      .selectFrom('companies')
      .select('hash')
      .where('email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    const toMember = await start(s.admin, '/adm', [...fields({ to: hashes['regular']! }), pdf('notice.pdf')]);
    expect(toMember.statusCode, toMember.body).toBe(200);
    expect(toMember.json().conversation.kind).toBe('ADMIN');
    expect(toMember.json().messages[0].attachment.name).toBe('notice.pdf');
    const toCompany = await start(s.admin, '/adm', [
      ...fields({ to: company.hash, to_type: 'company', text: 'Invoice' }),
      pdf('invoice.pdf'),
    ]);
    expect(toCompany.statusCode, toCompany.body).toBe(200);
    const seen = await t.api('GET', `/com/messages/${toCompany.json().conversation.hash}`, as(s.company));
    expect(seen.json().messages[0].attachment.name).toBe('invoice.pdf');
  });

  it('a second first message to the same person goes into the conversation we share', async () => {
    const res = await start(s.bold, '/usr', [
      ...fields({ to: hashes['gratis']!, text: 'and the map' }),
      pdf('map.pdf'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toHaveLength(2);
    expect(res.json().messages[1].attachment.name).toBe('map.pdf');
    // text alone through the same route is a plain message
    const plain = await start(s.bold, '/usr', fields({ to: hashes['gratis']!, text: 'see you' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().messages.at(-1)).toMatchObject({ text: 'see you', attachment: null });
  });
});
