// @ts-check
/**
 * Mutation testing (npm run test:mutation; not part of npm test): StrykerJS mutates the shared code and
 * the pure permission, auth and format code, runs the unit tests against each mutant (vitest.stryker.config.ts)
 * and reports how many mutants the tests kill. Reports go to reports/mutation/ (git-ignored).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/shared/**/*.ts',
    'src/server/lib/password.ts',
    'src/server/lib/ids.ts',
    'src/server/lib/lists.ts',
    'src/server/lib/signedLinks.ts',
    'src/server/plugins/routeAccess.ts',
    'src/server/i18n.ts',
  ],
  coverageAnalysis: 'perTest',
  // two cores: one or two test processes keep the machine usable (STRYKER_CONCURRENCY overrides)
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: 80 },
};
