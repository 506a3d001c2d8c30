/**
 * The header's unread messages (issue 29 §2), for whoever may read an inbox: the count itself (layouts/UnreadBadge)
 * is loaded only then, so an anonymous visitor's first visit does not carry it (the header is on every page).
 */
import { lazy, Suspense } from 'react';
import { useAccessDecision } from '../hooks/useAccess';

const UnreadBadge = lazy(() => import('./UnreadBadge'));

/** Fired on `window` when a thread was marked read, so the count drops at once instead of at the next poll. */
export const MESSAGES_READ_EVENT = 'messages:read';

export function MessagesBadge() {
  const memberInbox = useAccessDecision('user.messages');
  const companyInbox = useAccessDecision('company.messages');
  const area = memberInbox ? 'usr' : companyInbox ? 'com' : null;
  if (!area) return null;
  return (
    <Suspense fallback={null}>
      <UnreadBadge area={area} />
    </Suspense>
  );
}
