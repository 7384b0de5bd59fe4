// The local runtime's nightly backup: a timer standing in for the cloud's EventBridge schedule, calling the same job, and
// pruning backups past the retention (which the cloud's bucket lifecycle does there).
import type { Logger } from '@aws-lambda-powertools/logger';
import { runNightlyBackup, type BackupDeps } from '@chartside/lambdas/jobs/backup';

/** Milliseconds from `now` to the next `HH:MM` UTC (tomorrow's when today's has passed). */
export const msUntilNext = (now: Date, timeUtc: string): number => {
  const [hours, minutes] = timeUtc.split(':').map(Number);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
};

export const scheduleNightlyBackup = (deps: BackupDeps & { logger: Logger }, options: { timeUtc: string; retentionDays: number }) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runNightlyBackup(deps, { pruneAfterDays: options.retentionDays })
        .catch((error: unknown) => deps.logger.error('Nightly backup failed', { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }))
        .finally(arm);
    }, msUntilNext(deps.clock.now(), options.timeUtc));
    // The timer alone never keeps the process alive.
    timer.unref();
  };
  arm();
  return {
    /** Stops the timer and waits for a backup under way, so the emulators are not closed under it. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
