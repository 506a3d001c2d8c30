/**
 * Writing on a group's wall (issue 12 §4–§5): who may post (members and the group's administrator; not a visitor, a
 * Regular member, a non-member, a company), bad posts that write nothing (empty, too long, a file that is not an image
 * or a PDF, a parent from another wall), replies joining their thread, the file kept privately and served by a signed
 * link, and removal — by the author, or by the group's administrator with a reason the author receives — taking the
 * file with it. Another group's administrator cannot moderate this wall.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs, type Part } from '../helpers/multipart';

let t: TestApp;
const s: Record<string, Session> = {};
let group = { hash: '', slug: '' };
let other = '';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const post = (who: string | null, parts: Part[], id = group.slug, language = 'en') =>
  uploadAs(t, `/api/workgroups/${id}/comments`, who ? s[who]! : null, parts, language);
const text = (name: string, value: string): Part => ({ name, data: value });
const commentCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fileCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const [who, kind] of [
    ['bold', 'usr'],
    ['gratis', 'usr'],
    ['regular', 'usr'],
    ['company', 'com'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
  const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
  // bold@demo.test runs a new private group with gratis@demo.test as a member; gratis runs another group
  const created = await t.api('POST', '/usr/workgroups', {
    ...as('bold'),
    body: {
      name: 'Taller de maquetas',
      typology: 'TECHNICAL',
      type: 'PRIVATE',
      description: 'Maquetas de arquitectura y producto: técnicas, materiales y proveedores.',
    },
  });
  group = { hash: created.json().hash, slug: created.json().slug };
  await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', group.hash).execute();
  await t.api('PATCH', `/api/workgroups/${group.hash}/subscribe`, { ...as('gratis'), body: {} });
  const gratis = (
    await t.app.db.selectFrom('users').select('hash').where('email', '=', 'gratis@demo.test').executeTakeFirstOrThrow()
  ).hash;
  await t.api('PATCH', `/usr/workgroups/${group.hash}/users/${gratis}`, {
    ...as('bold'),
    body: { status: 'ACCEPTED' },
  });
  const second = await t.api('POST', '/usr/workgroups', {
    ...as('gratis'),
    body: {
      name: 'Otro grupo',
      typology: 'THEMATIC',
      type: 'PUBLIC',
      description: 'Un grupo de otra persona, para probar que no modera este muro.',
    },
  });
  other = second.json().hash;
});
afterAll(async () => t?.close());

describe('who may post', () => {
  it('refuses a visitor (401), a Regular member (418), a company (403) and a member of the site who is not in the group (404 on a private wall), writing nothing', async () => {
    const before = [await commentCount(), await fileCount()];
    expect((await post(null, [text('content', 'Hola')])).statusCode).toBe(401);
    expect((await post('regular', [text('content', 'Hola')])).statusCode).toBe(418);
    expect((await post('company', [text('content', 'Hola')])).statusCode).toBe(403);
    // a Bold member outside this private group: as if it did not exist
    await t.app.db.updateTable('users').set({ role: 'BOLD' }).where('email', '=', 'regular@demo.test').execute();
    s['regular'] = await t.login('regular@demo.test', 'usr');
    expect((await post('regular', [text('content', 'Hola')])).statusCode).toBe(404);
    expect([await commentCount(), await fileCount()]).toEqual(before);
  });

  it('refuses bad posts naming the field and writes nothing (no file left behind)', async () => {
    const before = [await commentCount(), await fileCount()];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[Part[], string]> = [
      [[text('content', '   ')], 'content'],
      [[text('content', 'x'.repeat(2001))], 'content'],
      [[], 'content'],
      [[text('content', 'Mirad'), { name: 'file', filename: 'a.svg', type: 'image/svg+xml', data: svg }], 'file'],
      [
        [
          text('content', 'Mirad'),
          { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: Buffer.from('not a pdf') },
        ],
        'file',
      ],
      [[text('content', 'Respuesta'), text('parent', 'nosuchpost')], 'parent'],
      [[text('content', 'Hola'), text('colour', 'red')], 'colour'],
    ];
    for (const [parts, field] of cases) {
      const res = await post('gratis', parts, group.slug, 'es');
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json().errors), field).toContain(field);
    }
    expect([await commentCount(), await fileCount()]).toEqual(before);
  });

  it("says in the reader's language that a reply's post is not on this wall", async () => {
    const expected = {
      es: 'Esa publicación no está en el muro',
      en: "That post is not on this group's wall",
      ca: 'Aquesta publicació no és al mur',
    };
    for (const [language, words] of Object.entries(expected)) {
      const res = await post(
        'gratis',
        [text('content', 'Respuesta'), text('parent', 'nosuchpost')],
        group.slug,
        language,
      );
      expect(res.statusCode, language).toBe(400);
      expect(res.json().errors, language).toEqual([{ field: 'parent', message: expect.stringContaining(words) }]);
    }
  });
});

describe('posting and removing', () => {
  let first = '';
  let withFile = '';
  let storedPath = '';

  it('posts text with a PDF, kept privately and linked for this reader; replies join the thread', async () => {
    const created = await post('gratis', [
      text('content', 'Os paso el catálogo de maderas que usamos.'),
      { name: 'file', filename: 'maderas.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    withFile = created.json().hash;
    expect(created.json()).toMatchObject({
      content: 'Os paso el catálogo de maderas que usamos.',
      file: { name: 'maderas.pdf', url: expect.stringContaining('sig=') },
    });
    const row = await t.app.db
      .selectFrom('files')
      .selectAll()
      .where('hash', '=', created.json().file.hash)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'wall', workgroup_hash: group.hash, mime: 'application/pdf' });
    storedPath = join(t.app.config.dataDir, 'private', row.path);
    expect(existsSync(storedPath)).toBe(true);

    first = (await post('bold', [text('content', 'Bienvenidos al taller.')])).json().hash;
    const reply = await post('gratis', [text('content', '¡Gracias!'), text('parent', first)]);
    const replyToReply = await post('bold', [text('content', 'A vosotros.'), text('parent', reply.json().hash)]);
    expect(replyToReply.json().parent).toBe(first);
    const wall = (
      await t.api('GET', `/api/workgroups/${group.slug}/comments`, {
        token: s['gratis']!.token,
        deviceId: s['gratis']!.deviceId,
      })
    ).json().items as Array<{ hash: string; replies: Array<{ hash: string }> }>;
    expect(wall.find((c) => c.hash === first)!.replies).toHaveLength(2);
    const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#e8893a' } })
      .png()
      .toBuffer();
    expect(
      (
        await post('bold', [
          text('content', 'La maqueta terminada'),
          { name: 'file', filename: 'maqueta.png', type: 'image/png', data: image },
        ])
      ).statusCode,
    ).toBe(201);
  });

  it('lets the group’s administrator remove a post with a reason the author receives; the file goes too', async () => {
    const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
    const url = `/usr/workgroups/${group.hash}/comments/${withFile}`;
    expect((await t.api('DELETE', url, { ...as('gratis'), body: { reason: 'No es tuyo' } })).statusCode).toBe(404); // not the group's administrator
    expect(
      (
        await t.api('DELETE', `/usr/workgroups/${other}/comments/${withFile}`, {
          ...as('gratis'),
          body: { reason: 'Otro muro' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.api('DELETE', url, { ...as('bold'), body: {} })).statusCode).toBe(400);
    const removed = await t.api('DELETE', url, {
      ...as('bold'),
      body: { reason: 'Los catálogos de proveedores van en la sección de archivos del taller.' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(existsSync(storedPath)).toBe(false);
    expect(
      await t.app.db
        .selectFrom('files')
        .select('hash')
        .where('path', '=', storedPath.split('/private/')[1]!)
        .executeTakeFirst(),
    ).toBeUndefined();
    const mail = await t.app.db
      .selectFrom('email_outbox')
      .select(['template', 'body_text'])
      .where('to_address', '=', 'gratis@demo.test')
      .where('template', '=', 'workgroup.postRemoved')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('sección de archivos');
    expect(mail.body_text).toContain('catálogo de maderas');
    expect((await t.api('DELETE', url, { ...as('bold'), body: { reason: 'Otra vez' } })).statusCode).toBe(404);
  });

  it('lets an author delete their own post (its replies go with it), and nobody else’s', async () => {
    const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
    expect((await t.api('DELETE', `/api/workgroups/${group.slug}/comments/${first}`, as('gratis'))).statusCode).toBe(
      403,
    );
    expect((await t.api('DELETE', `/api/workgroups/${group.slug}/comments/${first}`, as('bold'))).statusCode).toBe(200);
    const left = await t.app.db
      .selectFrom('comments')
      .select('hash')
      .where('parent_hash', '=', first)
      .where('deleted', '=', 0)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('who is named on a wall (issue 12 §7)', () => {
  it('shows a member who keeps out of the directory as "a member" to people outside the group, and by name to its members and administrator', async () => {
    const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
    // a public group of the demo: gratis@demo.test joins and posts, then leaves the directory
    const open = await t.app.db
      .selectFrom('workgroups')
      .select(['hash', 'slug'])
      .where('type', '=', 'PUBLIC')
      .where('status', '=', 'PUBLISHED')
      .where('name', '=', 'Otro grupo')
      .executeTakeFirst();
    const groupHash = open?.hash ?? other;
    await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', groupHash).execute();
    const slug = (
      await t.app.db.selectFrom('workgroups').select('slug').where('hash', '=', groupHash).executeTakeFirstOrThrow()
    ).slug;
    await t.api('PATCH', `/api/workgroups/${slug}/subscribe`, { ...as('bold'), body: {} }); // bold joins gratis's open group
    expect((await post('bold', [text('content', 'Hola a todos, soy nuevo.')], slug)).statusCode).toBe(201);
    await t.app.db.updateTable('users').set({ is_appear_by_user: 0 }).where('email', '=', 'bold@demo.test').execute();

    const authorsFor = async (who: string | null) => {
      const res = await t.api('GET', `/api/workgroups/${slug}/comments`, who ? as(who) : {});
      return (
        res.json().items as Array<{ content: string; user: { name: string; hidden?: boolean; hash: string } }>
      ).find((c) => c.content === 'Hola a todos, soy nuevo.')!.user;
    };
    const outsider = await authorsFor(null);
    expect(outsider).toMatchObject({ name: '', hash: '', hidden: true });
    expect(await authorsFor('company')).toMatchObject({ hidden: true });
    expect((await authorsFor('gratis')).name).toBe('Marc'); // the group's administrator
    const members = (await t.api('GET', `/api/workgroups/${slug}/users`)).json().items as Array<{
      user: { name: string; hidden?: boolean };
    }>;
    expect(members.some((m) => m.user.hidden)).toBe(true);
    expect(JSON.stringify(members)).not.toContain('"Marc"');
    await t.app.db.updateTable('users').set({ is_appear_by_user: 1 }).where('email', '=', 'bold@demo.test').execute();
  });
});

describe('group e-mails, each optional (issue 12 §6)', () => {
  const mails = (email: string, template: string) =>
    t.app.db
      .selectFrom('email_outbox')
      .select(['body_text', 'language'])
      .where('to_address', '=', email)
      .where('template', '=', template)
      .execute();

  it('tells the author of a post about a reply, unless it is their own or they turned it off', async () => {
    const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
    const root = (await post('gratis', [text('content', '¿Alguien conoce un buen proveedor de metacrilato?')])).json()
      .hash as string;
    await post('gratis', [text('content', 'Me respondo: ya lo encontré.'), text('parent', root)]);
    expect(await mails('gratis@demo.test', 'workgroup.reply')).toHaveLength(0);
    await post('bold', [text('content', 'Plásticos Martí, en Badalona.'), text('parent', root)]);
    const told = await mails('gratis@demo.test', 'workgroup.reply');
    expect(told).toHaveLength(1);
    expect(told[0]!.body_text).toContain('Plásticos Martí');
    const off = await t.api('PATCH', '/usr/users/me', { ...as('gratis'), body: { notify_group_replies: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().notify_group_replies).toBe(false);
    await post('bold', [text('content', 'Y también en Mataró.'), text('parent', root)]);
    expect(await mails('gratis@demo.test', 'workgroup.reply')).toHaveLength(1);
  });

  it('sends the daily digest of others’ posts once per member, however many runs', async () => {
    const { sendGroupDigests } = await import('../../src/server/modules/workgroups/wall/digest');
    await post('bold', [text('content', 'Resumen: el taller del sábado empieza a las diez.')]);
    const now = new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([
      sendGroupDigests(t.app.db, t.app.config, now),
      sendGroupDigests(t.app.db, t.app.config, now),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const digests = (await mails('gratis@demo.test', 'workgroup.digest')).filter((mail) =>
      mail.body_text.includes('taller del sábado'),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.body_text).not.toContain('¿Alguien conoce'); // their own posts are not news to them
    await sendGroupDigests(t.app.db, t.app.config, new Date(now.getTime() + 60_000));
    expect(
      (await mails('gratis@demo.test', 'workgroup.digest')).filter((mail) =>
        mail.body_text.includes('taller del sábado'),
      ),
    ).toHaveLength(1);
    // turned off: nothing more
    await t.app.db
      .updateTable('users')
      .set({ notify_group_digest: 0 })
      .where('email', '=', 'gratis@demo.test')
      .execute();
    await post('bold', [text('content', 'Otra novedad para el resumen.')]);
    await sendGroupDigests(t.app.db, t.app.config, new Date(now.getTime() + 120_000));
    expect(
      (await mails('gratis@demo.test', 'workgroup.digest')).some((mail) => mail.body_text.includes('Otra novedad')),
    ).toBe(false);
  });
});

describe("the group's files (issue 12 §5)", () => {
  it('are deleted by the group’s administrator only; the post stays without its file', async () => {
    const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
    const created = await post('gratis', [
      text('content', 'El presupuesto del taller'),
      { name: 'file', filename: 'presupuesto.pdf', type: 'application/pdf', data: PDF },
    ]);
    const file = created.json().file.hash as string;
    const stored = (
      await t.app.db.selectFrom('files').select('path').where('hash', '=', file).executeTakeFirstOrThrow()
    ).path;
    expect((await t.api('DELETE', `/usr/workgroups/${group.hash}/files/${file}`, as('gratis'))).statusCode).toBe(404); // a member, not its administrator
    expect((await t.api('DELETE', `/usr/workgroups/${other}/files/${file}`, as('gratis'))).statusCode).toBe(404); // another group's administrator
    expect((await t.api('DELETE', `/usr/workgroups/${group.hash}/files/${file}`, as('bold'))).statusCode).toBe(200);
    expect(existsSync(join(t.app.config.dataDir, 'private', stored))).toBe(false);
    const wall = (await t.api('GET', `/api/workgroups/${group.slug}/comments`, as('bold'))).json().items as Array<{
      hash: string;
      file: unknown;
    }>;
    expect(wall.find((c) => c.hash === created.json().hash)!.file).toBeNull();
    expect((await t.api('DELETE', `/usr/workgroups/${group.hash}/files/${file}`, as('bold'))).statusCode).toBe(404);
  });
});
