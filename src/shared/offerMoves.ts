/**
 * The job-offer state machine (issue 11 §5, DESIGN §4b "Offers by companies"): the one table of moves. The
 * server applies a move with one guarded UPDATE (… WHERE status = from) and a history row; the company's and
 * the back office's screens read the same table to decide which buttons to show. Any move not listed answers 409.
 */
export const OFFER_STATUSES = ['PENDING', 'PUBLISHED', 'UNPUBLISHED', 'REJECTED', 'CLOSED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Who makes a move: the offer's company, an administrator, or the server itself (expiry). */
export type OfferMover = 'company' | 'admin' | 'system';

export interface OfferMove {
  from: OfferStatus;
  to: OfferStatus;
  by: OfferMover;
  /** `reason`: e-mailed to the company (a rejection or a take-down); `survey`: closing asks SPEC §2's survey; `edit`: a rejected offer is resubmitted only after a change. */
  needs?: 'reason' | 'survey' | 'edit';
}

export const OFFER_MOVES: readonly OfferMove[] = [
  { from: 'PENDING', to: 'PUBLISHED', by: 'admin' },
  { from: 'PENDING', to: 'REJECTED', by: 'admin', needs: 'reason' },
  // taking a published offer down
  { from: 'PUBLISHED', to: 'REJECTED', by: 'admin', needs: 'reason' },
  { from: 'PUBLISHED', to: 'UNPUBLISHED', by: 'company' },
  { from: 'UNPUBLISHED', to: 'PUBLISHED', by: 'company' },
  { from: 'PUBLISHED', to: 'CLOSED', by: 'company', needs: 'survey' },
  { from: 'UNPUBLISHED', to: 'CLOSED', by: 'company', needs: 'survey' },
  { from: 'REJECTED', to: 'PENDING', by: 'company', needs: 'edit' },
  // expiry, without a survey
  { from: 'PUBLISHED', to: 'CLOSED', by: 'system' },
];

export function findOfferMove(from: string, to: string, by: OfferMover): OfferMove | undefined {
  return OFFER_MOVES.find((move) => move.from === from && move.to === to && move.by === by);
}

/** The moves `by` may make from `status` (the buttons a screen shows). */
export function offerMovesFrom(status: string, by: OfferMover): readonly OfferMove[] {
  return OFFER_MOVES.filter((move) => move.from === status && move.by === by);
}

/** Statuses in which the company may still edit its offer (a closed offer is history). */
export const OFFER_EDITABLE: readonly OfferStatus[] = ['PENDING', 'PUBLISHED', 'UNPUBLISHED', 'REJECTED'];

/** The audit actions of the administrator's moves: publishing, rejecting a pending offer, taking a published one down. */
export const OFFER_AUDIT_ACTIONS = ['job.published', 'job.rejected', 'job.removed'] as const;

export function offerAuditAction(from: string, to: OfferStatus): (typeof OFFER_AUDIT_ACTIONS)[number] {
  if (to === 'PUBLISHED') return 'job.published';
  return from === 'PUBLISHED' ? 'job.removed' : 'job.rejected';
}
