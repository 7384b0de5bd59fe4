import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Guards, not measures: \`npm test\` runs the unit files beside the browser tests at a lower priority, so a test
  // that takes milliseconds alone can wait seconds for a core.
  test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
