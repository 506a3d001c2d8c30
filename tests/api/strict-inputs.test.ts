/**
 * Strict inputs (issue 23 §7): a number in a query string is plain decimal digits (`page=0x10`, `1e1`, `+1`,
 * ` 1` and `1.0` answer 400 naming the field on every prefix); a one-line text (a name, a title) refuses control
 * characters and a long text (a description) refuses NUL only, with 400 naming the field and nothing written;
 * a signed file link longer-lived than links are handed out, or spelled other than it was handed out, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS, sign } from '../../src/server/lib/signedLinks';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
let bold: Session;
let company: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const fieldsOf = (body: { errors?: Array<{ field: string }> }) => (body.errors ?? []).map((e) => e.field);

describe('query numbers are plain decimal digits', () => {
  const lists = () => [
    { url: '/api/jobs', session: {} },
    { url: '/api/users', session: {} },
    { url: '/usr/workgroups', session: bold },
    { url: '/usr/payments', session: bold },
    { url: '/com/jobs', session: company },
    { url: '/adm/users', session: admin },
    { url: '/adm/workgroups', session: admin },
  ];
  const bad = ['0x10', '1e1', '+1', ' 1', '1 ', '1.0', '0b1', '0o7', '1_0', '٣', '-0x1'];

  it('answers 400 naming page or size for every other spelling, on /api, /usr, /com and /adm', async () => {
    const checked: string[] = [];
    for (const { url, session } of lists()) {
      expect((await t.api('GET', `${url}?page=1&size=2`, session)).statusCode, url).toBe(200);
      for (const field of ['page', 'size']) {
        for (const value of bad) {
          const res = await t.api('GET', `${url}?${field}=${encodeURIComponent(value)}`, session);
          const context = `${url}?${field}=${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          expect(res.statusCode, context).toBe(400);
          expect(fieldsOf(res.json()), context).toContain(field);
          checked.push(context);
        }
      }
    }
    expect(checked.length).toBe(7 * 2 * bad.length);
  });

  it('still takes plain digits, and says what is wrong in the request language', async () => {
    const res = await t.api('GET', '/api/jobs?page=2&size=3');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(3);
    const messages = await Promise.all(
      ['es', 'en', 'ca'].map(
        async (language) =>
          (await t.api('GET', '/api/jobs?page=0x10', { language })).json().errors[0].message as string,
      ),
    );
    expect(new Set(messages).size).toBe(3);
    for (const message of messages) expect(message).not.toMatch(/^validation\.|^must /);
  });
});

const CONTROLS = ['\u0000', '\r', '\n', '\t', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'];
const OFFER = {
  title: 'Product designer',
  description: 'Design the next line of lamps with our engineering team in Barcelona.',
  location: 'Barcelona',
  contract: 'INDEFINITE',
};
const GROUP = {
  name: 'Taller de cerámica',
  typology: 'THEMATIC',
  type: 'PUBLIC',
  description: 'Técnicas, hornos y proveedores de cerámica para diseñadores.',
};
const count = async (table: 'jobs' | 'workgroups') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('one-line texts refuse control characters, long texts refuse NUL only', () => {
  it('a profile name with a control character answers 400 naming name, and the name stays', async () => {
    const before = (
      await t.app.db.selectFrom('users').select('name').where('email', '=', 'bold@demo.test').executeTakeFirstOrThrow()
    ).name;
    for (const c of CONTROLS) {
      const res = await t.api('PATCH', '/usr/users/me', { ...bold, body: { name: `Ana${c}Maria` } });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(fieldsOf(res.json()), JSON.stringify(c)).toContain('name');
    }
    expect(
      (
        await t.app.db
          .selectFrom('users')
          .select('name')
          .where('email', '=', 'bold@demo.test')
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe(before);
  });

  it('an offer title with a control character answers 400 naming title, and no offer is written', async () => {
    const before = await count('jobs');
    for (const c of CONTROLS) {
      const res = await t.api('POST', '/com/jobs', { ...company, body: { ...OFFER, title: `Product${c}designer` } });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(fieldsOf(res.json()), JSON.stringify(c)).toContain('title');
    }
    expect(await count('jobs')).toBe(before);
  });

  it('a group name with a control character answers 400 naming name, and no group is written', async () => {
    const before = await count('workgroups');
    for (const c of CONTROLS) {
      const res = await t.api('POST', '/usr/workgroups', {
        ...bold,
        body: { ...GROUP, name: `Taller${c}de cerámica` },
      });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(fieldsOf(res.json()), JSON.stringify(c)).toContain('name');
    }
    expect(await count('workgroups')).toBe(before);
  });

  it('says so in the request language, naming the field', async () => {
    const messages = await Promise.all(
      ['es', 'en', 'ca'].map(
        async (language) =>
          (
            await t.api('POST', '/usr/workgroups', {
              ...bold,
              language,
              body: { ...GROUP, name: 'Taller\nde cerámica' },
            })
          ).json().errors[0].message as string,
      ),
    );
    expect(new Set(messages).size).toBe(3);
    for (const message of messages) {
      expect(message).toContain('name');
      expect(message).not.toMatch(/^validation\.|x-text|must pass/);
    }
  });

  it('NUL in a long text answers 400 naming it, and nothing is written', async () => {
    const [jobs, groups] = [await count('jobs'), await count('workgroups')];
    const offer = await t.api('POST', '/com/jobs', {
      ...company,
      body: { ...OFFER, description: `${OFFER.description}\u0000` },
    });
    expect(offer.statusCode).toBe(400);
    expect(fieldsOf(offer.json())).toContain('description');
    const group = await t.api('POST', '/usr/workgroups', {
      ...bold,
      body: { ...GROUP, description: `${GROUP.description}\u0000` },
    });
    expect(group.statusCode).toBe(400);
    expect(fieldsOf(group.json())).toContain('description');
    const about = await t.api('PATCH', '/usr/users/me', { ...bold, body: { about_me: 'Hola\u0000' } });
    expect(about.statusCode).toBe(400);
    expect(fieldsOf(about.json())).toContain('about_me');
    expect([await count('jobs'), await count('workgroups')]).toEqual([jobs, groups]);
  });

  it('a long text keeps its line breaks and tabs', async () => {
    const description = 'Design the next line of lamps.\r\nWith our engineering team:\n\t- in Barcelona';
    const offer = await t.api('POST', '/com/jobs', { ...company, body: { ...OFFER, description } });
    expect(offer.statusCode, offer.body).toBe(201);
    const row = await t.app.db
      .selectFrom('jobs')
      .select('description')
      .where('hash', '=', offer.json().hash)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(description);
    const group = await t.api('POST', '/usr/workgroups', {
      ...bold,
      body: { ...GROUP, name: 'Taller de vidrio', description: `${GROUP.description}\n\nSegunda línea.` },
    });
    expect(group.statusCode, group.body).toBe(201);
    const about = await t.api('PATCH', '/usr/users/me', { ...bold, body: { about_me: 'Hola.\nSoy diseñadora.' } });
    expect(about.statusCode, about.body).toBe(200);
  });
});

describe('a post on a group wall (multipart) follows the same rules', () => {
  it('refuses NUL in a post and keeps its line breaks', async () => {
    const created = await t.api('POST', '/usr/workgroups', { ...bold, body: { ...GROUP, name: 'Taller de esmaltes' } });
    expect(created.statusCode, created.body).toBe(201);
    const hash = created.json().hash as string;
    await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', hash).execute();
    const posts = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await posts();
    const nul = await uploadAs(t, `/api/workgroups/${hash}/comments`, bold, [
      { name: 'content', data: 'Hola\u0000a todos' },
    ]);
    expect(nul.statusCode, nul.body).toBe(400);
    expect(fieldsOf(nul.json())).toContain('content');
    expect(await posts()).toBe(before);
    const lines = await uploadAs(t, `/api/workgroups/${hash}/comments`, bold, [
      { name: 'content', data: 'Hola a todos.\r\nSegunda línea.' },
    ]);
    expect(lines.statusCode, lines.body).toBe(201);
    expect(await posts()).toBe(before + 1);
  });
});

describe('every message is translated (issue 23 §8)', () => {
  it("another company's offer answers 404 with a message, not its key", async () => {
    const other = await t.app.db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select('jobs.hash')
      .where('companies.email', '!=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    for (const language of ['es', 'en', 'ca']) {
      const res = await t.api('GET', `/com/jobs/${other.hash}/users`, { ...company, language });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('offers.notFound');
      expect(res.json().message).not.toBe('offers.notFound');
    }
  });
});

describe('signed file links', () => {
  async function cvLink() {
    const me = (await t.api('GET', '/usr/users/me', bold)).json();
    const url = new URL(me.cv as string, 'http://x');
    return {
      path: url.pathname,
      exp: Number(url.searchParams.get('exp')),
      by: url.searchParams.get('by')!,
      sig: url.searchParams.get('sig')!,
    };
  }
  const browse = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the link as handed out', async () => {
    const link = await cvLink();
    const res = await browse(`${link.path}?exp=${link.exp}&by=${link.by}&sig=${link.sig}`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a correctly signed link whose expiry is further away than links are handed out for', async () => {
    const link = await cvLink();
    const now = Math.floor(Date.now() / 1000);
    for (const exp of [now + 3600, now + 86_400 * 365, now + FILE_LINK_TTL_SECONDS + 120]) {
      const sig = sign(t.app.config.secretKey, link.path, link.by, exp);
      const res = await browse(`${link.path}?exp=${exp}&by=${link.by}&sig=${sig}`);
      expect(res.statusCode, String(exp - now)).toBe(403);
      expect(res.json().code).toBe('files.linkInvalid');
    }
  });

  it('refuses another spelling of a valid link: padding, leading zeros, a plus sign', async () => {
    const link = await cvLink();
    const spellings = [
      `exp=${link.exp}&by=${link.by}&sig=${link.sig}=`,
      `exp=0${link.exp}&by=${link.by}&sig=${link.sig}`,
      `exp=00${link.exp}&by=${link.by}&sig=${link.sig}`,
      `exp=%2B${link.exp}&by=${link.by}&sig=${link.sig}`,
      `exp=${link.exp}.0&by=${link.by}&sig=${link.sig}`,
      `exp=${link.exp}&by=${link.by}&sig=${link.sig}%3D`,
      `exp=${link.exp}&by=${link.by}&sig=${link.sig}==`,
    ];
    for (const query of spellings) {
      const res = await browse(`${link.path}?${query}`);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, query).toBeLessThan(500);
      expect(res.statusCode, query).not.toBe(200);
    }
    // the signature's last character carries two spare bits: another letter decoding to the same bytes is refused too
    const last = link.sig.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[(alphabet.indexOf(last) & ~3) + ((alphabet.indexOf(last) & 3) === 0 ? 1 : 0)]!;
    expect(Buffer.from(`${link.sig.slice(0, -1)}${twin}`, 'base64url')).toEqual(Buffer.from(link.sig, 'base64url'));
    const res = await browse(`${link.path}?exp=${link.exp}&by=${link.by}&sig=${link.sig.slice(0, -1)}${twin}`);
    expect(res.statusCode).toBe(403);
  });
});
