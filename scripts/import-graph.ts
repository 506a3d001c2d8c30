/**
 * Folder-level import graph of src/ as a Mermaid flowchart (docs/architecture.md keeps its output).
 * `node --import tsx scripts/import-graph.ts` prints the floors' diagram; `--modules` the arrows between server modules; `--json` the edges.
 * Imports are read with TypeScript's own pre-processor (import/export-from/dynamic import), relative ones resolved.
 */
import { readdirSync, statSync, existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');

export interface FileImport {
  from: string; // path relative to the repository, forward slashes
  to: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveImport(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const posix = (p: string) => relative(ROOT, p).split(sep).join('/');

/** Every relative import between files under src/ (JSON, CSS and other assets included as targets). */
export function fileImports(srcDir = SRC): FileImport[] {
  const edges: FileImport[] = [];
  for (const file of sourceFiles(srcDir)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName);
      if (target) edges.push({ from: posix(file), to: posix(target) });
    }
  }
  return edges;
}

/** The folder a file counts under: shared, server/<dir>, server/modules/<module>, web/<dir>, or the floor itself for root files. */
export function folderOf(path: string, splitModules: boolean): string {
  const parts = path.replace(/^src\//, '').split('/');
  const [floor, second, third] = parts;
  if (floor === 'shared' || parts.length === 2) return floor ?? path;
  if (floor === 'server' && second === 'modules' && splitModules && parts.length > 3) return `server/modules/${third}`;
  return `${floor}/${second}`;
}

export function folderEdges(edges: FileImport[], splitModules: boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { from, to } of edges) {
    if (!to.startsWith('src/')) continue;
    const a = folderOf(from, splitModules);
    const b = folderOf(to, splitModules);
    if (a === b) continue;
    const key = `${a} --> ${b}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function mermaid(counts: Map<string, number>): string {
  const id = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');
  const nodes = new Set<string>();
  for (const key of counts.keys()) for (const n of key.split(' --> ')) nodes.add(n);
  const floors = ['server', 'web', 'shared'];
  const lines = ['flowchart LR'];
  for (const floor of floors) {
    const inside = [...nodes].filter((n) => n === floor || n.startsWith(`${floor}/`)).sort();
    if (inside.length === 0) continue;
    lines.push(`  subgraph ${floor}_floor["src/${floor}"]`);
    for (const n of inside) lines.push(`    ${id(n)}["${n}"]`);
    lines.push('  end');
  }
  for (const [key, n] of [...counts.entries()].sort()) {
    const [a, b] = key.split(' --> ') as [string, string];
    const crossFloor = a.split('/')[0] !== b.split('/')[0] && b !== 'shared';
    lines.push(`  ${id(a)} ${crossFloor ? '==>' : '-->'}|${n}| ${id(b)}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const splitModules = process.argv.includes('--modules');
  let counts = folderEdges(fileImports(), splitModules);
  // --modules: only the arrows between server modules (the floors' picture is the default)
  if (splitModules)
    counts = new Map([...counts].filter(([key]) => key.split(' --> ').every((n) => n.startsWith('server/modules/'))));
  if (process.argv.includes('--json')) console.log(JSON.stringify(Object.fromEntries(counts), null, 2));
  else console.log(mermaid(counts));
}
