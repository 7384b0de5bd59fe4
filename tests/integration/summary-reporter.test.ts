// npm test's count: an error no test owns is a failure, even when every test passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { summaryFileVariable, type TestSummary } from '../harness/summary-reporter';
import { repoRoot } from '../harness/runtime';

test('a run whose tests pass but which leaves an unhandled rejection counts as failed', () => {
  const summaryFile = path.join(mkdtempSync(path.join(tmpdir(), 'summary-')), 'summary.json');
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'tests/fixtures/unhandled-error/vitest.config.ts', `--reporter=${path.join(repoRoot, 'tests/harness/summary-reporter.ts')}`],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, [summaryFileVariable]: summaryFile, VITEST: undefined, VITEST_POOL_ID: undefined, VITEST_WORKER_ID: undefined } },
  );

  expect(run.status, run.stderr).not.toBe(0);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as TestSummary;
  expect(summary.passed).toBe(2);
  expect(summary.failed).toBe(1);
  expect(summary.failedTests).toEqual([]);
  expect(summary.unhandledErrors).toEqual(['Error: rejected after the test had passed']);
});
