// The feed refresh's adapters in the cloud (the schedule's, and a user's manual update): the table, the feed fetcher
// (public addresses only), the WebSocket API for the unread badge of users' open tabs, and web push (cloud-push.ts).
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { fetchFeed } from '../adapters/feeds/fetch-feed';
import { apiGatewayConnectionPoster } from '../adapters/aws/api-gateway-connection-poster';
import { documentTable } from '../adapters/aws/dynamodb';
import { createLogger } from '../adapters/aws/logger';
import { createPublicWeb } from '../adapters/public-web/public-web';
import { ConnectionRepository } from '../data/connection-repository';
import { FeedRepository } from '../data/feed-repository';
import { PushDeviceRepository } from '../data/push-device-repository';
import { systemClock } from '../ports/clock';
import type { PushSender } from '../ports/push-sender';
import type { FeedDeps } from '../services/feed-service';
import { createBroadcast } from '../ws/broadcast';
import type { FeedRefreshConfig } from './cloud-config';

export const cloudFeedRefreshDeps = (config: FeedRefreshConfig, push: PushSender | undefined): FeedDeps => {
  const table = documentTable(config.TABLE_NAME);
  const logger = createLogger(config.LOG_LEVEL);
  const poster = apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ endpoint: config.WS_MANAGEMENT_ENDPOINT }));
  const web = createPublicWeb({ contactEmail: config.ARTICLE_CONTACT_EMAIL, allowPrivateHosts: false });
  return {
    feed: new FeedRepository(table),
    pushDevices: new PushDeviceRepository(table),
    push,
    feedFetcher: fetchFeed({ web, timeoutMs: config.FEED_TIMEOUT_MS }),
    broadcast: createBroadcast({ connections: new ConnectionRepository(table, systemClock), poster, logger }),
    clock: systemClock,
    logger,
  };
};
