// The `web` project of the root Vitest config: components in jsdom, with the browser APIs Mantine needs stubbed.
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      // Worker threads, not processes: 89 files took 208 s on two cores against 310 s in forks (377 against 427 s of CPU).
      pool: 'threads',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A file of many renders takes seconds on a loaded two-core machine (the default is 5 s per test).
      testTimeout: 20_000,
      mockReset: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
