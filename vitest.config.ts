import { defineConfig } from 'vitest/config';

// One runner for every package; each folder may refine its own settings in its vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['shared', 'lambdas', 'web', 'infra', 'tests'],
  },
});
