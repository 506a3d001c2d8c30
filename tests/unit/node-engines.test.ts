/**
 * Issue 25 §9: `npm ci` warned that cookie@2.0.2 needs Node 22 while package.json declares Node 20.19 too. Every
 * package the lock file installs must accept the lowest Node this project declares (npm's EBADENGINE check).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// npm's own range checker (a dependency of many of ours; the same one npm uses for EBADENGINE)
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));

describe('the Node versions of the installed packages', () => {
  it("accept the lowest Node of package.json's engines", () => {
    const declared = (read('package.json') as { engines: { node: string } }).engines.node;
    const lowest = semver.minVersion(declared)?.version;
    expect(lowest).toBe('20.19.0');
    const packages = Object.entries(
      (read('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } }> })
        .packages,
    ).filter(([path, entry]) => path !== '' && typeof entry.engines?.node === 'string');
    expect(packages.length).toBeGreaterThan(100);
    const refusing = packages
      .filter(([, entry]) => !semver.satisfies(lowest!, entry.engines!.node!))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
