import { useMediaQuery } from './useMediaQuery';

/**
 * True when the person asked their system for less motion (WCAG 2.3.3): antd's dialogs, drawers and menus then
 * appear and go without zooming or sliding (components/AntdScope).
 */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
