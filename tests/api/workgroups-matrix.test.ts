/**
 * Every working-group route × every kind of caller (issue 12 "Done when"): a visitor, a company, the site's
 * administrator, a member of the site outside the group, a member of the group, the group's administrator — and the
 * administrator of ANOTHER group reaching for this group's posts, files and members through their own group's path.
 * Each refusal is checked with its status and writes nothing; the successes are the feature tests'
 * (workgroups-manage, workgroup-wall, workgroup-wall-edits). Odd spellings of the paths never reach a handler.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { multipart, uploadAs } from '../helpers/multipart';

type Role = 'visitor' | 'company' | 'siteAdmin' | 'outsider' | 'member' | 'groupAdmin';
let t: TestApp;
const s: Partial<Record<Role | 'otherAdmin', Session>> = {};
const ids = { group: '', slug: '', other: '', otherSlug: '', post: '', memberPost: '', file: '', member: '', boss: '' };
let png = Buffer.alloc(0);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
// a real picture, so the refusal is about who asks and not about the file
const PNG_PARTS = () => multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: png }]);

async function call(
  role: Role | 'otherAdmin',
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  raw?: { body: Buffer; headers: Record<string, string> },
) {
  const session = role === 'visitor' ? undefined : s[role];
  return t.api(method, url, {
    ...(session ? { token: session.token, deviceId: session.deviceId } : {}),
    ...(raw ? { body: raw.body, headers: raw.headers } : { body }),
  });
}

/** Rows of every table a working-group route writes: a refusal must leave them as they were. */
async function snapshot() {
  const tables = [
    'workgroups',
    'workgroup_members',
    'workgroup_followers',
    'comments',
    'comment_likes',
    'comment_reports',
    'files',
    'email_outbox',
    'audit_log',
  ] as const;
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await t.app.db.selectFrom(table).selectAll().execute();
  return JSON.stringify(out);
}

beforeAll(async () => {
  t = await startTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  // regular@demo.test, made Bold, stays outside the group; gratis joins it; company and admin sign in on their own doors
  await t.app.db.updateTable('users').set({ role: 'BOLD' }).where('email', '=', 'regular@demo.test').execute();
  s.groupAdmin = await t.login('bold@demo.test', 'usr');
  s.member = await t.login('gratis@demo.test', 'usr');
  s.outsider = await t.login('regular@demo.test', 'usr');
  s.company = await t.login('company@demo.test', 'com');
  s.siteAdmin = await t.login('admin@demo.test', 'adm');
  const group = (
    await call('groupAdmin', 'POST', '/usr/workgroups', {
      name: 'Mobiliario urbano',
      typology: 'TECHNICAL',
      type: 'PRIVATE',
      description: 'Bancos, fuentes y marquesinas: normativa, materiales y fabricantes.',
    })
  ).json();
  Object.assign(ids, { group: group.hash, slug: group.slug });
  await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', ids.group).execute();
  await call('member', 'PATCH', `/api/workgroups/${ids.group}/subscribe`, {});
  ids.member = (
    await t.app.db.selectFrom('users').select('hash').where('email', '=', 'gratis@demo.test').executeTakeFirstOrThrow()
  ).hash;
  ids.boss = (
    await t.app.db.selectFrom('users').select('hash').where('email', '=', 'bold@demo.test').executeTakeFirstOrThrow()
  ).hash;
  await call('groupAdmin', 'PATCH', `/usr/workgroups/${ids.group}/users/${ids.member}`, { status: 'ACCEPTED' });
  ids.post = (
    await uploadAs(t, `/api/workgroups/${ids.slug}/comments`, s.groupAdmin!, [
      { name: 'content', data: 'Normas del grupo: citad siempre la fuente.' },
    ])
  ).json().hash;
  const withFile = (
    await uploadAs(t, `/api/workgroups/${ids.slug}/comments`, s.member!, [
      { name: 'content', data: 'Ficha técnica de un banco de hormigón.' },
      { name: 'file', filename: 'banco.pdf', type: 'application/pdf', data: PDF },
    ])
  ).json();
  Object.assign(ids, { memberPost: withFile.hash, file: withFile.file.hash });
  // gratis runs another group (published, public): the "other group's administrator"
  s.otherAdmin = s.member;
  const other = (
    await call('member', 'POST', '/usr/workgroups', {
      name: 'Tipografía',
      typology: 'THEMATIC',
      type: 'PUBLIC',
      description: 'Tipos, fundiciones y rotulación para diseñadores gráficos.',
    })
  ).json();
  Object.assign(ids, { other: other.hash, otherSlug: other.slug });
  await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', ids.other).execute();
  expect(Object.values(ids).every(Boolean), JSON.stringify(ids)).toBe(true);
});
afterAll(async () => t?.close());

interface Case {
  route: string;
  method: InjectOptions['method'];
  url: () => string;
  body?: () => unknown;
  raw?: () => { body: Buffer; headers: Record<string, string> };
  refused: Partial<Record<Role, number>>;
}

const runsIt = { visitor: 401, company: 403, siteAdmin: 403, outsider: 404, member: 404 } as const;
const adminOnly = { visitor: 401, company: 403, outsider: 403, member: 403, groupAdmin: 403 } as const;
const cases: Case[] = [
  // the group's public face and its insides
  {
    route: 'GET /api/workgroups/:id/comments',
    method: 'GET',
    url: () => `/api/workgroups/${ids.slug}/comments`,
    refused: { visitor: 404, company: 404, outsider: 404 },
  },
  {
    route: 'GET /api/workgroups/:id/files',
    method: 'GET',
    url: () => `/api/workgroups/${ids.slug}/files`,
    refused: { visitor: 404, company: 404, outsider: 404 },
  },
  {
    route: 'GET /api/workgroups/:id/users',
    method: 'GET',
    url: () => `/api/workgroups/${ids.slug}/users`,
    refused: { visitor: 404, company: 404, outsider: 404 },
  },
  // members' actions
  {
    route: 'PATCH /api/workgroups/:id/subscribe',
    method: 'PATCH',
    url: () => `/api/workgroups/${ids.group}/subscribe`,
    body: () => ({}),
    refused: { visitor: 401, company: 403, siteAdmin: 403, groupAdmin: 418 },
  },
  {
    route: 'POST /api/workgroups/:id/comments',
    method: 'POST',
    url: () => `/api/workgroups/${ids.slug}/comments`,
    raw: () => multipart([{ name: 'content', data: 'Hola' }]),
    refused: { visitor: 401, company: 403, siteAdmin: 403, outsider: 404 },
  },
  {
    route: 'PATCH /api/workgroups/:id/comments/:hash/like',
    method: 'PATCH',
    url: () => `/api/workgroups/${ids.slug}/comments/${ids.post}/like`,
    body: () => ({}),
    refused: { visitor: 401, company: 403, siteAdmin: 403, outsider: 404 },
  },
  {
    route: 'PATCH /api/workgroups/:id/comments/:hash',
    method: 'PATCH',
    url: () => `/api/workgroups/${ids.slug}/comments/${ids.post}`,
    body: () => ({ content: 'Reescrito' }),
    refused: { visitor: 401, company: 403, siteAdmin: 403, outsider: 404, member: 403, groupAdmin: undefined },
  },
  {
    route: 'POST /api/workgroups/:id/comments/:hash/report',
    method: 'POST',
    url: () => `/api/workgroups/${ids.slug}/comments/${ids.memberPost}/report`,
    body: () => ({ reason: 'No me gusta' }),
    refused: { visitor: 401, company: 403, siteAdmin: 403, outsider: 404, member: 400 },
  },
  {
    route: 'DELETE /api/workgroups/:id/comments/:hash',
    method: 'DELETE',
    url: () => `/api/workgroups/${ids.slug}/comments/${ids.post}`,
    refused: { visitor: 401, company: 403, siteAdmin: 403, outsider: 404, member: 403 },
  },
  // running a group: its administrator only; everyone else is told it does not exist
  {
    route: 'GET /usr/workgroups',
    method: 'GET',
    url: () => '/usr/workgroups',
    refused: { visitor: 401, company: 403, siteAdmin: 403 },
  },
  {
    route: 'POST /usr/workgroups',
    method: 'POST',
    url: () => '/usr/workgroups',
    body: () => ({
      name: 'Nuevo grupo',
      typology: 'THEMATIC',
      type: 'PUBLIC',
      description: 'Un grupo nuevo que nadie debería poder crear aquí.',
    }),
    refused: { visitor: 401, company: 403, siteAdmin: 403 },
  },
  { route: 'GET /usr/workgroups/:hash', method: 'GET', url: () => `/usr/workgroups/${ids.group}`, refused: runsIt },
  {
    route: 'PATCH /usr/workgroups/:hash',
    method: 'PATCH',
    url: () => `/usr/workgroups/${ids.group}`,
    body: () => ({ description: 'Cambiado por quien no lo administra, nunca debería guardarse.' }),
    refused: runsIt,
  },
  {
    route: 'DELETE /usr/workgroups/:hash',
    method: 'DELETE',
    url: () => `/usr/workgroups/${ids.group}`,
    refused: runsIt,
  },
  {
    route: 'POST /usr/workgroups/:hash/image',
    method: 'POST',
    url: () => `/usr/workgroups/${ids.group}/image`,
    raw: PNG_PARTS,
    refused: runsIt,
  },
  {
    route: 'GET /usr/workgroups/:hash/users',
    method: 'GET',
    url: () => `/usr/workgroups/${ids.group}/users`,
    refused: runsIt,
  },
  {
    route: 'PATCH /usr/workgroups/:hash/users/:member',
    method: 'PATCH',
    url: () => `/usr/workgroups/${ids.group}/users/${ids.member}`,
    body: () => ({ status: 'CANCELLED' }),
    refused: runsIt,
  },
  {
    route: 'DELETE /usr/workgroups/:hash/users/:member',
    method: 'DELETE',
    url: () => `/usr/workgroups/${ids.group}/users/${ids.member}`,
    refused: runsIt,
  },
  {
    route: 'DELETE /usr/workgroups/:hash/comments/:comment',
    method: 'DELETE',
    url: () => `/usr/workgroups/${ids.group}/comments/${ids.memberPost}`,
    body: () => ({ reason: 'Retirado sin derecho' }),
    refused: runsIt,
  },
  {
    route: 'DELETE /usr/workgroups/:hash/files/:file',
    method: 'DELETE',
    url: () => `/usr/workgroups/${ids.group}/files/${ids.file}`,
    refused: runsIt,
  },
  // the association's queue
  { route: 'GET /adm/workgroups', method: 'GET', url: () => '/adm/workgroups?status=PENDING', refused: adminOnly },
  {
    route: 'PATCH /adm/workgroups/:hash',
    method: 'PATCH',
    url: () => `/adm/workgroups/${ids.group}`,
    body: () => ({ status: 'REJECTED', reason: 'Sin motivo real' }),
    refused: adminOnly,
  },
  {
    route: 'PATCH /adm/workgroups',
    method: 'PATCH',
    url: () => '/adm/workgroups',
    body: () => ({ hashes: [ids.group], status: 'REJECTED', reason: 'Sin motivo real' }),
    refused: adminOnly,
  },
];

describe('every route × every caller', () => {
  for (const c of cases) {
    it(`${c.route} refuses ${Object.entries(c.refused)
      .filter(([, code]) => code)
      .map(([role, code]) => `${role} (${code})`)
      .join(', ')} and writes nothing`, async () => {
      const before = await snapshot();
      for (const [role, code] of Object.entries(c.refused) as Array<[Role, number | undefined]>) {
        if (!code) continue;
        const res = await call(role, c.method, c.url(), c.body?.(), c.raw?.());
        expect(res.statusCode, `${role}: ${res.body}`).toBe(code);
        expect(res.json().message, role).toEqual(expect.any(String));
      }
      expect(await snapshot()).toBe(before);
    });
  }
  it('lets the group’s members and administrator read its insides, and the site’s administrator too (the association moderates)', async () => {
    for (const role of ['member', 'groupAdmin', 'siteAdmin'] as const) {
      for (const part of ['comments', 'files', 'users'])
        expect((await call(role, 'GET', `/api/workgroups/${ids.slug}/${part}`)).statusCode, `${role} ${part}`).toBe(
          200,
        );
    }
  });
});

describe("another group's administrator, through their own group's path", () => {
  it('cannot reach this group’s posts, files or members, and writes nothing', async () => {
    const before = await snapshot();
    const attempts: Array<[InjectOptions['method'], string, unknown]> = [
      ['DELETE', `/usr/workgroups/${ids.other}/comments/${ids.post}`, { reason: 'Desde otro grupo' }],
      ['DELETE', `/usr/workgroups/${ids.other}/files/${ids.file}`, undefined],
      // bold belongs to this group, not to the other one
      ['PATCH', `/usr/workgroups/${ids.other}/users/${ids.boss}`, { status: 'CANCELLED' }],
      ['DELETE', `/usr/workgroups/${ids.other}/users/${ids.boss}`, undefined],
      ['PATCH', `/api/workgroups/${ids.otherSlug}/comments/${ids.post}/like`, {}],
      ['DELETE', `/api/workgroups/${ids.otherSlug}/comments/${ids.post}`, undefined],
      ['PATCH', `/api/workgroups/${ids.otherSlug}/comments/${ids.memberPost}`, { content: 'Desde otro grupo' }],
    ];
    for (const [method, url, body] of attempts)
      expect((await call('otherAdmin', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    // and this group's administrator cannot run the other group
    for (const [method, url, body] of [
      ['GET', `/usr/workgroups/${ids.other}`, undefined],
      [
        'PATCH',
        `/usr/workgroups/${ids.other}`,
        { description: 'Tomado por el administrador de otro grupo, nunca debería guardarse.' },
      ],
    ] as const) {
      expect((await call('groupAdmin', method, url, body)).statusCode, url).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('odd spellings of the paths', () => {
  it('never reach a handler with someone else’s rights', async () => {
    const before = await snapshot();
    const spellings = [
      `/USR/workgroups/${ids.group}`,
      `/usr/Workgroups/${ids.group}`,
      `//usr/workgroups/${ids.group}`,
      `/usr/workgroups/${ids.group}%2Fusers`,
      `/usr/%77orkgroups/${ids.group}`,
      `/api/../usr/workgroups/${ids.group}`,
      `/usr/workgroups/${ids.group}/users/..%2F..%2F${ids.other}`,
    ];
    for (const url of spellings) {
      const res = await call('outsider', 'PATCH', url, {
        description: 'Cambiado por una ruta rara, nunca debería guardarse.',
      });
      expect([400, 401, 403, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect(await snapshot()).toBe(before);
  });
});
