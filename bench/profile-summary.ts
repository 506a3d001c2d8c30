/**
 * Summarises a V8 .cpuprofile (written by `node --cpu-prof`): the functions with the most self time, and the
 * same grouped by package / source file, so "what does each request pay for" reads at a glance.
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top=30]
 *
 * `npm run bench -- --profile` runs the portal under --cpu-prof and prints this for its profile.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a source URL belongs: the npm package, or the file of ours under src/. */
function owner(url: string): string {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(src\/.*|bench\/.*)$/.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/**
 * `skipSeconds`: samples of the first seconds of the process are left out (the start — loading modules,
 * compiling schemas — is not what a request pays for).
 */
export function summarise(file: string, top = 30, skipSeconds = 0): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    elapsed += profile.timeDeltas[i] ?? 0;
    if (elapsed < skipSeconds * 1e6) continue;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  // inclusive time of our own functions (src/): what a request pays in each, callees included
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!/\/src\//.test(url)) continue;
      const name = `${functionName || '(anonymous)'}  ${owner(url)}:${lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0) || 1;
  const fn = new Map<string, number>();
  const group = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idle += us;
    const name = `${functionName || '(anonymous)'}  ${owner(url)}${url ? `:${lineNumber + 1}` : ''}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    group.set(owner(url), (group.get(owner(url)) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  const lines = [
    `${file}: ${(total / 1e6).toFixed(1)} s sampled${skipSeconds ? ` (the first ${skipSeconds.toFixed(1)} s left out)` : ''}, idle ${pct(idle)}`,
    '',
    'Self time by function:',
  ];
  for (const [name, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${name}`);
  lines.push('', 'Self time by package / file:');
  for (const [name, us] of [...group].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${name}`);
  lines.push('', 'Inclusive time of our functions (src/, callees included):');
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us)}  ${name}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: profile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summarise(file, Number(process.argv[3] ?? 30), Number(process.argv[4] ?? 0)));
}
