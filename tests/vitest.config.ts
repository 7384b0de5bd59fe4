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
    // Two cores: browser tests and runtimes are heavy, so files run one at a time.
    fileParallelism: false,
  },
});
