/**
 * Password recovery for members and companies (issue 8 §6, DESIGN §4b), one code for both:
 * - request: the same answer whether or not the address has an account, with the same work done
 *   (a token is made and hashed either way); a validated account gets a single-use link valid one hour
 *   to the recovery page in its language; an imported member who has not accepted their invitation yet gets the
 *   invitation again instead (a new week's link), since a recovery link would skip its consent step;
 * - reset: uses the token once, sets the password, ends every session and every other recovery link,
 *   and tells the owner by e-mail — all in one transaction.
 */
import type { Db } from '../../db/dialect';
import type { ServiceContext } from '../../serviceContext';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newSecret, nowIso, sha256 } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { revokeAllSessions } from '../auth/service';
import { enqueueMail } from '../mail/outbox';
import * as repo from './repository';
import { findPending } from '../memberImport/invitationsRepository';
import { resendInvitation } from '../memberImport/invitations';
import { RECOVERY_TTL_MS, consumeOrFail, invalidToken, issueToken } from './tokens';

export type RecoveryKind = 'user' | 'company';

const TABLE: Record<RecoveryKind, repo.AccountTable> = { user: 'users', company: 'companies' };
const PAGE: Record<RecoveryKind, string> = { user: 'user.recovery', company: 'company.recovery' };

export async function requestRecovery(
  db: Db,
  config: Config,
  kind: RecoveryKind,
  input: { email: string },
): Promise<{ ok: true }> {
  const email = input.email.trim().toLowerCase();
  const account = await repo.findForRecovery(db, TABLE[kind], { email });
  if (!account || account.status !== 'VALIDATED') {
    sha256(newSecret()); // the work a known address costs, so the timing says nothing either
    return { ok: true };
  }
  const language: Locale = isLocale(account.language) ? account.language : DEFAULT_LOCALE;
  await db.transaction().execute(async (trx) => {
    const invited = kind === 'user' ? await findPending(trx, account.hash) : undefined;
    if (invited) return resendInvitation(trx, config, invited);
    const token = await issueToken(trx, 'recovery', kind, account.hash, RECOVERY_TTL_MS);
    const link = `${config.publicUrl}${localizePath(PAGE[kind], language)}?token=${token}`;
    await enqueueMail(trx, {
      to: account.email,
      language,
      template: 'account.recovery',
      data: { name: account.name, link },
    });
  });
  return { ok: true };
}

export interface Reset {
  token: string;
  password: string;
  password_repeat: string;
}

export async function resetPassword(ctx: ServiceContext, kind: RecoveryKind, input: Reset): Promise<{ ok: true }> {
  const { db, lng } = ctx;
  if (input.password_repeat !== input.password) {
    throw AppError.badRequest('validation.failed', [
      { field: 'password_repeat', message: translate(lng, 'accounts.passwordMismatch') },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const row = await consumeOrFail(trx, 'recovery', input.token, lng, now);
    const account =
      row.actor_type === kind ? await repo.findForRecovery(trx, TABLE[kind], { hash: row.actor_hash }) : undefined;
    // a company's link on the member page (or an account disabled since) is no link at all
    if (!account || account.status !== 'VALIDATED') throw invalidToken(lng);
    await repo.setPassword(trx, TABLE[kind], account.hash, passwordHash, now);
    await repo.useUpTokens(trx, 'recovery', kind, account.hash, now);
    await revokeAllSessions({ ...ctx, db: trx }, kind, account.hash);
    const language: Locale = isLocale(account.language) ? account.language : DEFAULT_LOCALE;
    await enqueueMail(trx, {
      to: account.email,
      language,
      template: 'account.passwordChanged',
      data: { name: account.name },
    });
  });
  return { ok: true };
}
