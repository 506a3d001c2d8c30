/**
 * The web app's texts (locales/<lng>/<namespace>.json, see src/web/providers/i18n.ts) and which of them the public
 * pages use. The public pages load only the `common` namespace; the areas add `areas`, the back office `admin`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const WEB_NAMESPACES = ['common', 'areas', 'admin'] as const;
export type WebNamespace = (typeof WEB_NAMESPACES)[number];
type Texts = Record<string, string>;

export const loadNamespace = (lng: string, ns: WebNamespace): Texts =>
  JSON.parse(readFileSync(join('locales', lng, `${ns}.json`), 'utf8')) as Texts;

/** Every text of the web app in `lng`, whichever namespace holds it. */
export function webTexts(lng: string): Texts {
  return Object.assign({}, ...WEB_NAMESPACES.map((ns) => loadNamespace(lng, ns))) as Texts;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/**
 * What a server-rendered public page can run: the entry (src/web/main.tsx) and what it imports, antd's scope, and
 * the public pages (src/web/pages/public, but its sign-in pages, which sit inside Refine with the areas), each with
 * its imports, also the parts they load on demand (`import('./x')`: a dialog, the mobile menu), but the routes'
 * own (src/web/routing), which are other pages.
 */
export function publicSources(): string[] {
  const starts = [
    'src/web/main.tsx',
    'src/web/components/AntdScope.tsx',
    ...walk('src/web/pages/public').filter((file) => !file.includes(`${join('public', 'auth')}`)),
  ];
  const seen = new Set<string>();
  const queue = starts.map((file) => resolve(file));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const onDemand = file.includes(join('src', 'web', 'routing')) ? [] : source.matchAll(/\bimport\(\s*'(\.[^']+)'/g);
    // `import … from './x'`, `export … from './x'`, `import './x'`
    const imports = source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gms);
    for (const [, from, bare] of [...imports, ...onDemand]) {
      const spec = from ?? bare;
      if (!spec) continue;
      const base = resolve(dirname(file), spec);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(isSource);
      if (found) queue.push(found);
    }
  }
  return [...seen].map((file) => relative(process.cwd(), file)).sort();
}

const isSource = (path: string) => /\.tsx?$/.test(path) && existsSync(path);

/**
 * The keys of `texts` that `sources` name: as a literal ('jobs.title', also its plural forms) or by a prefix of a
 * template (`fields.${name}` names every `fields.*` key).
 */
export function keysNamedBy(sources: string[], texts: Texts): Set<string> {
  const keys = Object.keys(texts);
  const named = new Set<string>();
  for (const file of sources) {
    const source = readFileSync(file, 'utf8');
    for (const [, literal] of source.matchAll(/['"`]([a-zA-Z][a-zA-Z0-9_-]*(?:\.[a-zA-Z0-9_-]+)+)['"`]/g))
      for (const key of [literal!, `${literal}_one`, `${literal}_other`]) if (key in texts) named.add(key);
    for (const [, prefix] of source.matchAll(/`([a-zA-Z][a-zA-Z0-9_-]*(?:\.[a-zA-Z0-9_-]+)*\.)\$\{/g))
      for (const key of keys) if (key.startsWith(prefix!)) named.add(key);
  }
  return named;
}
