/**
 * The alumni account state machine (issue 8 §4, DESIGN §3): the one table of moves an administrator may
 * make. The server applies a move with one guarded UPDATE (… WHERE status = expected) and an audit row;
 * the back office reads the same table to decide which actions to offer on a row.
 */
/** DELETED: the member deleted their own account (users/accountDataService.ts); no decision moves it anywhere. */
export const MEMBER_STATUSES = ['PENDING', 'VALIDATED', 'REJECTED', 'DISABLED', 'DELETED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** What an administrator can ask for (PENDING is where registration puts an account, never a decision). */
export const MEMBER_DECISIONS = ['VALIDATED', 'REJECTED', 'DISABLED'] as const;
export type MemberDecision = (typeof MEMBER_DECISIONS)[number];

export const MEMBER_MOVES: Readonly<Record<MemberStatus, readonly MemberDecision[]>> = {
  PENDING: ['VALIDATED', 'REJECTED'],
  VALIDATED: ['DISABLED'],
  DISABLED: ['VALIDATED'],
  REJECTED: [],
  DELETED: [],
};

/** Decisions that need a reason, which the member receives by e-mail. */
export const REASON_REQUIRED: readonly MemberDecision[] = ['REJECTED'];

export function canMoveMember(from: string, to: string): to is MemberDecision {
  return (MEMBER_MOVES[from as MemberStatus] ?? []).includes(to as MemberDecision);
}

/** The audit action written for each decision. */
export const MEMBER_ACTIONS: Readonly<Record<MemberDecision, string>> = {
  VALIDATED: 'user.validated',
  REJECTED: 'user.rejected',
  DISABLED: 'user.disabled',
};
/** Every action the log holds: the decisions, and a member deleting their own account (users/accountDataService.ts). */
export const ACCOUNT_DELETED_ACTION = 'user.deleted';
export const AUDIT_ACTIONS = [...Object.values(MEMBER_ACTIONS), ACCOUNT_DELETED_ACTION];

/** Companies move along the same table (admin/companies); their audit actions. */
export const COMPANY_ACTIONS: Readonly<Record<MemberDecision, string>> = {
  VALIDATED: 'company.validated',
  REJECTED: 'company.rejected',
  DISABLED: 'company.disabled',
};
