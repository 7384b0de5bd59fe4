// The feed refresh, invoked every FEED_REFRESH_HOURS by an EventBridge Scheduler schedule: every user's sources fetched.
// The HTTP API's manual update invokes it too, for one user, and gets what the refresh added.
// No user is started in the function's last minutes, so the one under way can finish: 50 sources, 8 at a time, each
// within FEED_TIMEOUT_MS (10 s) take at most 70 s, then the writes.
import type { Context } from 'aws-lambda';
import { refreshAllFeeds, userOfRefreshEvent } from '../jobs/feed-refresh';
import { refreshFeed } from '../services/feed-service';
import { feedRefreshConfig } from './cloud-config';
import { cloudPushSender } from './cloud-push';
import { cloudFeedRefreshDeps } from './feed-refresh-deps';

const LAST_USER_MS = 2 * 60_000;

const config = feedRefreshConfig();
const deps = cloudFeedRefreshDeps(config, await cloudPushSender(config));

export const handler = (event: unknown, context: Pick<Context, 'getRemainingTimeInMillis'>) => {
  const userId = userOfRefreshEvent(event);
  if (userId) return refreshFeed(deps, userId);
  return refreshAllFeeds(deps, { startBefore: new Date(Date.now() + context.getRemainingTimeInMillis() - LAST_USER_MS) });
};
