import type { AuditItem } from '../../../../shared/audit';
import type { MemberDecision } from '../../../../shared/memberMoves';
import type { AdminUser as GeneratedAdminUser } from '../../../../shared/schema-types';

export type AdminAuditItem = AuditItem;

/** GET /adm/users (schemas/admin.user.json), with the shared unions the page decides by. */
export type AdminUser = Omit<GeneratedAdminUser, 'moves' | 'history'> & {
  moves: MemberDecision[];
  history?: AdminAuditItem[];
};
