import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while a server-rendered page hydrates, true from then on (and at once in a page
 * rendered in the browser). Controls are read-only until then: what a visitor typed before the scripts
 * took over would otherwise be lost to React.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
