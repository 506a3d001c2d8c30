import { useSyncExternalStore } from 'react';

const REDUCE = '(prefers-reduced-motion: reduce)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(REDUCE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/**
 * True when the person asked their system for less motion (WCAG 2.3.3): antd's dialogs, drawers and menus then
 * appear and go without zooming or sliding (components/AntdScope). False on the server and while a server-rendered
 * page hydrates, the real answer right after.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(REDUCE).matches,
    () => false,
  );
}
