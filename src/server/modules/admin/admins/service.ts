import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { newHash, newSecret, nowIso, sha256 } from '../../../lib/ids';
import { hashPassword } from '../../../lib/password';
import type { Locale } from '../../../../shared/constants';
import { enqueueMail } from '../../mail/outbox';
import { record } from '../../audit/service';
import { type ServiceContext } from '../../../serviceContext';

const INVITE_DAYS = 7;
/** The password of an administrator who has not accepted their invitation: no password verifies against it. */
const NO_PASSWORD = '!invited';

export async function list(ctx: ServiceContext) {
  const { db } = ctx;
  const rows = await db
    .selectFrom('admins')
    .select(['hash', 'email', 'name', 'created_at', 'totp_enabled_at', 'password_hash'])
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map(({ password_hash, totp_enabled_at, ...row }) => ({
    ...row,
    totp: totp_enabled_at !== null,
    invited: password_hash === NO_PASSWORD,
  }));
}

export async function invite(ctx: ServiceContext, body: { email: string; name: string; language: Locale }) {
  const { db, config, actor, lng } = ctx;
  const email = body.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('admins').select('hash').where('email', '=', email).executeTakeFirst();
    if (taken)
      throw AppError.badRequest('validation.failed', [
        { field: 'email', message: translate(lng, 'admin.admins.emailTaken') },
      ]);
    const hash = newHash();
    const now = nowIso();
    await trx
      .insertInto('admins')
      .values({ hash, email, name: body.name.trim(), password_hash: NO_PASSWORD, created_at: now })
      .execute();
    const token = newSecret();
    await trx
      .insertInto('account_tokens')
      .values({
        hash: newHash(),
        purpose: 'admin_invite',
        token_hash: sha256(token),
        actor_type: 'admin',
        actor_hash: hash,
        expires_at: new Date(Date.now() + INVITE_DAYS * 86_400_000).toISOString(),
        used_at: null,
        created_at: now,
      })
      .execute();
    const inviter = await trx.selectFrom('admins').select('name').where('hash', '=', actor.hash!).executeTakeFirst();
    await enqueueMail(trx, {
      to: email,
      language: body.language,
      template: 'admin.invite',
      data: {
        name: body.name.trim(),
        member: inviter?.name ?? '',
        link: `${config.publicUrl}/${body.language}/admin/invite/${token}`,
      },
    });
    await record(
      { ...ctx, db: trx },
      {
        adminHash: actor.hash!,
        action: 'admin.invited',
        targetType: 'admin',
        targetHash: hash,
        data: { label: email },
        at: now,
      },
    );
    return { hash, email, name: body.name.trim(), created_at: now, totp: false, invited: true };
  });
}

/** The invited administrator chooses a password with the e-mailed token (single use). */
export async function accept(ctx: ServiceContext, body: { token: string; password: string; password_repeat: string }) {
  const { db, lng } = ctx;
  if (body.password !== body.password_repeat)
    throw AppError.badRequest('validation.failed', [
      { field: 'password_repeat', message: translate(lng, 'accounts.passwordMismatch') },
    ]);
  const passwordHash = await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const used = await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(body.token))
      .where('purpose', '=', 'admin_invite')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['actor_hash'])
      .executeTakeFirst();
    if (!used) throw AppError.rule('admin.admins.inviteInvalid');
    const admin = await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash })
      .where('hash', '=', used.actor_hash)
      .where('removed_at', 'is', null)
      .returning(['email'])
      .executeTakeFirst();
    if (!admin) throw AppError.rule('admin.admins.inviteInvalid');
    return { email: admin.email };
  });
}

export async function remove(ctx: ServiceContext, hash: string) {
  const { db, actor } = ctx;
  if (hash === actor.hash) throw new AppError(409, 'admin.admins.notYourself');
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('admins')
      .select(['hash', 'email'])
      .where('hash', '=', hash)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!admin) throw AppError.notFound();
    const left = await trx
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(left.n) <= 1) throw new AppError(409, 'admin.admins.lastOne');
    const now = nowIso();
    // guarded: two administrators removing each other at once cannot leave none
    await trx
      .updateTable('admins')
      .set({ removed_at: now, password_hash: NO_PASSWORD, totp_secret: null, recovery_codes: null })
      .where('hash', '=', hash)
      .where('removed_at', 'is', null)
      .execute();
    const still = await trx
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(still.n) < 1) throw new AppError(409, 'admin.admins.lastOne');
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('actor_type', '=', 'admin')
      .where('actor_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .execute();
    await record(
      { ...ctx, db: trx },
      {
        adminHash: actor.hash!,
        action: 'admin.removed',
        targetType: 'admin',
        targetHash: hash,
        data: { label: admin.email },
        at: now,
      },
    );
    return { ok: true };
  });
}
