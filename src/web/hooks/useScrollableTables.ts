/**
 * A table wider than the screen scrolls inside antd's `.ant-table-content`; when nothing in it can take the focus
 * (a log, a list of subscriptions), a keyboard cannot scroll it (WCAG 2.1.1; axe scrollable-region-focusable, issue
 * 25). Such scrolling tables under `element` become focusable regions named by the page's title. antd's Table has no
 * prop for it, so this watches the rendered tables.
 */
import { useEffect } from 'react';

export function useScrollableTables(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    const mark = () => {
      for (const region of element.querySelectorAll<HTMLElement>('.ant-table-content')) {
        if (region.hasAttribute('tabindex') || region.scrollWidth <= region.clientWidth) continue;
        region.setAttribute('tabindex', '0');
        region.setAttribute('role', 'region');
        region.setAttribute('aria-label', element.querySelector('h1, h2')?.textContent ?? '');
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [element]);
}
