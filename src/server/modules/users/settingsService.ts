/**
 * Password and e-mail of the signed-in member. A password change needs the old one, ends every other
 * session (revokeOtherSessions) and mails passwordChanged. An e-mail change sends a single-use link
 * (account_tokens, purpose email_change, valid 24 h) to the NEW address; the address changes only when
 * the link is followed, and only if no other account took it meanwhile.
 */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, newSecret, nowIso, sha256 } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Actor } from '../../types';
import type { Locale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { findUser } from '../auth/repository';
import { enqueueMail } from '../mail/outbox';
import * as repo from './profileRepository';
import type { UserEmail as EmailChange, UserPassword as PasswordChange } from '../../../shared/schema-types';
import { type ServiceContext } from '../../serviceContext';

export type { UserPassword as PasswordChange, UserEmail as EmailChange } from '../../../shared/schema-types';

const EMAIL_CHANGE_HOURS = 24;
const fieldError = (lng: Locale, field: string, key: string) =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, key, { field }) }]);

async function signedInUser(ctx: ServiceContext, actor: Actor) {
  const user = actor.type === 'user' && actor.hash ? await findUser(ctx.db, actor.hash) : undefined;
  if (!user) throw AppError.unauthorized();
  return user;
}

export async function changePassword(ctx: ServiceContext, body: PasswordChange) {
  const { actor, lng } = ctx;
  const user = await signedInUser(ctx, actor);
  if (!(await verifyPassword(body.old_password, user.password_hash)))
    throw fieldError(lng, 'old_password', 'profile.wrongPassword');
  if (body.password !== body.password_repeat) throw fieldError(lng, 'password_repeat', 'profile.passwordsDiffer');
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.hash, { password_hash: passwordHash, updated_at: now });
    await repo.revokeOtherSessions(trx, user.hash, actor.sessionHash, now);
    await enqueueMail(trx, {
      to: user.email,
      language: user.language as Locale,
      template: 'account.passwordChanged',
      data: { name: user.name },
    });
  });
  return { ok: true };
}

export async function requestEmailChange(ctx: ServiceContext, body: EmailChange) {
  const { actor, lng } = ctx;
  const user = await signedInUser(ctx, actor);
  if (!(await verifyPassword(body.password, user.password_hash)))
    throw fieldError(lng, 'password', 'profile.wrongPassword');
  const email = body.email.trim().toLowerCase();
  if (email === user.email) throw fieldError(lng, 'email', 'profile.sameEmail');
  if (await repo.emailTaken(ctx.db, email)) throw fieldError(lng, 'email', 'profile.emailTaken');
  const token = newSecret();
  const now = new Date();
  const language = user.language as Locale;
  const link = `${ctx.config.publicUrl}${localizePath('user.profile', language)}?email_token=${encodeURIComponent(token)}`;
  await ctx.db.transaction().execute(async (trx) => {
    // one pending change at a time: an earlier link stops working
    await repo.dropEmailChanges(trx, user.hash, nowIso(now));
    await repo.insertEmailChange(trx, {
      hash: newHash(),
      purpose: 'email_change',
      token_hash: sha256(token),
      actor_type: 'user',
      actor_hash: user.hash,
      new_email: email,
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_HOURS * 3600_000).toISOString(),
      created_at: nowIso(now),
    });
    await enqueueMail(trx, { to: email, language, template: 'account.emailChange', data: { name: user.name, link } });
  });
  return { ok: true };
}

export async function confirmEmailChange(ctx: ServiceContext, token: string) {
  const { lng } = ctx;
  const now = nowIso();
  const email = await ctx.db.transaction().execute(async (trx) => {
    const change = await repo.takeEmailChange(trx, sha256(token), now);
    if (!change) throw fieldError(lng, 'token', 'profile.emailLinkInvalid');
    if (await repo.emailTaken(trx, change.new_email)) throw fieldError(lng, 'email', 'profile.emailTaken');
    await repo.updateUser(trx, change.actor_hash, {
      email: change.new_email,
      email_confirmed_at: now,
      updated_at: now,
    });
    return change.new_email;
  });
  return { ok: true, email };
}
