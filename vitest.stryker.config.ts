import { defineConfig } from 'vitest/config';

/**
 * The unit tests only, for mutation testing (npm run test:mutation, stryker.config.mjs). The API and
 * browser suites are too slow to run once per mutant. Two unit files cover none of the mutated code and
 * are slow, so they are left out here (npm test runs them): test-runner.test.ts (scripts/test.sh's
 * counting, spawning vitest itself), web-libs.test.ts (the browser bundle's libraries) and
 * schema-types.test.ts (compares generated types with the committed file, which Stryker's sandbox
 * copy of the tree does not reproduce byte for byte).
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    exclude: ['tests/unit/test-runner.test.ts', 'tests/unit/web-libs.test.ts', 'tests/unit/schema-types.test.ts', '**/node_modules/**'],
    environment: 'node',
    expect: { requireAssertions: true },
  },
});
