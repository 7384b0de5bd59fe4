// The `web` project of the root Vitest config: components in jsdom, with the browser APIs Mantine needs stubbed.
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      // Each file in a VM context of a worker that stays, not a process of its own: jsdom, React and Mantine load once
      // per worker instead of once per file. Measured, the four unit projects together: 355 s forked, 197 s this way.
      pool: 'vmForks',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A guard, not a measure, which no file lowers: a file of many renders takes seconds on a loaded two-core machine
      // (the default is 5 s per test).
      testTimeout: 60_000,
      mockReset: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
