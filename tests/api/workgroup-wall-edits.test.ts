/**
 * A post after it is written (issue 12 §4): its author edits it for a while (never someone else, never after the
 * window, never an empty text), and other members report it, once, to the group's administrator, who is e-mailed and
 * alone reads the reasons. Every role and another group's ids are tried; a refusal writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_EDIT_MINUTES } from '../../src/shared/constants';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
const s: Record<string, Session> = {};
let group = { hash: '', slug: '' };
let other = { hash: '', slug: '' };
let mine = ''; // gratis's post
let boss = ''; // bold's post (the group's administrator)

const as = (who: string | null, language = 'en') =>
  who ? { token: s[who]!.token, deviceId: s[who]!.deviceId, language } : { language };
const contentOf = async (hash: string) =>
  await t.app.db
    .selectFrom('comments')
    .select(['content', 'edited_at'])
    .where('hash', '=', hash)
    .executeTakeFirstOrThrow();
// the demo holds reports of its own: count this file's
const reportCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('comment_reports')
        .innerJoin('comments', 'comments.hash', 'comment_reports.comment_hash')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('comments.workgroup_hash', '=', group.hash)
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
    ['admin', 'adm'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
  const created = await t.api('POST', '/usr/workgroups', {
    ...as('bold'),
    body: {
      name: 'Cerámica contemporánea',
      typology: 'THEMATIC',
      type: 'PRIVATE',
      description: 'Técnicas, hornos y proveedores de cerámica para diseñadores.',
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
      name: 'Grupo de otra persona',
      typology: 'THEMATIC',
      type: 'PUBLIC',
      description: 'Otro grupo, para probar los identificadores cruzados.',
    },
  });
  other = { hash: second.json().hash, slug: second.json().slug };
  await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', other.hash).execute();
  mine = (
    await uploadAs(
      t,
      `/api/workgroups/${group.slug}/comments`,
      s['gratis']!,
      [{ name: 'content', data: '¿Alguien conoce un horno de alta temperatura en Terrasa?' }],
      'es',
    )
  ).json().hash;
  boss = (
    await uploadAs(
      t,
      `/api/workgroups/${group.slug}/comments`,
      s['bold']!,
      [{ name: 'content', data: 'Bienvenidos al grupo.' }],
      'es',
    )
  ).json().hash;
  // a Regular member made Bold but outside this private group
  await t.app.db.updateTable('users').set({ role: 'BOLD' }).where('email', '=', 'regular@demo.test').execute();
  s['regular'] = await t.login('regular@demo.test', 'usr');
});
afterAll(async () => t?.close());

describe('editing my own post', () => {
  const url = () => `/api/workgroups/${group.slug}/comments/${mine}`;

  it('refuses everyone but its author, another group’s path and bad text, writing nothing', async () => {
    const before = await contentOf(mine);
    const body = { content: 'Cambiado por otra persona' };
    expect((await t.api('PATCH', url(), { ...as(null), body })).statusCode).toBe(401);
    expect((await t.api('PATCH', url(), { ...as('company'), body })).statusCode).toBe(403);
    expect([403, 401]).toContain((await t.api('PATCH', url(), { ...as('admin'), body })).statusCode);
    expect((await t.api('PATCH', url(), { ...as('regular'), body })).statusCode).toBe(404); // outside a private group
    expect((await t.api('PATCH', url(), { ...as('bold'), body })).statusCode).toBe(403); // the group's administrator moderates, never rewrites
    expect(
      (await t.api('PATCH', `/api/workgroups/${other.slug}/comments/${mine}`, { ...as('gratis'), body })).statusCode,
    ).toBe(404);
    for (const content of ['   ', 'x'.repeat(2001)]) {
      const res = await t.api('PATCH', url(), { ...as('gratis', 'es'), body: { content } });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('content');
    }
    expect((await t.api('PATCH', url(), { ...as('gratis'), body: { content: 'ok', colour: 'red' } })).statusCode).toBe(
      400,
    );
    expect(await contentOf(mine)).toEqual(before);
  });

  it('lets its author correct it within the window; the wall shows it edited and until when it can be', async () => {
    const res = await t.api('PATCH', url(), {
      ...as('gratis'),
      body: { content: '  ¿Alguien conoce un horno de alta temperatura en Terrassa?  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toBe('¿Alguien conoce un horno de alta temperatura en Terrassa?');
    const wall = (await t.api('GET', `/api/workgroups/${group.slug}/comments`, as('gratis'))).json().items;
    const post = wall.find((c: { hash: string }) => c.hash === mine);
    expect(post.content).toContain('Terrassa');
    expect(post.edited_at).toBeTruthy();
    expect(Date.parse(post.editable_until) - Date.parse(post.created_at)).toBe(WALL_EDIT_MINUTES * 60_000);
    // only its author is told until when it can be edited
    const seenByBoss = (await t.api('GET', `/api/workgroups/${group.slug}/comments`, as('bold')))
      .json()
      .items.find((c: { hash: string }) => c.hash === mine);
    expect(seenByBoss.editable_until).toBeNull();
  });

  it('answers 409 in the member’s language once the window is over, and keeps the text', async () => {
    const old = new Date(Date.now() - (WALL_EDIT_MINUTES + 1) * 60_000).toISOString();
    await t.app.db.updateTable('comments').set({ created_at: old }).where('hash', '=', mine).execute();
    const before = await contentOf(mine);
    const res = await t.api('PATCH', url(), { ...as('gratis', 'ca'), body: { content: 'Massa tard' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`${WALL_EDIT_MINUTES} minuts`);
    expect(await contentOf(mine)).toEqual(before);
  });
});

describe('reporting a post', () => {
  const url = (post = mine, id = group.slug) => `/api/workgroups/${id}/comments/${post}/report`;
  const body = { reason: 'Es publicidad de una tienda, no una pregunta.' };

  it('refuses visitors, companies, non-members, its own author, another group’s path and a missing reason, writing nothing', async () => {
    expect((await t.api('POST', url(), { ...as(null), body })).statusCode).toBe(401);
    expect((await t.api('POST', url(), { ...as('company'), body })).statusCode).toBe(403);
    expect([403, 401]).toContain((await t.api('POST', url(), { ...as('admin'), body })).statusCode);
    expect((await t.api('POST', url(), { ...as('regular'), body })).statusCode).toBe(404);
    expect((await t.api('POST', url(), { ...as('gratis', 'es'), body })).statusCode).toBe(400); // one's own post
    expect((await t.api('POST', url(mine, other.slug), { ...as('bold'), body })).statusCode).toBe(403); // not a member of that public group
    // a member of a public group cannot report what is not on its wall
    await t.api('PATCH', `/api/workgroups/${other.hash}/subscribe`, { ...as('regular'), body: {} });
    expect((await t.api('POST', url(mine, other.slug), { ...as('regular'), body })).statusCode).toBe(404);
    for (const reason of [undefined, '  ', 'x'.repeat(1001)])
      expect((await t.api('POST', url(boss), { ...as('gratis'), body: { reason } })).statusCode).toBe(400);
    expect(await reportCount()).toBe(0);
  });

  it('takes a member’s report once, e-mails the group’s administrator in their language, and shows the reason to them alone', async () => {
    // bold administers the group: reporting its own post is refused above; here gratis reports bold's post, and bold
    // reports gratis's post (an administrator may also flag a post for the record before removing it)
    const first = await t.api('POST', url(boss), { ...as('gratis'), body });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.api('POST', url(boss), { ...as('gratis', 'es'), body });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Ya has denunciado');
    expect(await reportCount()).toBe(1);
    // the administrator reported on their own group's post is not e-mailed about their own post by themselves
    const reported = await t.api('POST', url(mine), {
      ...as('bold'),
      body: { reason: 'Revisar la ortografía del nombre del pueblo.' },
    });
    expect(reported.statusCode).toBe(201);
    const mails = await t.app.db
      .selectFrom('email_outbox')
      .select(['to_address', 'template', 'body_text'])
      .where('template', '=', 'workgroup.reported')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('bold@demo.test');
    expect(mails[0]!.body_text).toContain('publicidad de una tienda');
    expect(mails[0]!.body_text).toContain('Bienvenidos al grupo');
    const asBoss = (await t.api('GET', `/api/workgroups/${group.slug}/comments`, as('bold'))).json().items;
    expect(
      asBoss.find((c: { hash: string }) => c.hash === boss).reports.map((r: { reason: string }) => r.reason),
    ).toEqual([body.reason]);
    const asMember = (await t.api('GET', `/api/workgroups/${group.slug}/comments`, as('gratis'))).json().items;
    const seen = asMember.find((c: { hash: string }) => c.hash === boss);
    expect(seen.reports).toBeUndefined();
    expect(seen.reported).toBe(true);
    expect(JSON.stringify(asMember)).not.toContain('publicidad de una tienda');
  });

  it('no longer takes reports on a removed post', async () => {
    await t.api('DELETE', `/usr/workgroups/${group.hash}/comments/${mine}`, {
      ...as('bold'),
      body: { reason: 'Publicación duplicada.' },
    });
    const before = await reportCount();
    expect((await t.api('POST', url(mine), { ...as('regular'), body })).statusCode).toBe(404);
    expect(
      (
        await t.api('PATCH', `/api/workgroups/${group.slug}/comments/${mine}`, {
          ...as('gratis'),
          body: { content: 'Vuelvo' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await reportCount()).toBe(before);
  });
});
