/** One-time tokens: a 256-bit secret in the link, its SHA-256 in the database (DESIGN §4, decisions.md). */
import { newHash, newSecret, nowIso, sha256 } from '../../lib/ids';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import type { Locale } from '../../../shared/constants';
import * as repo from './repository';

export const CONFIRM_EMAIL_TTL_MS = 7 * 24 * 60 * 60_000;
export const RECOVERY_TTL_MS = 60 * 60_000;

export async function issueToken(
  db: repo.Conn,
  purpose: repo.TokenPurpose,
  actorType: 'user' | 'company',
  actorHash: string,
  ttlMs: number,
  now = new Date(),
) {
  const token = newSecret();
  await repo.insertToken(db, {
    hash: newHash(),
    purpose,
    token_hash: sha256(token),
    actor_type: actorType,
    actor_hash: actorHash,
    expires_at: nowIso(new Date(now.getTime() + ttlMs)),
    used_at: null,
    created_at: nowIso(now),
  });
  return token;
}

/** Uses the token once or answers 400 naming `token` (unknown, used and expired look the same). */
export async function consumeOrFail(
  db: repo.Conn,
  purpose: repo.TokenPurpose,
  token: string,
  lng: Locale,
  now: string,
) {
  const row = await repo.consumeToken(db, purpose, sha256(token), now);
  if (!row) throw invalidToken(lng);
  return row;
}

export function invalidToken(lng: Locale): AppError {
  return AppError.badRequest('accounts.tokenInvalid', [
    { field: 'token', message: translate(lng, 'accounts.tokenInvalid') },
  ]);
}
