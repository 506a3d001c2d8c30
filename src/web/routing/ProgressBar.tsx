import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';

type Bar = typeof import('nprogress');
let bar: Promise<Bar> | null = null;

/**
 * nprogress, loaded with the first navigation (a server-rendered page shows none at first: its first visit does
 * without the 2.5 KiB, issue 27). Its own template gives the bar role="bar", which is no ARIA role (axe aria-roles,
 * serious, whenever a page was checked while the bar showed): the bar is decoration, hidden from assistive technology.
 */
function progressBar(): Promise<Bar> {
  bar ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({
      showSpinner: false,
      trickleSpeed: 120,
      minimum: 0.15,
      barSelector: '.bar',
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
    });
    return NProgress;
  });
  return bar;
}
const MAX_MS = 5000; // SPEC §9: the loading bar gives up after 5 s

/** The orange 2 px bar at the top while a page or its data loads (SPEC §9). */
export function ProgressBar() {
  const { pathname } = useLocation();
  const fetching = useIsFetching();
  // a server-rendered page arrives complete: no bar over it while it hydrates (and no work on the main thread)
  const first = useRef(typeof document !== 'undefined' && document.getElementById('ssr-state') !== null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void progressBar().then((NProgress) => NProgress.start());
    const timer = window.setTimeout(() => void progressBar().then((NProgress) => NProgress.done()), MAX_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  useEffect(() => {
    // callbacks run in the order they were added: a start asked for before this runs first
    if (fetching === 0 && bar) void bar.then((NProgress) => NProgress.isStarted() && NProgress.done());
  }, [fetching, pathname]);
  return null;
}
