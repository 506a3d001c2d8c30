/**
 * How `npm test` (scripts/test.sh) counts one vitest run, from its exit status and its JSON report only
 * (never from the text it prints). Used as
 *
 *   node --import tsx scripts/count-report.ts <report.json> <exit status>
 *
 * which prints one line `PASSED FAILED` on stdout, and on stderr the reasons for every failure counted
 * beyond failed tests. It always prints a line: a missing or unreadable report counts as one failure.
 *
 * The rules (docs/testing.md, "Counting"):
 * - every failed test counts one failure;
 * - a test file that failed without a failing test (it did not load, crashed, or holds no test) counts one;
 * - a skipped or todo test counts as failed: a test that does not run cannot fail;
 * - a run with no test run at all (no test files found, every file empty or skipped) counts one;
 * - a non-zero exit status with nothing else counted (an unhandled error, a crashed worker) counts one;
 * - no report at all, or one that is not vitest's JSON, counts one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface AssertionResult {
  status: string;
  fullName?: string;
}

export interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults?: AssertionResult[];
}

export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numTotalTests: number;
  success?: boolean;
  testResults?: FileResult[];
}

export interface Count {
  passed: number;
  failed: number;
  /** Why each failure beyond a failed test was counted. */
  reasons: string[];
}

function isReport(value: unknown): value is VitestJsonReport {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  return (
    ['numPassedTests', 'numFailedTests', 'numTotalTests'].every((key) => Number.isInteger(r[key])) &&
    (r.testResults === undefined || Array.isArray(r.testResults))
  );
}

/** Counts a parsed report (`null` when there was none or it could not be read) and the run's exit status. */
export function countReport(report: unknown, exitStatus: number): Count {
  if (report === null || report === undefined)
    return { passed: 0, failed: 1, reasons: ['no report: the run itself failed'] };
  if (!isReport(report)) return { passed: 0, failed: 1, reasons: ['the report is not a vitest JSON report'] };
  const reasons: string[] = [];
  const files = report.testResults ?? [];
  let failed = report.numFailedTests;

  for (const file of files) {
    const tests = file.assertionResults ?? [];
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      failed += 1;
      const why = (file.message ?? '').split('\n')[0]!.trim() || 'failed without a failing test';
      reasons.push(`${file.name}: did not run (${why})`);
    }
    for (const test of tests) {
      if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        failed += 1;
        reasons.push(`${file.name}: "${test.fullName ?? '?'}" was ${test.status}, not run`);
      }
    }
  }

  const ran = report.numPassedTests + report.numFailedTests;
  if (ran === 0) {
    failed += 1;
    reasons.push(files.length === 0 ? 'no test files found' : 'no test ran');
  }
  if (failed === 0 && exitStatus !== 0) {
    failed = 1;
    reasons.push(`vitest exited with status ${exitStatus} although every test passed (an unhandled error?)`);
  }
  return { passed: report.numPassedTests, failed, reasons };
}

/** Reads a report file; `null` when it is missing or not JSON. */
export function readReport(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [path, status] = process.argv.slice(2);
  const exitStatus = Number(status ?? '1');
  const count = countReport(path ? readReport(path) : null, Number.isInteger(exitStatus) ? exitStatus : 1);
  for (const reason of count.reasons) process.stderr.write(`  counted as failed: ${reason}\n`);
  process.stdout.write(`${count.passed} ${count.failed}\n`);
}
