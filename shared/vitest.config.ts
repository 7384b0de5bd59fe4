import { defineConfig } from 'vitest/config';

// vmForks: each file in a VM context of a worker that stays, so the modules load once per worker, not once per file.
export default defineConfig({ test: { name: 'shared', include: ['src/**/*.test.ts'], pool: 'vmForks' } });
