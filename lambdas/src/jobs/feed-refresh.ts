// The scheduled feed refresh (every FEED_REFRESH_HOURS: EventBridge in the cloud, an interval in the local runtime): every
// user with feed settings, a few users at a time, each user's sources a few at a time. One user's failure is logged and
// the others still refresh. Given a time to start no user after (the Lambda's deadline less one user's longest refresh),
// the users not reached are counted and left to the next run; the order is shuffled each run so it is never the same
// users who wait.
import * as z from 'zod';
import { mapLimited, refreshFeed, type FeedDeps } from '../services/feed-service';

const OneUser = z.object({ userId: z.string().min(1) });
/** The user of the feed refresh function's event when the API's manual update sent it; undefined for the schedule's. */
export const userOfRefreshEvent = (event: unknown): string | undefined => OneUser.safeParse(event).data?.userId;

/** Users refreshed at once: each fetches up to 8 sources at once, so about 32 fetches are under way. */
const USER_CONCURRENCY = 4;

export interface FeedRefreshSummary {
  users: number;
  added: number;
  failedUsers: number;
  /** Users not started before `startBefore`. */
  skippedUsers: number;
}

export interface FeedRefreshOptions {
  /** No user's refresh starts after this time. */
  startBefore?: Date;
}

const shuffled = <T>(values: readonly T[]): T[] => {
  const result = [...values];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
};

export const refreshAllFeeds = async (deps: FeedDeps, options: FeedRefreshOptions = {}): Promise<FeedRefreshSummary> => {
  const summary: FeedRefreshSummary = { users: 0, added: 0, failedUsers: 0, skippedUsers: 0 };
  const users = shuffled(await deps.feed.usersWithSettings());
  await mapLimited(users, USER_CONCURRENCY, async (userId) => {
    if (options.startBefore && deps.clock.now() >= options.startBefore) {
      summary.skippedUsers += 1;
      return;
    }
    summary.users += 1;
    try {
      summary.added += (await refreshFeed(deps, userId)).added;
    } catch (error) {
      summary.failedUsers += 1;
      deps.logger.error('feed refresh failed for a user', { userId, error: error instanceof Error ? error.message : String(error) });
    }
  });
  deps.logger.info('feed refresh done', { ...summary });
  return summary;
};
