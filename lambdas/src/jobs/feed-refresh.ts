// The scheduled feed refresh (every FEED_REFRESH_HOURS: EventBridge in the cloud, an interval in the local runtime): every
// user with feed settings, one after another, each user's sources a few at a time. One user's failure is logged and the
// others still refresh.
import { refreshFeed, type FeedDeps } from '../services/feed-service';

export interface FeedRefreshSummary {
  users: number;
  added: number;
  failedUsers: number;
}

export const refreshAllFeeds = async (deps: FeedDeps): Promise<FeedRefreshSummary> => {
  const summary: FeedRefreshSummary = { users: 0, added: 0, failedUsers: 0 };
  for (const userId of await deps.feed.usersWithSettings()) {
    summary.users += 1;
    try {
      summary.added += (await refreshFeed(deps, userId)).added;
    } catch (error) {
      summary.failedUsers += 1;
      deps.logger.error('feed refresh failed for a user', { userId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  deps.logger.info('feed refresh done', { ...summary });
  return summary;
};
