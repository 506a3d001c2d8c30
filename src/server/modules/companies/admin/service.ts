/**
 * The company validation queue (issue 11 §2) on the member queue's pattern: companies move along the same table
 * as members (src/shared/memberMoves.ts: PENDING → VALIDATED | REJECTED, VALIDATED ⇄ DISABLED), one guarded
 * UPDATE, an audit row and an e-mail to the contact in the company's language in one transaction; rejecting or
 * disabling ends the company's sessions.
 */
import { decideEach } from '../../admin/decideEach';
import { AppError } from '../../../errors';
import { listResult, pageWindow } from '../../../lib/lists';
import { nowIso } from '../../../lib/ids';
import { isLocale } from '../../../../shared/constants';
import { COMPANY_ACTIONS, MEMBER_MOVES, canMoveMember, type MemberStatus } from '../../../../shared/memberMoves';
import { localizePath } from '../../../../shared/routes';
import { revokeAllSessions } from '../../auth/service';
import { enqueueMail } from '../../mail/outbox';
import * as audit from '../../audit/service';
import { checkReason, type Decision } from '../../users/admin/service';
import * as repo from './repository';
import type { ServiceContext } from '../../../serviceContext';

export interface CompaniesQuery {
  status?: string;
  text?: string;
  page?: number;
  size?: number;
}

function present(row: repo.AdminCompanyRow) {
  return { ...row, offers: Number(row.offers ?? 0), moves: [...(MEMBER_MOVES[row.status as MemberStatus] ?? [])] };
}

export async function list(ctx: ServiceContext, query: CompaniesQuery) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const filter = { status: query.status, text: query.text };
  const [total, rows] = await Promise.all([
    repo.countCompanies(db, filter),
    repo.pageCompanies(db, filter, size, offset),
  ]);
  return listResult(rows.map(present), total, size);
}

export async function detail(ctx: ServiceContext, hash: string) {
  const { db } = ctx;
  const row = await repo.findCompany(db, hash);
  if (!row) throw AppError.notFound();
  return present(row);
}

export async function decide(ctx: ServiceContext, hash: string, decision: Decision) {
  const { db, config, actor: admin, lng } = ctx;
  const reason = checkReason(lng, decision);
  const to = decision.status;
  await db.transaction().execute(async (trx) => {
    const company = await repo.findCompany(trx, hash);
    if (!company) throw AppError.notFound();
    if (!canMoveMember(company.status, to)) throw new AppError(409, 'admin.illegalMove', { from: company.status, to });
    if (!(await repo.moveStatus(trx, hash, company.status, { status: to, updated_at: nowIso() })))
      throw new AppError(409, 'admin.alreadyDecided');
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: admin.hash!,
        action: COMPANY_ACTIONS[to],
        targetType: 'company',
        targetHash: hash,
        data: {
          from: company.status,
          to,
          reason,
          label: company.company_name,
          email: company.email,
          admin_email: admin.email,
        },
      },
    );
    const language = isLocale(company.language) ? company.language : 'es';
    const name = company.contact_name;
    if (to === 'VALIDATED') {
      const link = `${config.publicUrl.replace(/\/$/, '')}${localizePath('company.login', language)}`;
      await enqueueMail(trx, { to: company.email, language, template: 'company.validated', data: { name, link } });
    } else if (to === 'REJECTED') {
      await enqueueMail(trx, { to: company.email, language, template: 'account.rejected', data: { name, reason } });
    } else {
      await enqueueMail(trx, {
        to: company.email,
        language,
        template: 'account.disabled',
        data: reason ? { name, reason } : { name },
      });
    }
    if (to !== 'VALIDATED') await revokeAllSessions({ ...ctx, db: trx }, 'company', hash);
  });
  return detail(ctx, hash);
}

export async function decideMany(ctx: ServiceContext, hashes: string[], decision: Decision) {
  checkReason(ctx.lng, decision);
  return decideEach(hashes, ctx.lng, (hash) => decide(ctx, hash, decision));
}
