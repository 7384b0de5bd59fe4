import type { HealthReport } from '@chartside/shared';

type DependencyState = HealthReport['dependencies'][string];

/** Reports the state of each dependency the runtime relies on. */
export type HealthCheck = () => Promise<HealthReport>;

/** Asks one dependency whether it is up. */
export type DependencyProbe = () => Promise<DependencyState>;

/**
 * A dependency with no answer after this long is reported down, so the health route answers in bounded time: a monitor,
 * and the web app asking whether the server is there (it gives up after 5 s), must not wait on a stuck dependency.
 */
export const PROBE_DEADLINE_MS = 3_000;

/** The health check asking every probe at once, each given `deadlineMs`. */
export const healthCheckOf =
  (probes: Record<string, DependencyProbe>, deadlineMs = PROBE_DEADLINE_MS): HealthCheck =>
  async () => {
    const names = Object.keys(probes);
    const states = await Promise.all(names.map((name) => withinDeadline(probes[name]!, deadlineMs)));
    return { status: states.every((state) => state.ok) ? 'ok' : 'degraded', dependencies: Object.fromEntries(names.map((name, i) => [name, states[i]!])) };
  };

const withinDeadline = (probe: DependencyProbe, deadlineMs: number): Promise<DependencyState> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${deadlineMs / 1000} s` }), deadlineMs);
  });
  return Promise.race([probe(), late]).finally(() => clearTimeout(timer));
};
