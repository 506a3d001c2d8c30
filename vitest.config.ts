import { defineConfig } from 'vitest/config';

/** Three suites: unit (pure functions), api (real app + real database via app.inject), e2e (real server + Chromium). */
// Every test must make at least one assertion: a test that asserts nothing cannot fail (docs/testing.md).
const expect = { requireAssertions: true };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', expect } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          expect,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file has its own database; two at a time keeps a 2-core machine responsive. `TEST_OVERLAP=1 npm test` runs
          // this suite beside the browser suite with API_WORKERS=1, leaving the browser its core (scripts/test.sh)
          maxWorkers: Number(process.env['API_WORKERS'] ?? 2),
          // a worker keeps the modules it imported from one file to the next: importing the server afresh for each
          // file cost ~5 s of CPU, ~10 minutes of a full run (SQLite and PostgreSQL). Files share no module state
          // that a test depends on (docs/testing.md: what a test may not assume)
          isolate: false,
          // the migrated, demo-seeded database each file copies (tests/helpers/seed-template-global.ts)
          globalSetup: ['tests/helpers/seed-template-global.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // a page waited for by expect.poll may take more than its 1 s default on a loaded machine (a reload of an
          // area page does): 10 s, as long as a person would wait, before a poll counts as failed
          expect: { ...expect, poll: { timeout: 10_000 } },
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // one file at a time. Files are independent (each has its own server on a free port, its own copy of the
          // seeded database and its own connection to the shared Chromium), but two at a time on this 2-core machine
          // took 27 min instead of ~30 and two tests timed out on a loaded page (admin-jobs, member-home) that pass
          // alone: not worth the flakes (docs/testing.md)
          fileParallelism: false,
          // one worker imports the server and the helpers once for all the files (~5 s each otherwise)
          isolate: false,
          // the built server renderer (<dist>/server) is loaded by Node as it is, like in production
          server: { deps: { external: [/[\\/]dist[^\\/]*[\\/]server[\\/]/] } },
          // one Chromium for all the files (tests/helpers/chromium-global.ts)
          // and the seeded database each file's server copies
          globalSetup: ['tests/helpers/chromium-global.ts', 'tests/helpers/seed-template-global.ts'],
        },
      },
    ],
  },
});
