/**
 * Production runs the portal with V8 flags (docs/decisions.md, "Node's young generation"): `npm start` carries them,
 * and the deploy guide's start command must carry the same ones, or operators would run a slower portal than the one
 * the bench measured.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const flagsOf = (command: string): string[] => {
  const words = command.trim().split(/\s+/);
  const node = words.indexOf('node');
  const end = words.indexOf('--import');
  return node >= 0 && end > node ? words.slice(node + 1, end) : [];
};

describe('the start command', () => {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    .start!;

  it('starts Node with a 64 MiB young generation', () => {
    expect(flagsOf(start)).toContain('--max-semi-space-size=64');
  });

  it('is the same in the deploy guide', () => {
    const guide = readFileSync('docs/deploy.md', 'utf8');
    const commands = guide.split('\n').filter((line) => /\bnode\b.*src\/server\/main\.ts/.test(line));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(flagsOf(command.slice(command.indexOf('node')))).toEqual(flagsOf(start));
  });
});
