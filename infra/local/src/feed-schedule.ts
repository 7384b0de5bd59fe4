// The local runtime's feed refresh: the cloud's EventBridge schedule as an interval calling the same job. A run still
// going when the next is due is not started twice.
import { FEED_REFRESH_HOURS } from '@chartside/shared';
import { refreshAllFeeds } from '@chartside/lambdas/jobs/feed-refresh';
import type { FeedDeps } from '@chartside/lambdas/services/feed-service';

export const scheduleFeedRefresh = (deps: FeedDeps, everyMs = FEED_REFRESH_HOURS * 3_600_000) => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= refreshAllFeeds(deps)
      .catch((error: unknown) => deps.logger.error('feed refresh crashed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
