/**
 * The page template of a server-rendered page, made once from the built index.html (issue 9 §2, §4):
 * - the app's stylesheet is inlined (a few KiB compressed), so nothing blocks the first paint;
 * - the app's scripts start after the page has loaded (public/boot.js) and are not preloaded: the content,
 *   its styles and pictures do not compete with ~200 KiB of scripts on a phone's connection. The page is
 *   complete and its links work before hydration; filters and buttons come alive with it.
 * Client-rendered pages (sign-in, the areas) keep the template as built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
const ENTRY = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;

export function serverRenderedTemplate(template: string, distDir: string): string {
  const entry = ENTRY.exec(template)?.[1];
  if (!entry || !existsSync(join(distDir, 'boot.js'))) return template;
  return template
    .replace(STYLESHEET, (link, href: string) => {
      const file = join(distDir, href);
      // `</style` cannot occur in our CSS; refuse to inline anything that could close the element early
      const css = existsSync(file) ? readFileSync(file, 'utf8') : null;
      return css !== null && !/<\/style/i.test(css) ? `<style data-app-css>${css}</style>` : link;
    })
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY, `<script defer src="/boot.js" data-entry="${entry}"></script>`);
}
