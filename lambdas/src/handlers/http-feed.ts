// The HTTP API's feed function: the feed, its manual update (run by the feed refresh function) and the devices that get
// its pushes.
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { handle } from 'hono/aws-lambda';
import { lambdaFeedRefresher } from '../adapters/aws/lambda-feed-refresher';
import { readVapidSecret } from '../adapters/aws/vapid-secret';
import { FeedRepository } from '../data/feed-repository';
import { PushDeviceRepository } from '../data/push-device-repository';
import { createApp } from '../http/app';
import { feedRouters, type FeedGroupDeps } from '../http/groups/feed';
import { config, table } from './base-deps';
import { httpBaseDeps } from './http-base-deps';
import { broadcast } from './realtime-deps';

const deps: FeedGroupDeps = {
  ...httpBaseDeps,
  broadcast,
  feed: new FeedRepository(table),
  pushDevices: new PushDeviceRepository(table),
  feedRefresher: config.FEED_REFRESH_FUNCTION
    ? lambdaFeedRefresher(new LambdaClient({}), config.FEED_REFRESH_FUNCTION)
    : { refresh: () => Promise.reject(new Error('FEED_REFRESH_FUNCTION is not set on this function')) },
  // No secret configured, or not filled yet: no push (the app says so).
  pushPublicKey: config.VAPID_SECRET_ARN ? (await readVapidSecret(new SecretsManagerClient({}), config.VAPID_SECRET_ARN))?.publicKey : undefined,
};

export const handler = handle(createApp(deps, (hook) => feedRouters(deps, hook)));
