import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tests',
    include: ['integration/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['harness/global-setup.ts'],
    // A guard against a hung test, not a measure. On a slower machine of this kind (Chromium 156, 2026-11-26) the browser
    // and CLI files took about twice as long as the session before (patient-autosave 110 → 215 s, shell 105 → 215 s), and
    // five tests ran past the 60 s this was. The one guard for every test and hook: no file sets a lower one of its own.
    testTimeout: 150_000,
    hookTimeout: 180_000,
    // A page re-rendering after a click can take seconds on a loaded two-core machine; 1 s (the default) flakes.
    expect: { poll: { timeout: 10_000 } },
    // Four files at a time: each makes its own users (and scripts the shared model double under its own key), so they
    // share the runtime without sharing data. A browser test mostly waits (on timers, the runtime, the page): six files
    // took 107-113 s with three workers against 134-168 s with two, for the same CPU time (72-79 s); the whole project
    // took 576 s with four against about 645 s with three (2026-11-29), with both cores busy throughout.
    maxWorkers: 4,
    sequence: { groupOrder: 1 },
  },
});
