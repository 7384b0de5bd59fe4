// The HTTP API's feed function: the feed, its manual update and the devices that get its pushes.
import { handle } from 'hono/aws-lambda';
import { fetchFeed } from '../adapters/feeds/fetch-feed';
import { createPublicWeb } from '../adapters/public-web/public-web';
import { FeedRepository } from '../data/feed-repository';
import { PushDeviceRepository } from '../data/push-device-repository';
import { createApp } from '../http/app';
import { feedRouters, type FeedGroupDeps } from '../http/groups/feed';
import { cloudPushSender } from './cloud-push';
import { httpBaseDeps } from './http-base-deps';
import { config, table } from './base-deps';
import { broadcast } from './realtime-deps';

// In the cloud a user's address must be on the public internet: never the function's own network.
const web = createPublicWeb({ contactEmail: config.ARTICLE_CONTACT_EMAIL, allowPrivateHosts: false });

const deps: FeedGroupDeps = {
  ...httpBaseDeps,
  broadcast,
  feed: new FeedRepository(table),
  pushDevices: new PushDeviceRepository(table),
  feedFetcher: fetchFeed({ web, timeoutMs: config.FEED_TIMEOUT_MS }),
  push: await cloudPushSender(config),
};

export const handler = handle(createApp(deps, (hook) => feedRouters(deps, hook)));
