/**
 * The server renderer of the public pages (built by `vite build --ssr`, loaded by src/server/ssr). It renders
 * one URL in its language, always the anonymous view: the API is called in-process without any identity
 * (the server hands us `fetch`). Data comes from the page's own queries: a first render registers them in
 * a fresh react-query client, we run the public ones, and render again (until nothing new is asked, at
 * most a few rounds). The answers go to the browser as react-query dehydrated state (main.tsx hydrates it,
 * so the page does not fetch them again); antd's styles are extracted so nothing jumps before the scripts.
 */
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { loadAntdLocale } from './providers/antdLocale';
import { setServerFetch } from './providers/http';
import { i18n, loadLocale } from './providers/i18n';
import { createQueryClient } from './providers/queryClient';
import type { Locale } from '../shared/constants';

export interface RenderResult {
  html: string;
  styles: string;
  state: unknown;
}

/**
 * Only public data is fetched and embedded: Refine's data queries (`data` keys: lists, records, tags).
 * Never the actor's (identity, permissions, /api/init): the browser asks for those itself.
 */
function isPublicData(query: Query): boolean {
  return query.queryKey[0] === 'data';
}

async function toHtml(element: React.ReactElement): Promise<string> {
  const errors: unknown[] = [];
  // progressiveChunkSize: React sends a large finished part out of order (after the rest, put in place by an
  // inline script the CSP blocks); one piece in document order instead
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  // a part that failed would be left to the browser (an inline script the CSP blocks): send the plain shell instead
  if (errors.length) throw errors[0];
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

function pending(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => isPublicData(query) && query.state.status === 'pending' && query.state.fetchStatus === 'idle');
}

let queue: Promise<unknown> = Promise.resolve();

/** Renders `url` (path and query) in `lng`; one page at a time, since i18next and the fetch hook are shared. */
export function render(url: string, lng: Locale, fetchImpl: typeof fetch): Promise<RenderResult> {
  const run = queue.then(() => renderNow(url, lng, fetchImpl));
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow(url: string, lng: Locale, fetchImpl: typeof fetch): Promise<RenderResult> {
  await Promise.all([loadLocale(lng), loadAntdLocale(lng)]);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  setServerFetch(fetchImpl);
  try {
    const client = createQueryClient();
    // no retries on the server: a failed answer is rendered as it is (the browser asks again)
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    let cache = createCache();
    let html = '';
    for (let round = 0; round < 4; round++) {
      cache = createCache();
      html = await toHtml(
        <StyleProvider cache={cache}>
          <App location={url} queryClient={client} />
        </StyleProvider>,
      );
      const asked = pending(client);
      // a part still out of order (should not happen, see toHtml): render once more
      const outOfOrder = html.includes('<template id="B:');
      if ((asked.length === 0 && !outOfOrder) || round === 3) break;
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) =>
        isPublicData(query) && (query.state.status === 'success' || query.state.status === 'error'),
      shouldRedactErrors: () => false,
    });
    if (html.includes('<template id="B:')) throw new Error(`${url}: parts of the page still wait after four rounds`);
    return { html, styles: extractStyle(cache, { plain: false }), state };
  } finally {
    setServerFetch(null);
  }
}
