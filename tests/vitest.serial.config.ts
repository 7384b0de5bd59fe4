import { defineConfig } from 'vitest/config';
import { serialFiles, suiteTest } from './vitest.config';

export default defineConfig({
  test: {
    ...suiteTest,
    name: 'tests-serial',
    include: serialFiles,
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
});
