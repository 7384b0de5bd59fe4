// Web push of new feed items. A device opts in from Feed Settings (its PushSubscription stored as the device push token
// record); after a refresh stores new items, every device of the user gets one push when some of them match the user's
// keywords. No keywords, nothing matches: the switch promises items matching keywords, and a push for every item of
// every journal would be noise. Pushes never fail the refresh: a dead subscription (404 or 410) is dropped, any other
// failure is logged.
import type { Logger } from '@aws-lambda-powertools/logger';
import {
  AppError,
  FEED_PUSH_TTL_SECONDS,
  FEED_PUSH_URL,
  MAX_PUSH_TITLE,
  type FeedItem,
  type FeedPushMessage,
  type PushDevice,
  type PutPushDeviceBody,
} from '@chartside/shared';
import type { PushDeviceRepository } from '../data/push-device-repository';
import type { Clock } from '../ports/clock';
import type { PushSender } from '../ports/push-sender';

export interface FeedPushDeps {
  pushDevices: PushDeviceRepository;
  /** Unset when the deployment has no VAPID keys: no push. */
  push: PushSender | undefined;
  clock: Clock;
  logger: Logger;
}

const pushNotSetUp = () => new AppError('unavailable', 'Notifications are not set up on this server.');

/** Stores a device's subscription; `pushPublicKey` is unset when the deployment has no VAPID keys (no push). */
export const subscribeDevice = async (
  deps: Pick<FeedPushDeps, 'pushDevices' | 'clock'> & { pushPublicKey: string | undefined },
  userId: string,
  deviceId: string,
  body: PutPushDeviceBody,
): Promise<PushDevice> => {
  if (!deps.pushPublicKey) throw pushNotSetUp();
  const device = { deviceId, lastUsed: deps.clock.now().toISOString(), endpoint: body.endpoint, keys: body.keys };
  await deps.pushDevices.put(userId, device);
  return { deviceId, lastUsed: device.lastUsed };
};

/** The push for these new items, or none when none matches a keyword. */
export const feedPushMessage = (added: readonly FeedItem[]): FeedPushMessage | undefined => {
  const matching = added.filter((item) => item.keywords.length > 0).sort((a, b) => b.published.localeCompare(a.published));
  if (matching.length === 0) return undefined;
  return { type: 'feed.new-items', count: matching.length, title: matching[0]!.title.slice(0, MAX_PUSH_TITLE), url: FEED_PUSH_URL };
};

const reasonOf = (error: unknown) => {
  const status = (error as { statusCode?: unknown }).statusCode;
  return { error: error instanceof Error ? error.message : String(error), ...(typeof status === 'number' && { status }) };
};

/** One push per device of the user; resolves when every device was tried, whatever happened. */
export const notifyNewFeedItems = async (deps: FeedPushDeps, userId: string, added: readonly FeedItem[]): Promise<void> => {
  const message = feedPushMessage(added);
  if (!message || !deps.push) return;
  const push = deps.push;
  try {
    const devices = await deps.pushDevices.list(userId);
    const payload = JSON.stringify(message);
    await Promise.all(
      devices.map(async (device) => {
        try {
          if ((await push.send(device, payload, FEED_PUSH_TTL_SECONDS)) === 'gone') {
            await deps.pushDevices.removeGone(userId, device.deviceId, device.endpoint);
            deps.logger.info('push subscription gone, dropped', { userId, deviceId: device.deviceId });
          } else {
            await deps.pushDevices.touch(userId, device, deps.clock.now().toISOString());
          }
        } catch (error) {
          deps.logger.warn('feed push failed', { userId, deviceId: device.deviceId, ...reasonOf(error) });
        }
      }),
    );
  } catch (error) {
    deps.logger.error('feed pushes failed', { userId, ...reasonOf(error) });
  }
};
