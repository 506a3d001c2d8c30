/**
 * The alumni validation queue (issue 8 §4, DESIGN §4b "Back office"). A decision moves a member along
 * src/shared/memberMoves.ts with one guarded UPDATE; the decision, its audit row and the e-mail to the
 * member (in their language) are written in ONE transaction; rejecting or disabling ends every session.
 */
import { decideEach } from '../../admin/decideEach';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { listResult, pageWindow, type ListResult } from '../../../lib/lists';
import { newHash, nowIso } from '../../../lib/ids';
import { isLocale, type Locale } from '../../../../shared/constants';
import {
  canMoveMember,
  MEMBER_ACTIONS,
  REASON_REQUIRED,
  type MemberDecision,
  type MemberStatus,
} from '../../../../shared/memberMoves';
import { localizePath } from '../../../../shared/routes';
import { revokeAllSessions } from '../../auth/service';
import { enqueueMail } from '../../mail/outbox';
import * as audit from '../../audit/service';
import * as repo from './repository';
import type { Conn } from '../../../db/conn';
import { readMembershipTerms } from '../../init/repository';
import { presentDetail, presentListItem } from './presenter';
import type { ServiceContext } from '../../../serviceContext';

export interface UsersQuery {
  status?: MemberStatus;
  text?: string;
  page?: number;
  size?: number;
}

export interface Decision {
  status: MemberDecision;
  reason?: string;
}

export async function list(
  ctx: ServiceContext,
  query: UsersQuery,
): Promise<ListResult<ReturnType<typeof presentListItem>>> {
  const { db, lng } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const filter = { status: query.status, text: query.text };
  const [total, rows] = await Promise.all([repo.countUsers(db, filter), repo.pageUsers(db, filter, size, offset)]);
  return listResult(
    rows.map((row) => presentListItem(row, lng)),
    total,
    size,
  );
}

export async function detail(ctx: ServiceContext, hash: string) {
  const { db, lng } = ctx;
  const row = await repo.findUser(db, hash);
  if (!row) throw AppError.notFound();
  const history = (await audit.list(ctx, { target: hash, size: 50 })).items;
  return presentDetail(row, lng, history);
}

/** The reason, trimmed; a 400 naming `reason` when the decision needs one and none was given. */
export function checkReason(lng: Locale, decision: Decision): string | null {
  const reason = decision.reason?.trim() || null;
  if (!reason && REASON_REQUIRED.includes(decision.status)) {
    throw AppError.badRequest('validation.failed', [
      { field: 'reason', message: translate(lng, 'admin.reasonRequired') },
    ]);
  }
  return reason;
}

function addMonths(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

async function startFreePeriod(trx: Conn, userHash: string, until: string, now: Date) {
  const [card, member, terms] = await Promise.all([
    trx.selectFrom('cards').select('hash').where('user_hash', '=', userHash).executeTakeFirst(),
    trx.selectFrom('users').select('iban').where('hash', '=', userHash).executeTakeFirst(),
    readMembershipTerms(trx),
  ]);
  const method = !card && member?.iban ? 'DEBIT' : 'CARD';
  await trx
    .insertInto('subscriptions')
    .values({
      hash: newHash(),
      user_hash: userHash,
      card_hash: null,
      status: 'ACTIVE',
      amount_cents: Math.round(terms.priceEuros * 100),
      current_period_end: until,
      period_start: nowIso(now),
      next_charge_at: until,
      created_at: nowIso(now),
      cancelled_at: null,
      method,
      renew: 1,
      failures: 0,
      last_failure: null,
    })
    .execute();
}

export async function decide(ctx: ServiceContext, hash: string, decision: Decision) {
  const { db, actor: admin, lng } = ctx;
  const reason = checkReason(lng, decision);
  await db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, hash);
    if (!user) throw AppError.notFound();
    await moveMember({ ...ctx, db: trx }, user, decision.status, reason, {
      hash: admin.hash!,
      email: admin.email ?? null,
    });
  });
  return detail(ctx, hash);
}

/**
 * One member's move inside the caller's transaction: the guarded UPDATE, a Bold registration's free period, the
 * audit row and the e-mail in the member's language. Also used by the automatic validation against the school's
 * records (schoolRecords/autoValidation.ts), whose `by` is the system.
 */
export async function moveMember(
  ctx: ServiceContext,
  user: repo.AdminUserRow,
  to: MemberDecision,
  reason: string | null,
  by: { hash: string; email: string | null },
): Promise<void> {
  const { db: trx, config, lng } = ctx;
  const hash = user.hash;
  if (!canMoveMember(user.status, to)) throw new AppError(409, 'admin.illegalMove', { from: user.status, to });
  const now = new Date();
  const changes: Parameters<typeof repo.moveStatus>[3] = { status: to, updated_at: nowIso(now) };
  // A Bold registration starts its free period when it is validated (role GRATIS, issue 8 §5).
  const asked = presentListItem(user, lng).requested_role;
  if (to === 'VALIDATED' && user.status === 'PENDING' && asked === 'BOLD') {
    changes.role = 'GRATIS';
    changes.subscription_end = nowIso(addMonths(now, await repo.readFreePeriodMonths(trx)));
  }
  // guarded: only if nobody moved the member since it was read
  if (!(await repo.moveStatus(trx, hash, user.status, changes))) throw new AppError(409, 'admin.alreadyDecided');
  // the free period's subscription: charged when it ends (card, else direct debit when an account was given)
  if (changes.role === 'GRATIS' && changes.subscription_end)
    await startFreePeriod(trx, hash, changes.subscription_end, now);

  const label = [user.name, user.surname1, user.surname2].filter(Boolean).join(' ');
  await audit.record(
    { ...ctx, db: trx },
    {
      adminHash: by.hash,
      action: MEMBER_ACTIONS[to],
      targetType: 'user',
      targetHash: hash,
      data: { from: user.status, to, reason, label, email: user.email, admin_email: by.email },
      at: nowIso(now),
    },
  );
  const language = isLocale(user.language) ? user.language : 'es';
  const name = user.name;
  if (to === 'VALIDATED') {
    const link = `${config.publicUrl.replace(/\/$/, '')}${localizePath('user.login', language)}`;
    await enqueueMail(trx, { to: user.email, language, template: 'account.validated', data: { name, link } });
  } else if (to === 'REJECTED') {
    await enqueueMail(trx, { to: user.email, language, template: 'account.rejected', data: { name, reason } });
  } else {
    await enqueueMail(trx, {
      to: user.email,
      language,
      template: 'account.disabled',
      data: reason ? { name, reason } : { name },
    });
  }
  if (to === 'REJECTED' || to === 'DISABLED') await revokeAllSessions({ ...ctx, db: trx }, 'user', hash);
}

/** The same rule for each member, each in its own transaction: one refusal does not undo the others. */
export async function decideMany(ctx: ServiceContext, hashes: string[], decision: Decision) {
  checkReason(ctx.lng, decision);
  return decideEach(hashes, ctx.lng, (hash) => decide(ctx, hash, decision));
}
