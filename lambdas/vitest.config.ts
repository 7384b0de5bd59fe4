import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'lambdas', include: ['src/**/*.test.ts'] } });
