/**
 * Applying one move of src/shared/offerMoves.ts: a guarded UPDATE (… WHERE status = from), so two moves racing
 * on one offer cannot both win, and a `job_moves` row, in the caller's transaction. A move the table does not
 * list answers 409 saying from where to where and for whom; one that lost a race answers 409 too.
 */
import type { Updateable } from 'kysely';
import { findOfferMove, OFFER_MOVES, type OfferMover, type OfferStatus } from '../../../shared/offerMoves';
import type { JobsTable } from '../../db/types';
import { AppError } from '../../errors';
import { newHash, nowIso } from '../../lib/ids';
import type { Conn } from '../../db/conn';
import * as repo from './repository';

export interface MoveRequest {
  to: OfferStatus;
  by: OfferMover;
  actorHash: string | null;
  reason?: string | null;
  /** Days a first publication stays up (config.offerExpiryDays). */
  expiryDays: number;
  now?: Date;
}

export async function applyMove(
  trx: Conn,
  offer: Pick<repo.OfferRow, 'hash' | 'status' | 'published_at' | 'expires_at' | 'updated_at'>,
  move: MoveRequest,
): Promise<void> {
  const rule = findOfferMove(offer.status, move.to, move.by);
  if (!rule) throw refusal(offer.status, move);
  if (rule.needs === 'edit') {
    // a rejected offer goes back to review only once it has changed since it was rejected
    const rejectedAt = await repo.lastRejectedAt(trx, offer.hash);
    if (rejectedAt && offer.updated_at <= rejectedAt) throw new AppError(409, 'offers.editFirst');
  }
  const now = move.now ?? new Date();
  const at = nowIso(now);
  const changes: Updateable<JobsTable> = { status: move.to, updated_at: at };
  if (move.to === 'REJECTED') changes.reason = move.reason ?? null;
  if (move.to === 'PENDING') changes.reason = null;
  if (move.to === 'PUBLISHED' && !offer.published_at) {
    // the clock starts at the first publication; unpublishing and publishing again does not extend it
    changes.published_at = at;
    changes.expires_at = nowIso(new Date(now.getTime() + move.expiryDays * 86_400_000));
  }
  if (!(await repo.moveStatus(trx, offer.hash, offer.status, changes))) throw new AppError(409, 'offers.alreadyMoved');
  await repo.insertMove(trx, {
    hash: newHash(),
    job_hash: offer.hash,
    from_status: offer.status,
    to_status: move.to,
    actor_type: move.by,
    actor_hash: move.actorHash,
    reason: move.reason ?? null,
    created_at: at,
  });
}

/** Why a move is refused, said as the reader needs it: a closed offer, someone else's move, or no such move. */
function refusal(from: string, move: MoveRequest): AppError {
  const params = { from, to: move.to };
  if (from === 'CLOSED') return new AppError(409, 'offers.closed', params);
  const other = OFFER_MOVES.find(
    (rule) => rule.from === from && rule.to === move.to && rule.by !== move.by && rule.by !== 'system',
  );
  if (other) return new AppError(409, other.by === 'admin' ? 'offers.onlyAdmin' : 'offers.onlyCompany', params);
  return new AppError(409, 'offers.illegalMove', params);
}
