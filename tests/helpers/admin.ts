/** Members made on purpose for the back-office tests (each test decides on its own accounts). */
import type { TestApp } from './app';

let counter = 0;

export interface MemberOptions {
  status?: string;
  role?: string;
  language?: 'es' | 'en' | 'ca';
  requested?: 'BOLD' | 'REGULAR';
  document?: string;
  emailConfirmed?: boolean;
}

/** Inserts a member whose password is the demo password (copied from pending@demo.test). */
export async function makeMember(t: TestApp, options: MemberOptions = {}): Promise<{ hash: string; email: string }> {
  const db = t.app.db;
  const template = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'pending@demo.test')
    .executeTakeFirstOrThrow();
  counter++;
  const hash = `adm${Date.now().toString(36)}${counter}`.slice(0, 16) + Math.random().toString(36).slice(2, 6);
  const email = `queue.${hash}@example.test`;
  const now = new Date().toISOString();
  const data = {
    document_type: 'DNI',
    document_number: options.document ?? `${10000000 + counter}Z`,
    requested_role: options.requested ?? 'REGULAR',
    phone: '+34 600 000 000',
  };
  const row: Record<string, unknown> = {
    ...template,
    hash,
    email,
    status: options.status ?? 'PENDING',
    role: options.role ?? 'REGULAR',
    code_numeric: 900000 + counter + Math.floor(Math.random() * 10000) * 100,
    name: `Queue${counter}`,
    surname1: 'Tester',
    surname2: null,
    slug: null,
    language: options.language ?? 'en',
    subscription_end: null,
    search_text: `queue${counter} tester`,
    data: JSON.stringify(data),
    created_at: now,
    updated_at: now,
  };
  if ('email_confirmed_at' in template) row['email_confirmed_at'] = options.emailConfirmed ? now : null;
  await db
    .insertInto('users')
    .values(row as never)
    .execute();
  return { hash, email };
}

export async function counts(t: TestApp) {
  const db = t.app.db;
  const audit = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const mail = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revoked_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { audit: Number(audit.n), mail: Number(mail.n), revoked: Number(sessions.n) };
}

export function statusOf(t: TestApp, hash: string) {
  return t.app.db
    .selectFrom('users')
    .select(['status', 'role', 'subscription_end'])
    .where('hash', '=', hash)
    .executeTakeFirstOrThrow();
}

export function outboxFor(t: TestApp, email: string) {
  return t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();
}
