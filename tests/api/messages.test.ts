/**
 * Messages (issue 29): every route × role, another's conversation → 404, the refusals (oneself, unknown, blocked,
 * opted out, never applied, over-long, HTML) in SPEC §8's shape and the caller's language with nothing written,
 * member / company / group administrator / association paths, archive, search, reports, account deletion and export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallOptions, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const s: Record<'regular' | 'bold' | 'gratis' | 'company' | 'admin', Session> = {} as never;
const hashes: Record<string, string> = {};
const as = (session?: Session, extra: CallOptions = {}): CallOptions => ({ token: session?.token, ...extra });

async function count(table: 'messages' | 'conversations' | 'message_blocks' | 'message_reports') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

beforeAll(async () => {
  t = await startTestApp();
  s.regular = await t.login('regular@demo.test');
  s.bold = await t.login('bold@demo.test');
  s.gratis = await t.login('gratis@demo.test');
  s.company = await t.login('company@demo.test', 'com');
  s.admin = await t.login('admin@demo.test', 'adm');
  for (const who of ['regular', 'bold', 'gratis']) hashes[who] = await userHash(`${who}@demo.test`);
});
afterAll(async () => t?.close());

const write = (session: Session, body: unknown, prefix = '/usr', language = 'en') =>
  t.api('POST', `${prefix}/messages`, { body, ...as(session), language });

describe('who may call what', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/messages'],
    ['GET', '/messages/unread'],
    ['GET', '/messages/blocks'],
    ['POST', '/messages', { to: 'abc', text: 'hi' }],
    ['GET', '/messages/abc'],
    ['POST', '/messages/abc', { text: 'hi' }],
    ['POST', '/messages/abc/read', {}],
    ['PATCH', '/messages/abc', { archived: true }],
    ['POST', '/messages/blocks', { hash: 'abc' }],
    ['POST', '/messages/blocks/remove', { hash: 'abc' }],
    ['POST', '/messages/reports/abc', { reason: 'spam spam' }],
  ];
  const owners = { '/usr': ['regular', 'bold', 'gratis'], '/com': ['company'], '/adm': ['admin'] } as const;

  it('refuses the anonymous visitor (401) and every role outside its own prefix (403)', async () => {
    let checked = 0;
    for (const [prefix, allowed] of Object.entries(owners)) {
      for (const [method, path, body] of routes) {
        const url = `${prefix}${path}`;
        expect((await t.api(method as 'GET', url, { body })).statusCode, url).toBe(401);
        for (const who of ['regular', 'bold', 'company', 'admin'] as const) {
          if ((allowed as readonly string[]).includes(who)) continue;
          const res = await t.api(method as 'GET', url, { body, ...as(s[who]) });
          expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
          checked++;
        }
      }
    }
    expect(checked).toBe(routes.length * 8); // /usr: 2 outsiders, /com and /adm: 3 each
    expect(await count('messages')).toBe(0);
  });

  it('lets each role read its own (empty) inbox', async () => {
    for (const [prefix, who] of [
      ['/usr', 'regular'],
      ['/usr', 'bold'],
      ['/com', 'company'],
      ['/adm', 'admin'],
    ] as const) {
      const res = await t.api('GET', `${prefix}/messages`, as(s[who]));
      expect(res.statusCode, `${who}`).toBe(200);
      expect(res.json()).toEqual({ items: [], total: 0, maxPages: 0 });
      expect((await t.api('GET', `${prefix}/messages/unread`, as(s[who]))).json()).toEqual({ unread: 0 });
    }
  });
});

describe('refusals, each with nothing written', () => {
  it('a message to oneself: 418 in the caller language', async () => {
    const res = await write(s.bold, { to: hashes['bold'], text: 'me' }, '/usr', 'es');
    expect(res.statusCode).toBe(418);
    expect(res.json()).toMatchObject({
      statusCode: 418,
      code: 'messages.toSelf',
      message: 'No puedes escribirte a ti mismo.',
    });
    expect(await count('messages')).toBe(0);
  });

  it('an unknown person and a Regular member who does not accept messages get the same 404', async () => {
    const unknown = await write(s.bold, { to: 'nosuchmember000', text: 'hello' }, '/usr', 'ca');
    const regular = await write(s.bold, { to: hashes['regular'], text: 'hello' }, '/usr', 'ca');
    expect(unknown.statusCode).toBe(404);
    expect(regular.statusCode).toBe(404);
    expect(regular.json()).toEqual(unknown.json());
    expect(unknown.json()).toMatchObject({
      code: 'messages.unavailable',
      message: 'No pots escriure a aquesta persona.',
    });
    expect(await count('conversations')).toBe(0);
  });

  it('over-long, blank and control-character texts: 400', async () => {
    for (const text of ['x'.repeat(4001), '   \n  ', '', 'a\u0000b']) {
      const res = await write(s.bold, { to: hashes['gratis'], text });
      expect(res.statusCode, JSON.stringify(text.slice(0, 10))).toBe(400);
      expect(res.json().statusCode).toBe(400);
    }
    expect(await count('messages')).toBe(0);
  });

  it('a member who never applied to the company: 418', async () => {
    const company = await t.app.db
      .selectFrom('companies')
      .select('hash')
      .where('email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('applicants').where('user_hash', '=', hashes['regular']!).execute();
    const res = await write(s.regular, { to: company.hash, to_type: 'company', text: 'hello' }, '/usr', 'es');
    expect(res.statusCode).toBe(418);
    expect(res.json().code).toBe('messages.neverApplied');
    expect(await count('messages')).toBe(0);
  });
});

describe('a conversation between two members', () => {
  let conversation = '';

  it('Bold writes to GRATIS (accepting by default); the text is escaped and only http(s) links are links', async () => {
    const text =
      '<script>alert(1)</script> <img src=x onerror=alert(1)> javascript:alert(1) https://example.org/a?b=1&c=2';
    const res = await write(s.bold, { to: hashes['gratis'], text });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    conversation = body.conversation.hash;
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].text).toBe(text);
    const html: string = body.messages[0].html;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<a href="https://example.org/a?b=1&amp;c=2" rel="nofollow noopener noreferrer ugc"');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('a text of exactly 4,000 characters is accepted', async () => {
    const res = await write(s.bold, { to: hashes['gratis'], text: 'y'.repeat(4000) });
    expect(res.statusCode).toBe(200);
    expect(res.json().conversation.hash).toBe(conversation); // the same conversation, reused
  });

  it('GRATIS sees the unread count, the thread, marks it read and answers', async () => {
    expect((await t.api('GET', '/usr/messages/unread', as(s.gratis))).json()).toEqual({ unread: 2 });
    const inbox = (await t.api('GET', '/usr/messages', as(s.gratis))).json();
    expect(inbox.total).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      hash: conversation,
      unread_count: 2,
      with: { type: 'user', hash: hashes['bold'] },
    });
    const thread = await t.api('GET', `/usr/messages/${conversation}`, as(s.gratis));
    expect(thread.json().messages).toHaveLength(2);
    const read = await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, ...as(s.gratis) });
    expect(read.json()).toEqual({ unread: 0 });
    const answer = await t.api('POST', `/usr/messages/${conversation}`, { body: { text: 'Hi!' }, ...as(s.gratis) });
    expect(answer.statusCode).toBe(200);
    expect((await t.api('GET', '/usr/messages/unread', as(s.bold))).json()).toEqual({ unread: 1 });
  });

  it("another person's conversation is 404 on every route, for every role", async () => {
    const calls: Array<[Session, string]> = [
      [s.regular, '/usr'],
      [s.company, '/com'],
      [s.admin, '/adm'],
    ];
    for (const [session, prefix] of calls) {
      const base = `${prefix}/messages/${conversation}`;
      expect((await t.api('GET', base, as(session))).statusCode, base).toBe(404);
      expect((await t.api('POST', base, { body: { text: 'x' }, ...as(session) })).statusCode).toBe(404);
      expect((await t.api('POST', `${base}/read`, { body: {}, ...as(session) })).statusCode).toBe(404);
      expect((await t.api('PATCH', base, { body: { archived: true }, ...as(session) })).statusCode).toBe(404);
    }
    const [message] = await t.app.db.selectFrom('messages').select('hash').limit(1).execute();
    expect(message).toBeDefined();
    const report = await t.api('POST', `/usr/messages/reports/${message!.hash}`, {
      body: { reason: 'not mine' },
      ...as(s.regular),
    });
    expect(report.statusCode).toBe(404);
    expect(await count('message_reports')).toBe(0);
  });

  it('archive, search, and report the other party’s message (not one’s own)', async () => {
    const archived = await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: true }, ...as(s.bold) });
    expect(archived.json().conversation.archived).toBe(true);
    expect((await t.api('GET', '/usr/messages', as(s.bold))).json().total).toBe(0);
    expect((await t.api('GET', '/usr/messages?archived=true', as(s.bold))).json().total).toBe(1);
    await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: false }, ...as(s.bold) });
    expect((await t.api('GET', '/usr/messages?q=HI!', as(s.bold))).json().total).toBe(1);
    expect((await t.api('GET', '/usr/messages?q=nothing-like-this', as(s.bold))).json().total).toBe(0);
    const thread = (await t.api('GET', `/usr/messages/${conversation}`, as(s.bold))).json();
    const theirs = thread.messages.find((m: { mine: boolean }) => !m.mine);
    const own = thread.messages.find((m: { mine: boolean }) => m.mine);
    const bad = await t.api('POST', `/usr/messages/reports/${own.hash}`, { body: { reason: 'myself' }, ...as(s.bold) });
    expect(bad.statusCode).toBe(404);
    const ok = await t.api('POST', `/usr/messages/reports/${theirs.hash}`, { body: { reason: 'rude' }, ...as(s.bold) });
    expect(ok.statusCode).toBe(200);
    expect(await count('message_reports')).toBe(1);
  });

  it('a block: the blocked member is not told — a reply is accepted but never reaches the blocker', async () => {
    const blocked = await t.api('POST', '/usr/messages/blocks', { body: { hash: hashes['bold'] }, ...as(s.gratis) });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().items).toHaveLength(1);
    const before = (await t.api('GET', '/usr/messages/unread', as(s.gratis))).json().unread;
    const reply = await t.api('POST', `/usr/messages/${conversation}`, {
      body: { text: 'still there?' },
      ...as(s.bold),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().messages.at(-1).text).toBe('still there?');
    expect((await t.api('GET', '/usr/messages/unread', as(s.gratis))).json().unread).toBe(before);
    const theirs = (await t.api('GET', `/usr/messages/${conversation}`, as(s.gratis))).json();
    expect(theirs.messages.map((m: { text: string }) => m.text)).not.toContain('still there?');
    // the blocker cannot write until they unblock
    const mine = await t.api('POST', `/usr/messages/${conversation}`, { body: { text: 'x' }, ...as(s.gratis) });
    expect(mine.statusCode).toBe(418);
    expect(mine.json().code).toBe('messages.youBlocked');
  });

  it('a first message to someone who blocked me answers like an unknown person', async () => {
    await t.api('PATCH', '/usr/users', { body: { accepts_messages: true }, ...as(s.regular) });
    await t.api('POST', '/usr/messages/blocks', { body: { hash: hashes['bold'] }, ...as(s.regular) });
    const before = await count('messages');
    const res = await write(s.bold, { to: hashes['regular'], text: 'hello' });
    const unknown = await write(s.bold, { to: 'nosuchmember000', text: 'hello' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    expect(await count('messages')).toBe(before);
    await t.api('POST', '/usr/messages/blocks/remove', { body: { hash: hashes['bold'] }, ...as(s.regular) });
    expect((await write(s.bold, { to: hashes['regular'], text: 'hello' })).statusCode).toBe(200);
  });
});

describe('groups, companies and the association', () => {
  it("a group's administrator writes to a member who asked to join, even one who does not accept messages", async () => {
    await t.api('PATCH', '/usr/users', { body: { accepts_messages: false }, ...as(s.regular) });
    const me = (await t.api('GET', '/usr/users/me', as(s.regular))).json();
    expect(me.accepts_messages).toBe(false);
    await t.app.db.deleteFrom('conversations').execute();
    expect((await write(s.gratis, { to: hashes['regular'], text: 'hola' })).statusCode).toBe(404);
    const group = await t.app.db.selectFrom('workgroups').select('hash').limit(1).executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('workgroups')
      .set({ admin_hash: hashes['gratis']! })
      .where('hash', '=', group.hash)
      .execute();
    await t.app.db
      .insertInto('workgroup_members')
      .values({
        hash: 'msgjoinrequest0001',
        workgroup_hash: group.hash,
        user_hash: hashes['regular']!,
        status: 'PENDING',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await write(s.gratis, { to: hashes['regular'], text: 'about your request' })).statusCode).toBe(200);
  });

  it('a company writes to a candidate of its offer, who answers; another company’s application is 404', async () => {
    const company = await t.app.db
      .selectFrom('companies')
      .select('hash')
      .where('email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    const [job, otherJob] = await Promise.all([
      t.app.db.selectFrom('jobs').select('hash').where('company_hash', '=', company.hash).executeTakeFirstOrThrow(),
      t.app.db.selectFrom('jobs').select('hash').where('company_hash', '!=', company.hash).executeTakeFirstOrThrow(),
    ]);
    const now = new Date().toISOString();
    await t.app.db
      .deleteFrom('applicants')
      .where('user_hash', '=', hashes['bold']!)
      .where('job_hash', 'in', [job.hash, otherJob.hash])
      .execute();
    for (const [hash, jobHash] of [
      ['msgapplication0001', job.hash],
      ['msgapplication0002', otherJob.hash],
    ] as const)
      await t.app.db
        .insertInto('applicants')
        .values({
          hash,
          job_hash: jobHash,
          user_hash: hashes['bold']!,
          status: 'PENDING',
          created_at: now,
          updated_at: now,
        })
        .execute();
    const other = await write(s.company, { application: 'msgapplication0002', text: 'hi' }, '/com');
    expect(other.statusCode).toBe(404);
    const res = await write(s.company, { application: 'msgapplication0001', text: 'Interview on Monday?' }, '/com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation).toMatchObject({ kind: 'APPLICATION', application: 'msgapplication0001' });
    // "My applications" shows the conversation beside the application, with its unread count (the candidate answers
    // from there); an application without one says null
    const applications = await t.api('GET', '/api/jobs?subscribed_by_me=true&size=50', as(s.bold));
    expect(applications.statusCode, applications.body).toBe(200);
    const mine = applications.json().items as Array<{ hash: string; conversation: unknown }>;
    expect(mine.find((item) => item.hash === job.hash)?.conversation).toEqual({
      hash: res.json().conversation.hash,
      unread: 1,
    });
    const others = mine.filter((item) => item.hash !== job.hash);
    expect(others.length).toBeGreaterThan(0);
    for (const item of others) expect(item.conversation).toBeNull();
    const inbox = (await t.api('GET', '/usr/messages', as(s.bold))).json();
    const line = inbox.items.find((i: { kind: string }) => i.kind === 'APPLICATION');
    expect(line).toMatchObject({ with: { type: 'company', hash: company.hash }, unread_count: 1 });
    const answer = await t.api('POST', `/usr/messages/${line.hash}`, { body: { text: 'Yes' }, ...as(s.bold) });
    expect(answer.statusCode).toBe(200);
    expect((await t.api('GET', '/com/messages/unread', as(s.company))).json()).toEqual({ unread: 1 });
    // the candidate may also start from their side: the same conversation
    const again = await write(s.bold, { to: company.hash, to_type: 'company', text: 'One more thing' });
    expect(again.statusCode).toBe(200);
  });

  it('the association writes to anyone, whatever their setting', async () => {
    const res = await write(s.admin, { to: hashes['regular'], text: 'A word from the association' }, '/adm');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation.kind).toBe('ADMIN');
    const inbox = (await t.api('GET', '/usr/messages', as(s.regular))).json();
    expect(inbox.items.some((i: { with: { type: string } }) => i.with.type === 'admin')).toBe(true);
  });
});

describe('leaving', () => {
  it('the export holds the member’s conversations; deleting the account blanks their text for the others', async () => {
    const exported = await t.api('GET', '/usr/users/me/export', as(s.regular));
    expect(exported.statusCode).toBe(200);
    const conversationHash = (
      await t.app.db
        .selectFrom('conversation_participants')
        .select('conversation_hash')
        .where('party_hash', '=', hashes['gratis']!)
        .executeTakeFirstOrThrow()
    ).conversation_hash;
    const deleted = await t.api('DELETE', '/usr/users/me', { body: { password: 'demo-password' }, ...as(s.gratis) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const thread = (await t.api('GET', `/usr/messages/${conversationHash}`, as(s.regular))).json();
    const theirs = thread.messages.filter((m: { mine: boolean }) => !m.mine);
    expect(theirs.length).toBeGreaterThan(0);
    for (const message of theirs)
      expect(message).toMatchObject({ text: '', html: '', erased: true, sender: { name: null } });
    const reply = await t.api('POST', `/usr/messages/${conversationHash}`, { body: { text: 'bye' }, ...as(s.regular) });
    expect(reply.statusCode).toBe(418);
    expect(reply.json().code).toBe('messages.formerMember');
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_SCALE: '0.5' }); // 10 a minute, 20 first messages a day
  });
  afterAll(async () => limited?.close());

  it('a flood from one account is refused with 429 in the caller language, nothing written', async () => {
    const bold = await limited.login('bold@demo.test');
    const gratis = (
      await limited.app.db
        .selectFrom('users')
        .select('hash')
        .where('email', '=', 'gratis@demo.test')
        .executeTakeFirstOrThrow()
    ).hash;
    const send = () =>
      limited.api('POST', '/usr/messages', { body: { to: gratis, text: 'flood' }, token: bold.token, language: 'es' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send()).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ statusCode: 429, code: 'rateLimited' });
    expect(third.json().message).toMatch(/^Demasiadas peticiones/);
    const n = await limited.app.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(10);
  });
});
