/**
 * The moderation queue (issue 29 §4): reported messages with the conversation around them, and what an administrator
 * does about one — dismiss the report, warn the sender by e-mail in the sender's language, or disable the sender's
 * account through the back office's own disable path (users/admin moveMember, companies/admin decide). Every open
 * report of the message is resolved at once, guarded, so two administrators cannot both act; each action is audited.
 */
import { AppError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { listResult, pageWindow } from '../../lib/lists';
import type { ServiceContext } from '../../serviceContext';
import { isLocale } from '../../../shared/constants';
import type { AdminMessageReportsFilter, AdminMessageReportDecision } from '../../../shared/schema-types';
import type { MESSAGE_REPORT_AUDIT_ACTIONS } from '../../../shared/audit';
import * as audit from '../audit/service';
import { decide as decideCompany } from '../companies/admin/service';
import { enqueueMail } from '../mail/outbox';
import { findUser } from '../users/admin/repository';
import { moveMember } from '../users/admin/service';
import { namesOf } from './inboxRepository';
import * as repo from './moderationRepository';
import type { Conn } from '../../db/conn';
import type { Party, PartyType } from './repository';

type Action = AdminMessageReportDecision['action'];
const RESOLUTION: Record<Action, 'DISMISSED' | 'WARNED' | 'DISABLED'> = {
  dismiss: 'DISMISSED',
  warn: 'WARNED',
  disable: 'DISABLED',
};
const AUDIT_ACTION: Record<Action, (typeof MESSAGE_REPORT_AUDIT_ACTIONS)[number]> = {
  dismiss: 'message.reportDismissed',
  warn: 'message.senderWarned',
  disable: 'message.senderDisabled',
};
const EXCERPT = 300;
type AroundRow = Awaited<ReturnType<typeof repo.messagesAround>>['before'][number];

const notFound = () => AppError.notFound('messages.reportNotFound');
const textOf = (row: { body: string; erased_at: string | null }) => (row.erased_at ? '' : row.body);
const party = (type: string, hash: string): Party => ({ type: type as PartyType, hash });
const key = (p: Party) => `${p.type}:${p.hash}`;

async function present(db: Conn, rows: repo.ReportRow[]) {
  const around = await Promise.all(
    rows.map((r) => repo.messagesAround(db, r.conversation_hash, r.message_at, r.message_hash)),
  );
  const parties = rows.flatMap((r, i) => [
    party(r.reporter_type, r.reporter_hash),
    party(r.sender_type, r.sender_hash),
    ...[...around[i]!.before, ...around[i]!.after].map((m) => party(m.sender_type, m.sender_hash)),
  ]);
  const [names, counts, accounts] = await Promise.all([
    namesOf(db, parties),
    repo.reportsOfMessages(db, [...new Set(rows.map((r) => r.message_hash))]),
    Promise.all(rows.map((r) => repo.senderAccount(db, r.sender_type, r.sender_hash))),
  ]);
  const from = (type: string, hash: string) => {
    const p = party(type, hash);
    return { ...p, name: names.get(key(p)) ?? null };
  };
  return rows.map((r, i) => {
    const reported = {
      hash: r.message_hash,
      from: from(r.sender_type, r.sender_hash),
      text: textOf(r),
      created_at: r.message_at,
      reported: true,
    };
    const line = (m: AroundRow) => ({
      hash: m.hash,
      from: from(m.sender_type, m.sender_hash),
      text: textOf(m),
      created_at: m.created_at,
      reported: false,
    });
    const account = accounts[i];
    return {
      hash: r.hash,
      created_at: r.created_at,
      reason: r.reason,
      reporter: from(r.reporter_type, r.reporter_hash),
      sender: {
        ...from(r.sender_type, r.sender_hash),
        email: account?.email ?? null,
        status: account?.status ?? null,
      },
      message: { hash: r.message_hash, conversation: r.conversation_hash, text: textOf(r), created_at: r.message_at },
      context: [...around[i]!.before.map(line), reported, ...around[i]!.after.map(line)],
      reports: counts.get(r.message_hash) ?? 1,
      resolution: r.resolution as 'DISMISSED' | 'WARNED' | 'DISABLED' | null,
      resolved_at: r.resolved_at,
    };
  });
}

export async function list(ctx: ServiceContext, query: AdminMessageReportsFilter) {
  const status = query.status ?? 'open';
  const { size, offset } = pageWindow(query, 20);
  const [total, rows] = await Promise.all([
    repo.countReports(ctx.db, status),
    repo.pageReports(ctx.db, status, size, offset),
  ]);
  return listResult(await present(ctx.db, rows), total, size);
}

export async function detail(ctx: ServiceContext, hash: string) {
  const row = await repo.findReport(ctx.db, hash);
  if (!row) throw notFound();
  return (await present(ctx.db, [row]))[0]!;
}

export async function decide(ctx: ServiceContext, hash: string, action: Action) {
  const { db, actor: admin } = ctx;
  const report = await repo.findReport(db, hash);
  if (!report) throw notFound();
  if (report.resolved_at) throw new AppError(409, 'messages.reportResolved');
  // the association's own messages are answered for by the association, not warned or disabled
  if (action !== 'dismiss' && report.sender_type === 'admin') throw new AppError(409, 'messages.associationSender');
  const account = await repo.senderAccount(db, report.sender_type, report.sender_hash);
  const now = nowIso();
  // a company is disabled by the back office's company decision (its own transaction), then the reports are resolved
  if (action === 'disable' && report.sender_type === 'company' && account?.status !== 'DISABLED')
    await decideCompany(ctx, report.sender_hash, { status: 'DISABLED' });
  await db.transaction().execute(async (trx) => {
    if (!(await repo.resolveReports(trx, report.message_hash, RESOLUTION[action], admin.hash!, now)))
      throw new AppError(409, 'messages.reportResolved');
    if (action === 'disable' && report.sender_type === 'user' && account?.status !== 'DISABLED') {
      const user = await findUser(trx, report.sender_hash);
      if (!user) throw notFound();
      await moveMember({ ...ctx, db: trx }, user, 'DISABLED', null, { hash: admin.hash!, email: admin.email ?? null });
    }
    const names = await namesOf(trx, [party(report.sender_type, report.sender_hash)]);
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: admin.hash!,
        action: AUDIT_ACTION[action],
        targetType: report.sender_type,
        targetHash: report.sender_hash,
        data: {
          label: names.get(`${report.sender_type}:${report.sender_hash}`) ?? '—',
          email: account?.email ?? null,
          admin_email: admin.email ?? null,
          reason: report.reason,
          report: report.hash,
          message: report.message_hash,
        },
        at: now,
      },
    );
    if (action === 'warn' && account)
      await enqueueMail(trx, {
        to: account.email,
        language: isLocale(account.language) ? account.language : 'es',
        template: 'message.warning',
        data: { name: account.name, excerpt: textOf(report).slice(0, EXCERPT) || '—' },
      });
  });
  return detail(ctx, hash);
}
