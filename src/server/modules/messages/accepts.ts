import { isBold, type Role } from '../../../shared/permissions';

/** A member's own choice, else the role's default: Bold and GRATIS accept messages, Regular not (DESIGN §6). */
export function acceptsMessages(user: { role: Role; accepts_messages: number | null }): boolean {
  return user.accepts_messages === null ? isBold(user.role) : user.accepts_messages === 1;
}
