import type { FeedRefreshResponse } from '@chartside/shared';

/**
 * Fetches every source of one user now (the manual feed update): in the API's own process locally, by the feed refresh
 * function in the cloud, so the API's feed function bundles neither the feed parser and HTML sanitizer nor web push.
 */
export interface FeedRefresher {
  refresh(userId: string): Promise<FeedRefreshResponse>;
}
