import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './tests/harness/slowest-first-sequencer.ts';

// One runner for every package; each folder may refine its own settings in its vitest.config.ts.
export default defineConfig({
  test: {
    // Two cores: unit files run two at a time (the browser tests set their own pace in tests/).
    maxWorkers: 2,
    projects: ['shared', 'lambdas', 'web', 'infra', 'tests'],
    // Only the root config may order the files (the slowest browser and integration files first).
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
