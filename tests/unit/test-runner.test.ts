/**
 * `npm test` must fail when a suite fails to start, crashes or runs nothing (issue 7 §10). scripts/test.sh
 * counts each vitest run with scripts/count-report.ts from its exit status and JSON report; the fixtures
 * are real vitest 4 reports (trimmed), and one test makes vitest write such reports afresh.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countReport, readReport } from '../../scripts/count-report';

const FIXTURES = 'tests/unit/fixtures/vitest-reports';
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as unknown;

function cli(reportPath: string, status: string): { stdout: string; stderr: string; code: number | null } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/count-report.ts', reportPath, status], {
    encoding: 'utf8',
  });
  return { stdout: run.stdout, stderr: run.stderr, code: run.status };
}

describe('counting a vitest run (scripts/count-report.ts)', () => {
  it('passes a run where every test passed and vitest exited 0', () => {
    expect(countReport(fixture('pass'), 0)).toEqual({ passed: 2, failed: 0, reasons: [] });
  });

  it('counts each failed test', () => {
    expect(countReport(fixture('fail'), 1)).toEqual({ passed: 1, failed: 1, reasons: [] });
  });

  it('fails a test file that did not load, even when every other test passed', () => {
    const count = countReport(fixture('broken'), 1);
    expect(count.passed).toBe(2);
    expect(count.failed).toBe(1);
    expect(count.reasons).toEqual([expect.stringMatching(/b\.test\.ts: did not run \(Cannot find module/)]);
  });

  it('fails a run that found no test files', () => {
    expect(countReport(fixture('none'), 1)).toEqual({ passed: 0, failed: 1, reasons: ['no test files found'] });
    // even if vitest were told to exit 0 without files (--passWithNoTests)
    expect(countReport(fixture('none'), 0)).toEqual({ passed: 0, failed: 1, reasons: ['no test files found'] });
  });

  it('fails a file that holds no test, and a run where no test ran', () => {
    const count = countReport(fixture('empty'), 1);
    expect(count.passed).toBe(0);
    expect(count.failed).toBe(2);
    expect(count.reasons).toEqual([
      expect.stringMatching(/a\.test\.ts: did not run \(No test found in suite/),
      'no test ran',
    ]);
  });

  it('fails skipped and todo tests, and a run where nothing but them was found', () => {
    // vitest itself exits 0 here
    const count = countReport(fixture('skip'), 0);
    expect(count.passed).toBe(0);
    expect(count.failed).toBe(3);
    expect(count.reasons).toEqual([
      expect.stringMatching(/"s" was skipped/),
      expect.stringMatching(/"t" was todo/),
      'no test ran',
    ]);
  });

  it('fails a run that exited non-zero with every test passed (an unhandled error after the tests)', () => {
    expect(countReport(fixture('crash'), 1)).toEqual({
      passed: 1,
      failed: 1,
      reasons: [expect.stringMatching(/exited with status 1/)],
    });
    expect(countReport(fixture('crash'), 0)).toEqual({ passed: 1, failed: 0, reasons: [] });
  });

  it('fails a missing or malformed report', () => {
    expect(countReport(null, 0)).toEqual({ passed: 0, failed: 1, reasons: ['no report: the run itself failed'] });
    expect(countReport({ hello: 'world' }, 0).failed).toBe(1);
    expect(countReport({ numPassedTests: '3', numFailedTests: 0, numTotalTests: 3 }, 0).failed).toBe(1);
    expect(countReport([], 0).failed).toBe(1);
    expect(readReport(join(FIXTURES, 'does-not-exist.json'))).toBeNull();
  });

  it('prints "PASSED FAILED" and the reasons from the command line', () => {
    expect(cli(join(FIXTURES, 'pass.json'), '0')).toEqual({ stdout: '2 0\n', stderr: '', code: 0 });
    const broken = cli(join(FIXTURES, 'broken.json'), '1');
    expect(broken.stdout).toBe('2 1\n');
    expect(broken.stderr).toMatch(/counted as failed: .*b\.test\.ts: did not run/);
    expect(cli(join(FIXTURES, 'does-not-exist.json'), '0').stdout).toBe('0 1\n');
    expect(cli(join(FIXTURES, 'pass.json'), 'garbage').stdout).toBe('2 1\n');
    // four child processes with tsx: 5 s was not enough on a loaded machine
  }, 60_000);
});

describe('real vitest runs, counted', () => {
  const scratch = join(process.cwd(), '.tmp');
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'count-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runVitest(files: Record<string, string>): { status: number; report: unknown } {
    const root = mkdtempSync(join(dir, 'run-'));
    writeFileSync(join(root, 'vitest.config.mjs'), "export default { test: { include: ['**/*.test.ts'] } };\n");
    for (const [name, source] of Object.entries(files)) writeFileSync(join(root, name), source);
    const reportPath = join(root, 'report.json');
    let status = 0;
    try {
      execFileSync(
        process.execPath,
        [
          'node_modules/vitest/vitest.mjs',
          'run',
          '--root',
          root,
          '--config',
          join(root, 'vitest.config.mjs'),
          '--reporter=json',
          `--outputFile.json=${reportPath}`,
        ],
        {
          stdio: 'ignore',
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
        },
      );
    } catch (error) {
      status = (error as { status: number }).status;
    }
    return { status, report: readReport(reportPath) };
  }

  const passing = "import { it, expect } from 'vitest';\nit('ok', () => expect(1 + 1).toBe(2));\n";

  it('passes a good file and fails the same run with a file that cannot load', { timeout: 60_000 }, () => {
    const good = runVitest({ 'a.test.ts': passing });
    expect(good.status).toBe(0);
    expect(countReport(good.report, good.status)).toEqual({ passed: 1, failed: 0, reasons: [] });

    const bad = runVitest({
      'a.test.ts': passing,
      'b.test.ts': "import './missing-module.js';\n" + passing,
      'c.test.ts': "import { describe } from 'vitest';\ndescribe('x', () => {});\n",
    });
    expect(bad.status).not.toBe(0);
    const count = countReport(bad.report, bad.status);
    expect(count.passed).toBe(1);
    expect(count.failed).toBe(2);
  });
});
