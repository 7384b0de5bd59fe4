import { defineConfig } from 'vitest/config';

/**
 * Files that run one at a time, after the others, in the project `tests-serial` (vitest.serial.config.ts): those that
 * script the suite's one model double (its queue of replies and its list of requests are shared).
 */
export const serialFiles = [
  'e2e/ai-tools.test.ts',
  'e2e/chat.test.ts',
  'e2e/patient-tools.test.ts',
  'e2e/prompts.test.ts',
  'integration/chat.test.ts',
  'integration/library-ask.test.ts',
];

export const suiteTest = {
  globalSetup: ['harness/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A page re-rendering after a click can take seconds on a loaded two-core machine; 1 s (the default) flakes.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    ...suiteTest,
    name: 'tests',
    include: ['integration/**/*.test.ts', 'e2e/**/*.test.ts'],
    exclude: serialFiles,
    // Two files at a time: each makes its own users, so they share the runtime without sharing data, and a browser
    // test mostly waits (on the runtime, the emulators, the page), so two keep both cores busy.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
