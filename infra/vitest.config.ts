// The `infra` project of the root Vitest config: CDK assertions and cdk-nag, in Node.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    environment: 'node',
    // Each file in a VM context of a worker that stays: aws-cdk-lib loads once per worker, not once per file.
    pool: 'vmForks',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/cdk.out/**'],
    // A whole-app synth with cdk-nag takes a few seconds on a small machine, in a test or in its beforeAll.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
