/**
 * Sign-in rules: slow password hash, attempts counted before they are judged (throttle.ts, in the
 * database so every instance agrees), tokens random and stored hashed, rotated on refresh, revoked on
 * logout; every token check and refresh reads the account's current status.
 */
import { totpRequired, useCode } from '../admin/admins/security';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { newHash, newSecret, nowIso, sha256 } from '../../lib/ids';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password';
import type { Actor } from '../../types';
import { ANONYMOUS_ACTOR } from '../../types';
import type { Role } from '../../../shared/permissions';
import * as repo from './repository';
import type { AccountKind } from './repository';
import { presentCompany, presentUser } from './presenters';
import { admitSignIn } from './throttle';
import type { FileLinks } from '../../lib/signedLinks';
import { memberFileLinks } from '../users/fileLinks';
import { hasPaymentMethod } from '../payments/subscriptions/repository';
import { type ServiceContext } from '../../serviceContext';
import { sessionCache, type KnownSession } from './sessionCache';

export interface Credentials {
  email: string;
  password: string;
  deviceId?: string;
  /** an administrator's second factor: a TOTP code or a recovery code */
  code?: string;
}

const MINUTE = 60_000;

function addMinutes(date: Date, minutes: number): string {
  return new Date(date.getTime() + minutes * MINUTE).toISOString();
}

/**
 * Whether these are an administrator's e-mail and password (issue 25 §2: the member and company sign-in then say where
 * administrators sign in). Only the right password tells, and an unknown address costs the same password check, so a
 * stranger learns nothing about which addresses exist.
 */
async function isAdministrator(db: Db, email: string, password: string): Promise<boolean> {
  const admin = await repo.findAccountByEmail(db, 'admin', email);
  return (await verifyPassword(password, admin?.password_hash ?? DUMMY_PASSWORD_HASH)) && !!admin;
}

export async function login(ctx: ServiceContext, kind: AccountKind, input: Credentials, ip: string) {
  const { db, config } = ctx;
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  // counted before the password is judged, so concurrent guesses cannot all be judged (throttle.ts)
  const attempt = await admitSignIn(db, config, kind, email, ip);

  const account = await repo.findAccountByEmail(db, kind, email);
  const ok = await verifyPassword(input.password, account?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!account || !ok) {
    await attempt.failed();
    if (kind !== 'admin' && (await isAdministrator(db, email, input.password)))
      throw AppError.unauthorized('auth.adminSignInElsewhere');
    throw AppError.unauthorized('auth.invalidCredentials');
  }
  // an administrator with the second factor on also gives a code (DESIGN §7); without one the attempt stays counted
  if (kind === 'admin' && (await totpRequired(db, account.hash))) {
    if (!input.code) throw AppError.unauthorized('auth.totpRequired');
    if (!(await useCode(db, config, account.hash, input.code))) {
      await attempt.failed();
      throw AppError.unauthorized('auth.totpInvalid');
    }
  }
  await attempt.succeeded();
  // Only after the right password, so the answer does not reveal which e-mails have accounts.
  if (account.status === 'PENDING') throw AppError.forbidden('auth.notValidated');
  if (account.status !== 'VALIDATED') throw AppError.forbidden('auth.disabled');

  const deviceId =
    input.deviceId ??
    newSecret()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 40);
  const token = newSecret();
  const refreshToken = newSecret();
  const expiresAt = addMinutes(now, config.tokenTtlMinutes);
  const refreshExpiresAt = addMinutes(now, config.refreshTtlDays * 24 * 60);
  await repo.insertSession(db, {
    hash: newHash(),
    actor_type: kind,
    actor_hash: account.hash,
    device_id: deviceId,
    token_hash: sha256(token),
    refresh_hash: sha256(refreshToken),
    expires_at: expiresAt,
    refresh_expires_at: refreshExpiresAt,
    revoked_at: null,
    created_at: nowIso(now),
  });
  return {
    iss: kind,
    token,
    refreshToken,
    deviceId,
    expiresAt,
    refreshExpiresAt,
    ...(await accountPayload(db, kind, account.hash)),
  };
}

export async function refresh(ctx: ServiceContext, kind: AccountKind, refreshToken: string, deviceId: string) {
  const { db, config } = ctx;
  const now = new Date();
  const token = newSecret();
  const nextRefresh = newSecret();
  const expiresAt = addMinutes(now, config.tokenTtlMinutes);
  const refreshExpiresAt = addMinutes(now, config.refreshTtlDays * 24 * 60);
  // refused when the account is no longer validated (or gone): its status is read on every refresh
  const session = await repo.rotateSession(
    db,
    { refreshHash: sha256(refreshToken), deviceId, actorType: kind, now: nowIso(now) },
    {
      token_hash: sha256(token),
      refresh_hash: sha256(nextRefresh),
      expires_at: expiresAt,
      refresh_expires_at: refreshExpiresAt,
    },
  );
  if (!session) throw AppError.unauthorized('auth.invalidRefresh');
  const payload = await accountPayload(db, kind, session.actor_hash);
  return { iss: kind, token, refreshToken: nextRefresh, deviceId, expiresAt, refreshExpiresAt, ...payload };
}

export async function logout(ctx: ServiceContext) {
  const { db, actor } = ctx;
  if (actor.sessionHash) await repo.revokeSession(db, actor.sessionHash, nowIso());
  return { ok: true };
}

/**
 * Ends every session of an account on every device. The account features call it when an account is
 * disabled, rejected or deleted and when its password is changed or reset (inside their transaction).
 */
export async function revokeAllSessions(ctx: ServiceContext, kind: AccountKind, hash: string): Promise<void> {
  await repo.revokeAccountSessions(ctx.db, kind, hash, nowIso());
}

async function accountPayload(db: Db, kind: AccountKind, hash: string) {
  if (kind === 'user') {
    const user = await repo.findUser(db, hash);
    return user ? { user: presentUser(user) } : {};
  }
  if (kind === 'company') {
    const company = await repo.findCompany(db, hash);
    return company ? { company: presentCompany(company) } : {};
  }
  const admin = await repo.findAdmin(db, hash);
  return admin ? { admin } : {};
}

/** The signed-in account; a member also gets signed links to their own private files (DESIGN §4b). */
export async function me(ctx: ServiceContext, links?: FileLinks) {
  const { db, actor } = ctx;
  if (actor.type === 'user' && actor.hash) {
    const user = await repo.findUser(db, actor.hash);
    if (user)
      return {
        ...presentUser(user, links ? await memberFileLinks(db, actor, links, user) : undefined),
        has_payment_method: await hasPaymentMethod(db, user.hash),
      };
  }
  if (actor.type === 'company' && actor.hash) {
    const company = await repo.findCompany(db, actor.hash);
    if (company) return presentCompany(company);
  }
  throw AppError.unauthorized();
}

/**
 * Who is calling: a live session whose device matches and whose account is still validated,
 * or anonymous when no token is sent. A token that is sent but not valid is a 401.
 */
export async function resolveActor(
  ctx: ServiceContext,
  token: string | undefined,
  deviceId: string | undefined,
): Promise<Actor> {
  if (!token) return ANONYMOUS_ACTOR;
  return (await resolveSession(ctx, token, deviceId)).actor;
}

/**
 * The session a bearer token belongs to (its actor, and whether an administrator's second factor is on), remembered
 * by this instance while the `auth` data version stays the same (sessionCache.ts); a 401 unless it is live, its device
 * matches and its account is validated.
 */
export async function resolveSession(
  ctx: ServiceContext,
  token: string,
  deviceId: string | undefined,
): Promise<KnownSession> {
  const { db } = ctx;
  if (token.length > 128) throw AppError.unauthorized('auth.invalidToken');
  const tokenHash = sha256(token);
  const cache = sessionCache(db);
  // read before the session itself: a write committed in between leaves the entry at an older version
  const version = await cache.version();
  const now = Date.now();
  let session = cache.get(tokenHash, version, now);
  if (!session) {
    const row = await repo.findActiveSession(db, tokenHash, nowIso(new Date(now)));
    if (!row || !repo.accountIsActive(row)) throw AppError.unauthorized('auth.invalidToken');
    session = knownSession(row);
    cache.put(tokenHash, version, session, now);
  }
  if (session.deviceId !== deviceId || session.expiresAt <= now) throw AppError.unauthorized('auth.invalidToken');
  return session;
}

function knownSession(row: NonNullable<Awaited<ReturnType<typeof repo.findActiveSession>>>): KnownSession {
  const base = { hash: row.actor_hash, sessionHash: row.session_hash };
  const actor: Actor =
    row.actor_type === 'user'
      ? { ...base, type: 'user', role: row.user_role as Role, email: row.user_email }
      : row.actor_type === 'company'
        ? { ...base, type: 'company', role: 'COMPANY', email: row.company_email }
        : { ...base, type: 'admin', role: 'ADMIN', email: row.admin_email };
  return {
    actor: Object.freeze(actor),
    deviceId: row.device_id,
    expiresAt: Date.parse(row.expires_at),
    secondFactor: row.actor_type === 'admin' && row.admin_totp_enabled_at !== null,
  };
}
