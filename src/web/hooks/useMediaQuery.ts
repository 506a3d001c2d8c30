import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following its changes. False on the server and while a server-rendered page
 * hydrates (the server knows neither the screen nor the person's settings), the real answer right after.
 */
export function useMediaQuery(query: string): boolean {
  // kept per query: a new subscribe function on each render would make React subscribe again each time
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, matches, serverAnswer);
}

const serverAnswer = () => false;
