/**
 * The files a page's lazy parts are made of (src/shared/pageParts.ts), named in the page the server sends so that the
 * browser fetches them with the HTML (issue 27 §3). The build writes each part's files to
 * `<dist>/.vite/page-parts.json` (scripts/page-parts.ts) instead of putting the list of every page's files in the
 * app's first script. Without that file (no build, an older build) pages are sent without the list: the browser then
 * fetches each part's files as its code asks for them, slower but complete.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientPageParts, serverPageParts, type PagePart } from '../../shared/pageParts';

interface PageParts {
  parts: Record<string, string[]>;
}

/** Only our own built files' names go into the page: `/assets/<name>.js`. */
const ASSET = /^\/assets\/[\w.-]+\.js$/;

export interface PagePreloads {
  /** `<link rel="modulepreload">` tags for a page the browser renders itself, to go in its head */
  clientLinks(pathname: string): string;
  /** the files of a server-rendered page's parts, space-separated, for public/boot.js to preload before hydrating */
  serverFiles(pathname: string): string;
}

export function loadPagePreloads(distDir: string): PagePreloads {
  const file = join(distDir, '.vite', 'page-parts.json');
  const parts = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageParts).parts : {};
  const filesOf = (list: PagePart[]) => [
    ...new Set(list.flatMap((part) => (parts[part] ?? []).filter((asset) => ASSET.test(asset)))),
  ];
  // a page's list is the same on every visit: worked out once per path and kept (bounded: paths with ids vary)
  const memo = new Map<string, string>();
  const remember = (key: string, make: () => string) => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = make();
    if (memo.size >= 2_000) memo.clear();
    memo.set(key, value);
    return value;
  };
  return {
    clientLinks: (pathname) =>
      remember(`c${pathname}`, () =>
        filesOf(clientPageParts(pathname))
          .map((asset) => `<link rel="modulepreload" crossorigin href="${asset}">`)
          .join(''),
      ),
    serverFiles: (pathname) => remember(`s${pathname}`, () => filesOf(serverPageParts(pathname)).join(' ')),
  };
}
