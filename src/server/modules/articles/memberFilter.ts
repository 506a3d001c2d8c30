/**
 * The member-only list filters (`saved_by_me`, `subscribed_by_me`; DESIGN §4b) of articles, jobs and groups.
 * A signed-out visitor is asked to sign in (401: nothing to log out of); a company or an administrator gets
 * 400 naming the filter, never 401/403, which would log their client out.
 */
import type { Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import type { Actor } from '../../types';

export function memberOfFilter(actor: Actor, lng: Locale, field: string): string {
  if (actor.type === 'user' && actor.hash) return actor.hash;
  if (actor.type === 'anonymous') throw AppError.unauthorized();
  throw AppError.badRequest('validation.failed', [{ field, message: translate(lng, 'lists.memberFilter', { field }) }]);
}
