/** The offer state machine is DESIGN §4b's, move for move: the API tests read this table, so it is pinned here. */
import { describe, expect, it } from 'vitest';
import {
  OFFER_MOVES,
  OFFER_STATUSES,
  findOfferMove,
  offerAuditAction,
  offerMovesFrom,
} from '../../src/shared/offerMoves';

describe('offer moves', () => {
  it('are exactly the moves DESIGN §4b lists, and nothing else', () => {
    const moves = OFFER_MOVES.map((m) => `${m.by}: ${m.from} → ${m.to}${m.needs ? ` (${m.needs})` : ''}`).sort();
    expect(moves).toEqual(
      [
        'admin: PENDING → PUBLISHED',
        'admin: PENDING → REJECTED (reason)',
        'admin: PUBLISHED → REJECTED (reason)',
        'company: PUBLISHED → UNPUBLISHED',
        'company: UNPUBLISHED → PUBLISHED',
        'company: PUBLISHED → CLOSED (survey)',
        'company: UNPUBLISHED → CLOSED (survey)',
        'company: REJECTED → PENDING (edit)',
        'system: PUBLISHED → CLOSED',
      ].sort(),
    );
  });

  it('has no way out of CLOSED and none into PENDING but a resubmission', () => {
    for (const to of OFFER_STATUSES)
      for (const by of ['company', 'admin', 'system'] as const) expect(findOfferMove('CLOSED', to, by)).toBeUndefined();
    expect(OFFER_MOVES.filter((m) => m.to === 'PENDING').map((m) => m.from)).toEqual(['REJECTED']);
  });

  it('gives each screen its buttons and each decision its audit action', () => {
    expect(offerMovesFrom('PUBLISHED', 'company').map((m) => m.to)).toEqual(['UNPUBLISHED', 'CLOSED']);
    expect(offerMovesFrom('PENDING', 'company')).toEqual([]);
    expect(offerMovesFrom('PENDING', 'admin').map((m) => m.to)).toEqual(['PUBLISHED', 'REJECTED']);
    expect([
      offerAuditAction('PENDING', 'PUBLISHED'),
      offerAuditAction('PENDING', 'REJECTED'),
      offerAuditAction('PUBLISHED', 'REJECTED'),
    ]).toEqual(['job.published', 'job.rejected', 'job.removed']);
  });
});
