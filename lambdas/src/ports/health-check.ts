import type { HealthReport } from '@chartside/shared';

/** Reports the state of each dependency the runtime relies on. */
export type HealthCheck = () => Promise<HealthReport>;
