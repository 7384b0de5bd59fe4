// The one place that decides what `npm test` counts. Vitest's own JSON report leaves out errors
// raised outside a test (an unhandled rejection, a throw in a timer): those fail the run here.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface TestSummary {
  passed: number;
  /** Failed tests, plus files that failed outside any test (a load error, a failing hook), plus unhandled errors. */
  failed: number;
  failedTests: string[];
  filesFailedOutsideTests: string[];
  unhandledErrors: string[];
  slowestFiles: { file: string; durationMs: number }[];
}

/** Where the summary goes: `TEST_SUMMARY_FILE`, read by tests/run-all.mjs. */
export const summaryFileVariable = 'TEST_SUMMARY_FILE';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const outputFile = process.env[summaryFileVariable];
    if (!outputFile) return;
    const root = process.cwd();
    const relative = (module: TestModule) => path.relative(root, module.moduleId);
    const tests = testModules.flatMap((module) => [...module.children.allTests()]);
    const failedTests = tests.filter((test) => test.result().state === 'failed').map((test) => `${relative(test.module)} > ${test.fullName}`);
    const filesFailedOutsideTests = testModules
      .filter((module) => module.state() === 'failed' && ![...module.children.allTests()].some((test) => test.result().state === 'failed'))
      .map((module) => `${relative(module)}: ${module.errors().map((error) => error.message).join('; ') || 'failed outside its tests'}`);
    const summary: TestSummary = {
      passed: tests.filter((test) => test.result().state === 'passed').length,
      failed: failedTests.length + filesFailedOutsideTests.length + unhandledErrors.length,
      failedTests,
      filesFailedOutsideTests,
      unhandledErrors: unhandledErrors.map((error) => `${error.name ?? 'Error'}: ${error.message}`),
      slowestFiles: testModules
        .map((module) => ({ file: relative(module), durationMs: Math.round(module.diagnostic().duration) }))
        .sort((a, b) => b.durationMs - a.durationMs)
        .slice(0, 10),
    };
    mkdirSync(path.dirname(outputFile), { recursive: true });
    writeFileSync(outputFile, JSON.stringify(summary, null, 2));
  }
}
