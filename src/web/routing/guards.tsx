/**
 * The six guards of SPEC §2 as route wrappers. They are conveniences for the visitor: the server
 * enforces every permission on its own.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIdentityState } from '../hooks/useIdentity';
import { Spinner } from '../components/Spinner';
import type { Guard } from '../../shared/routes';
import { useLocale } from '../hooks/useLocale';

const IBAN_PROMPT_KEY = 'alumni.ibanPrompted';

export function Guarded({ guard, children }: { guard?: Guard; children: ReactNode }) {
  const { me, isLoading } = useIdentityState();
  const { to } = useLocale();
  const { pathname } = useLocation();
  if (!guard) return <>{children}</>;
  if (isLoading) return <Spinner />;

  switch (guard) {
    case 'notAuthenticated':
      if (me?.iss === 'user') return <Navigate to={to('user.profile')} replace />;
      if (me?.iss === 'company') return <Navigate to={to('company.jobs')} replace />;
      return <>{children}</>;
    case 'company':
      return me?.iss === 'company' ? (
        <>{children}</>
      ) : (
        <Navigate to={to('company.login')} replace state={{ from: pathname }} />
      );
    case 'user':
    case 'completedProfile':
    case 'gratisUser': {
      if (me?.iss !== 'user') return <Navigate to={to('login')} replace state={{ from: pathname }} />;
      // the page they asked for travels along, so the profile page can say why and lead back (GuardNotice)
      if (guard !== 'user' && !me.profile_complete)
        return <Navigate to={to('user.profile')} replace state={{ from: pathname, reason: 'completedProfile' }} />;
      // a free-period member is asked for a way to pay (a card, or a bank account with its mandate), not for an IBAN as such
      if (
        guard === 'gratisUser' &&
        me.role === 'GRATIS' &&
        !me.has_payment_method &&
        !sessionStorage.getItem(IBAN_PROMPT_KEY)
      ) {
        sessionStorage.setItem(IBAN_PROMPT_KEY, '1'); // once per session (SPEC §2)
        return (
          <Navigate to={to('user.profile.settings-iban')} replace state={{ from: pathname, reason: 'gratisIban' }} />
        );
      }
      return <>{children}</>;
    }
    default:
      // SPEC §8: an unknown guard is an error
      throw new Error(`Unknown guard ${String(guard)}`);
  }
}
