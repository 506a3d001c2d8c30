/**
 * The files of each lazily loaded part of a page (src/shared/pageParts.ts), written at build time to
 * `<dist>/.vite/page-parts.json` for the server, which names them in the page it sends (src/server/ssr/preloads.ts).
 *
 * Why: Vite puts, in the chunk that imports a lazy part, the list of every file that part needs, so that it can fetch
 * them at once. The parts are all imported by the app's first script (routing/pages.ts, routing/adminRoutes.tsx), so
 * that script carried the file list of every page of the app — ~6 KiB gzipped of every public page's first visit
 * (issue 27 §3: ≤ 160 KiB). Here those lists are left out of the script (`resolveDependencies` below) and kept in a file
 * the server reads instead: a first visit gets its own page's files, in the HTML, where the browser starts fetching
 * them before any script has run. A later navigation fetches a page's files as its code asks for them.
 *
 * The parts are read from the two route files' text: each entry is `name: <wrapper>(() => import('…'))` or
 * `export const <Part>Lazy = <wrapper>(() => import('…'))`. An `import(` in them that does not fit fails the build,
 * so a part can never silently lose its files.
 */
import type { Plugin } from 'vite';

const ROUTE_FILES = /[\\/]src[\\/]web[\\/]routing[\\/](pages\.ts|adminRoutes\.tsx)$/;
const PAGE_ENTRY = /^\s*'?([\w.-]+)'?:\s*\w+\(\s*\(\)\s*=>\s*import\('([^']+)'\)/gm;
const LAYOUT = /^export const (\w+)Lazy = [^;]*?import\('([^']+)'\)/gms;
export const PAGE_PARTS_FILE = '.vite/page-parts.json';

export interface PageParts {
  /** a part (`WithRefine`, `page:user.profile`) → its files (`/assets/…js`), but those the first script loads anyway */
  parts: Record<string, string[]>;
}

/** The parts a route file declares: part name → the import's specifier; throws when an import( does not fit. */
export function partsDeclaredIn(code: string, file = 'a route file'): Map<string, string> {
  const parts = new Map<string, string>();
  for (const [, name, spec] of code.matchAll(PAGE_ENTRY)) parts.set(`page:${name}`, spec!);
  for (const [, name, spec] of code.matchAll(LAYOUT)) parts.set(name!, spec!);
  const imports = code.match(/\bimport\(/g)?.length ?? 0;
  if (imports !== parts.size)
    throw new Error(`${file}: ${imports} lazy imports but ${parts.size} parts read (scripts/page-parts.ts)`);
  return parts;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

export function pageParts(): Plugin {
  /** part → the resolved module it imports */
  const modules = new Map<string, string>();
  /** the chunk files of the parts, whose file lists stay out of the importing script */
  const partFiles = new Set<string>();
  return {
    name: 'alumni:page-parts',
    // the route files' own text, before TypeScript and JSX are compiled away
    enforce: 'pre',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (file: string, deps: string[]) => (partFiles.has(file) ? [] : deps),
        },
      },
    }),
    async transform(code, id) {
      if (!ROUTE_FILES.test(id)) return null;
      let declared: Map<string, string>;
      try {
        declared = partsDeclaredIn(code, id);
      } catch (error) {
        this.error((error as Error).message);
      }
      for (const [part, spec] of declared) {
        const resolved = await this.resolve(spec, id);
        if (!resolved) this.error(`${id}: ${spec} (part ${part}) does not resolve`);
        modules.set(part, resolved.id);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const next of chunks.get(file)?.imports ?? []) closure(next, into);
        return into;
      };
      const loadedAnyway = new Set<string>();
      for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, loadedAnyway);
      const byModule = new Map([...chunks.values()].map((chunk) => [chunk.facadeModuleId, chunk.fileName]));
      const parts: PageParts['parts'] = {};
      for (const [part, id] of modules) {
        const file = byModule.get(id);
        if (!file) this.error(`part ${part} (${id}) has no chunk of its own`);
        partFiles.add(file);
        parts[part] = [...closure(file)].filter((f) => !loadedAnyway.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PARTS_FILE,
        source: JSON.stringify({ parts } satisfies PageParts),
      });
    },
  };
}
