import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tests',
    include: ['integration/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['harness/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page re-rendering after a click can take seconds on a loaded two-core machine; 1 s (the default) flakes.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time: each makes its own users (and scripts the shared model double under its own key), so they
    // share the runtime without sharing data, and a browser test mostly waits (on the runtime, the emulators, the
    // page), so two keep both cores busy.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
