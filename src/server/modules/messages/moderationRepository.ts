/** The moderation queue's reads and writes over message_reports (035, 037). */
import { sql } from 'kysely';
import type { Conn } from '../../db/conn';

export type ReportStatus = 'open' | 'resolved';
/** How many messages of the conversation are shown before and after the reported one. */
export const CONTEXT_AROUND = 3;

const open = (status: ReportStatus) => (status === 'open' ? 'is' : 'is not');

export async function countReports(db: Conn, status: ReportStatus): Promise<number> {
  const row = await db
    .selectFrom('message_reports')
    .select(sql<number>`count(*)`.as('n'))
    .where('resolved_at', open(status), null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const reportColumns = (db: Conn) =>
  db
    .selectFrom('message_reports as r')
    .innerJoin('messages as m', 'm.hash', 'r.message_hash')
    .select([
      'r.hash',
      'r.created_at',
      'r.reason',
      'r.reporter_type',
      'r.reporter_hash',
      'r.resolution',
      'r.resolved_at',
      'm.hash as message_hash',
      'm.conversation_hash',
      'm.sender_type',
      'm.sender_hash',
      'm.body',
      'm.erased_at',
      'm.created_at as message_at',
    ]);
export type ReportRow = Awaited<ReturnType<typeof findReport>> & object;

/** Open reports oldest first (the queue), resolved ones newest first (the record). */
export function pageReports(db: Conn, status: ReportStatus, size: number, offset: number) {
  return reportColumns(db)
    .where('r.resolved_at', open(status), null)
    .orderBy('r.created_at', status === 'open' ? 'asc' : 'desc')
    .orderBy('r.hash')
    .limit(size)
    .offset(offset)
    .execute();
}

export function findReport(db: Conn, hash: string) {
  return reportColumns(db).where('r.hash', '=', hash).executeTakeFirst();
}

/** The messages just before and just after one, oldest first (withheld ones too: the administrators judge all). */
export async function messagesAround(db: Conn, conversation: string, at: string, hash: string) {
  const side = (before: boolean) =>
    db
      .selectFrom('messages')
      .select(['hash', 'sender_type', 'sender_hash', 'body', 'erased_at', 'created_at'])
      .where('conversation_hash', '=', conversation)
      .where('hash', '!=', hash)
      .where('created_at', before ? '<=' : '>', at)
      .orderBy('created_at', before ? 'desc' : 'asc')
      .orderBy('hash', before ? 'desc' : 'asc')
      .limit(CONTEXT_AROUND)
      .execute();
  const [before, after] = await Promise.all([side(true), side(false)]);
  return { before: before.reverse(), after };
}

export async function reportsOfMessages(db: Conn, messages: string[]): Promise<Map<string, number>> {
  if (!messages.length) return new Map();
  const rows = await db
    .selectFrom('message_reports')
    .select(['message_hash', sql<number>`count(*)`.as('n')])
    .where('message_hash', 'in', messages)
    .groupBy('message_hash')
    .execute();
  return new Map(rows.map((r) => [r.message_hash, Number(r.n)]));
}

/** Resolves every open report of the message; answers how many (0: someone decided first). */
export async function resolveReports(db: Conn, message: string, resolution: string, by: string, at: string) {
  const result = await db
    .updateTable('message_reports')
    .set({ resolution, resolved_by: by, resolved_at: at })
    .where('message_hash', '=', message)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** E-mail, language and status of a message's writer (a member or a company). */
export async function senderAccount(db: Conn, type: string, hash: string) {
  if (type === 'user') {
    const row = await db
      .selectFrom('users')
      .select(['email', 'language', 'status', 'name', 'surname1'])
      .where('hash', '=', hash)
      .executeTakeFirst();
    return row ? { email: row.email, language: row.language, status: row.status, name: row.name } : undefined;
  }
  if (type === 'company') {
    const row = await db
      .selectFrom('companies')
      .select(['email', 'language', 'status', 'contact_name'])
      .where('hash', '=', hash)
      .executeTakeFirst();
    return row ? { email: row.email, language: row.language, status: row.status, name: row.contact_name } : undefined;
  }
  return undefined;
}
