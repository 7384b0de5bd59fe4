import * as z from 'zod';

export const DependencyState = z.object({ ok: z.boolean(), detail: z.string().optional() });

export const HealthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.record(z.string(), DependencyState),
});
export type HealthReport = z.infer<typeof HealthReport>;

export const healthContract = {
  get: { method: 'get', path: '/health', summary: 'State of each dependency; 200 when all are up, 503 otherwise', response: HealthReport },
} as const;
