import { defineConfig } from 'vitest/config';

/**
 * The unit tests only, for mutation testing (npm run test:mutation, stryker.config.mjs). The API and
 * browser suites are too slow to run once per mutant; tests/unit/test-runner.test.ts is left out because
 * it covers scripts/test.sh's counting (spawning vitest itself), none of the mutated code.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    exclude: ['tests/unit/test-runner.test.ts', '**/node_modules/**'],
    environment: 'node',
  },
});
