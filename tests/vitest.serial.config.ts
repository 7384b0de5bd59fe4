import { defineConfig } from 'vitest/config';
import { modelScriptingFiles, suiteTest } from './vitest.config';

export default defineConfig({
  test: {
    ...suiteTest,
    name: 'tests-serial',
    include: modelScriptingFiles,
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
});
