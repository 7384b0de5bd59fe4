import { defineConfig } from 'vitest/config';

// Forked, not in VM contexts as the other unit projects: the handlers tell Node's own errors apart with instanceof, and
// in a VM context those come from another realm.
export default defineConfig({ test: { name: 'lambdas', include: ['src/**/*.test.ts'] } });
