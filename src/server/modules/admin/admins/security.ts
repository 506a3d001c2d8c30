/**
 * An administrator's second factor: enrol (a secret shown once as a QR code, confirmed by a first code, which answers
 * the recovery codes once), turn it off (with a code), and the check at sign-in — a TOTP code works once, a recovery
 * code once. Every change is audited. In production an administrator without it is nobody's insider (plugins/context.ts, `beforeSecondFactor`).
 */
import { qrCode } from '../../../lib/qrCode';
import type { ServiceContext } from '../../../serviceContext';
import type { Config } from '../../../config';
import type { Db } from '../../../db/dialect';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { nowIso, sha256 } from '../../../lib/ids';
import type { Actor } from '../../../types';
import type { Conn } from '../../../db/conn';
import { record } from '../../audit/service';
import {
  decryptSecret,
  encryptSecret,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  stepOfCode,
} from './totp';

const findAdmin = (db: Conn, hash: string) =>
  db.selectFrom('admins').selectAll().where('hash', '=', hash).where('removed_at', 'is', null).executeTakeFirst();

async function me(db: Conn, actor: Actor) {
  const admin = actor.type === 'admin' && actor.hash ? await findAdmin(db, actor.hash) : undefined;
  if (!admin) throw AppError.unauthorized();
  return admin;
}

export async function status(db: Db, actor: Actor) {
  const admin = await me(db, actor);
  return {
    enabled: admin.totp_enabled_at !== null,
    recovery_left: admin.recovery_codes ? (JSON.parse(admin.recovery_codes) as string[]).length : 0,
  };
}

export async function setup(db: Db, config: Config, actor: Actor) {
  const admin = await me(db, actor);
  if (admin.totp_enabled_at) throw new AppError(409, 'admin.totpAlreadyOn');
  const secret = newTotpSecret();
  await db
    .updateTable('admins')
    .set({ totp_secret: encryptSecret(config.secretKey, secret), totp_last_step: null })
    .where('hash', '=', admin.hash)
    .where('totp_enabled_at', 'is', null)
    .execute();
  const otpauth = otpauthUri(admin.email, secret);
  return { secret, otpauth, qr: await (await qrCode()).toDataURL(otpauth, { margin: 1, width: 220 }) };
}

/**
 * Whether `code` is a good second factor for this administrator now, using it up: a TOTP code of a step not used before
 * (guarded update: two sign-ins racing with one code cannot both pass), or one of the recovery codes.
 */
export async function useCode(db: Conn, config: Config, adminHash: string, code: string): Promise<boolean> {
  const admin = await findAdmin(db, adminHash);
  if (!admin?.totp_secret) return false;
  if (isRecoveryCode(code)) {
    const hashes = JSON.parse(admin.recovery_codes ?? '[]') as string[];
    const hash = sha256(code.trim().toLowerCase());
    if (!hashes.includes(hash)) return false;
    const used = await db
      .updateTable('admins')
      .set({ recovery_codes: JSON.stringify(hashes.filter((h) => h !== hash)) })
      .where('hash', '=', adminHash)
      .where('recovery_codes', '=', admin.recovery_codes)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  const step = stepOfCode(decryptSecret(config.secretKey, admin.totp_secret), code.trim());
  if (step === null || (admin.totp_last_step !== null && step <= admin.totp_last_step)) return false;
  let query = db.updateTable('admins').set({ totp_last_step: step }).where('hash', '=', adminHash);
  query =
    admin.totp_last_step === null
      ? query.where('totp_last_step', 'is', null)
      : query.where('totp_last_step', '=', admin.totp_last_step);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function enable(ctx: ServiceContext, code: string) {
  const { db, config, actor, lng } = ctx;
  const admin = await me(db, actor);
  if (admin.totp_enabled_at) throw new AppError(409, 'admin.totpAlreadyOn');
  if (!admin.totp_secret) throw new AppError(409, 'admin.totpNotStarted');
  return db.transaction().execute(async (trx) => {
    if (!(await useCode(trx, config, admin.hash, code)))
      throw AppError.badRequest('validation.failed', [{ field: 'code', message: translate(lng, 'auth.totpInvalid') }]);
    const { codes, hashes } = newRecoveryCodes();
    await trx
      .updateTable('admins')
      .set({ totp_enabled_at: nowIso(), recovery_codes: JSON.stringify(hashes) })
      .where('hash', '=', admin.hash)
      .execute();
    await record(
      { ...ctx, db: trx },
      {
        adminHash: admin.hash,
        action: 'admin.totpEnabled',
        targetType: 'admin',
        targetHash: admin.hash,
        data: { label: admin.email },
        at: nowIso(),
      },
    );
    return { recovery_codes: codes };
  });
}

export async function disable(ctx: ServiceContext, code: string) {
  const { db, config, actor, lng } = ctx;
  const admin = await me(db, actor);
  if (!admin.totp_enabled_at) throw new AppError(409, 'admin.totpAlreadyOff');
  return db.transaction().execute(async (trx) => {
    if (!(await useCode(trx, config, admin.hash, code)))
      throw AppError.badRequest('validation.failed', [{ field: 'code', message: translate(lng, 'auth.totpInvalid') }]);
    await trx
      .updateTable('admins')
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, recovery_codes: null })
      .where('hash', '=', admin.hash)
      .execute();
    await record(
      { ...ctx, db: trx },
      {
        adminHash: admin.hash,
        action: 'admin.totpDisabled',
        targetType: 'admin',
        targetHash: admin.hash,
        data: { label: admin.email },
        at: nowIso(),
      },
    );
    return { enabled: false, recovery_left: 0 };
  });
}

/** Whether this administrator has the second factor on (the sign-in then asks for a code). */
export async function totpRequired(db: Conn, adminHash: string): Promise<boolean> {
  return !!(await findAdmin(db, adminHash))?.totp_enabled_at;
}
