import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import 'nprogress/nprogress.css';
import './styles.css';
import { App } from './App';
import { loadAntdLocale } from './providers/antdLocale';
import { loadLocale, localeFromPath } from './providers/i18n';
import { queryClient } from './providers/queryClient';
import { readSession } from './providers/session';
import { initQuery } from './providers/access';
import { loadIdentity } from './providers/auth';
import { preloadClientPage, preloadPage } from './routing/preload';
import { SECTION_COLORS } from './theme';

// the section colours of SPEC §9 as CSS variables (--job, --article, …) for the stylesheet
for (const [section, color] of Object.entries(SECTION_COLORS))
  document.documentElement.style.setProperty(`--${section}`, color);

// the page's own language first (providers/i18n.ts), ours and antd's
const lng = localeFromPath(window.location.pathname);
const root = document.getElementById('root')!;
// a server-rendered public page (src/server/ssr) sends the answers it was rendered with
const embedded = document.getElementById('ssr-state');

// a client-rendered page (an area, the back office, a sign-in page) asks at once for who is signed in and what they
// may do, which its guards and menus wait for, instead of after its code has come and rendered
if (!embedded && readSession()) {
  void loadIdentity();
  void queryClient.prefetchQuery(initQuery);
}

// and the page's code, so that a server-rendered page hydrates in one pass, and a client-rendered one gets all its
// parts at once (antd's strings: a server-rendered page loads them only if it shows antd's components, see preload.ts)
void Promise.all([
  loadLocale(lng),
  ...(embedded
    ? [preloadPage(window.location.pathname)]
    : [loadAntdLocale(lng), preloadClientPage(window.location.pathname)]),
]).then(() => {
  if (!embedded) {
    createRoot(root).render(<App />);
    return;
  }
  const state = JSON.parse(embedded.textContent || '{}') as DehydratedState;
  hydrate(queryClient, state);
  // as a transition, hydration is rendered in small slices that yield to the browser (as Next.js does), not in
  // one long task: a phone stays responsive while the page comes alive (Lighthouse's total blocking time)
  startTransition(() => {
    hydrateRoot(root, <App />);
  });
  // the server rendered the anonymous view: a signed-in visitor asks again with the session (saved, applied, unlocked)
  if (readSession()) {
    const keys = new Set(state.queries.map((query) => query.queryHash));
    void queryClient.invalidateQueries({ predicate: (query) => keys.has(query.queryHash) });
  }
});
