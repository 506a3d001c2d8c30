/**
 * Where the member's browser lands after the provider's card page (issue 13 §2): the card page when they added a card
 * signed in, the registration page when they gave one while registering (`POST /usr/card/addNotLogged`), in their
 * language, with the outcome said once (`card=added`, `payment=declined`, SPEC §8's `payment=cancelled`).
 */
import type { Locale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';

export type CardOutcome = 'added' | 'declined' | 'cancelled';

export function returnPath(purpose: string, lng: Locale, outcome: CardOutcome): string {
  const page = purpose === 'register' ? 'user.register' : 'user.card';
  return `${localizePath(page, lng)}?${outcome === 'added' ? 'card=added' : `payment=${outcome}`}`;
}
