// The `web` project of the root Vitest config: components in jsdom, with the browser APIs Mantine needs stubbed.
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A guard, not a measure: `npm test` runs the unit files beside the browser tests at a lower priority, where a test
      // of many renders that takes a second alone can wait many seconds for a core (the default is 5 s per test).
      testTimeout: 60_000,
      mockReset: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
