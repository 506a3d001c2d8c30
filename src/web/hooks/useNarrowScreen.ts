import { useSyncExternalStore } from 'react';

/** The width below which a list's filters move into a drawer (styles.css uses the same 767 px). */
const NARROW = '(max-width: 767px)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/**
 * True on a phone-wide screen. False on the server and while a server-rendered page hydrates (the server does not
 * know the width: CSS hides what does not fit until then), the real answer right after.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
