import { inject } from 'vitest';

/** The suite's runtime, started by the global setup. */
export const sharedRuntime = () => ({ url: inject('runtimeUrl'), port: inject('runtimePort'), dataDir: inject('runtimeDataDir') });
