// The feed: settings (sources and keywords), items with their read flags, the manual update, the unread count behind the
// top bar's badge, and the devices that get a push of new items. Every route works on the signed-in user's own feed only.
import { OpenAPIHono } from '@hono/zod-openapi';
import { feedContract, feedPushContract } from '@chartside/shared';
import { feedSettings, markAllFeedItemsRead, saveFeedSettings, setFeedItemRead } from '../services/feed-service';
import { subscribeDevice } from '../services/feed-push';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];

export const feedRouter = (deps: Pick<HttpDeps, 'broadcast' | 'clock' | 'feed' | 'feedRefresher' | 'pushDevices' | 'pushPublicKey'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);
  const tags = ['feed'];

  router.openapi(routeFrom(feedContract.unreadCount, { tags }), async (c) => {
    return c.json({ count: await deps.feed.unreadCount(c.get('userId')) }, 200);
  });

  router.openapi(routeFrom(feedContract.settings, { tags }), async (c) => c.json(await feedSettings(deps, c.get('userId')), 200));

  router.openapi(routeFrom(feedContract.putSettings, { tags }), async (c) => c.json(await saveFeedSettings(deps, c.get('userId'), c.req.valid('json')), 200));

  router.openapi(routeFrom(feedContract.items, { tags }), async (c) => {
    const items = await deps.feed.listItems(c.get('userId'));
    return c.json({ items: items.sort((a, b) => b.published.localeCompare(a.published)) }, 200);
  });

  router.openapi(routeFrom(feedContract.markAllRead, { tags }), async (c) => c.json({ updated: await markAllFeedItemsRead(deps, c.get('userId')) }, 200));

  router.openapi(routeFrom(feedContract.setRead, { tags }), async (c) => {
    return c.json(await setFeedItemRead(deps, c.get('userId'), c.req.valid('param').itemId, c.req.valid('json').read), 200);
  });

  router.openapi(routeFrom(feedContract.refresh, { tags }), async (c) => c.json(await deps.feedRefresher.refresh(c.get('userId')), 200));

  router.openapi(routeFrom(feedPushContract.publicKey, { tags }), async (c) => c.json({ publicKey: deps.pushPublicKey ?? null }, 200));

  router.openapi(routeFrom(feedPushContract.devices, { tags }), async (c) => {
    const devices = await deps.pushDevices.list(c.get('userId'));
    return c.json({ devices: devices.map(({ deviceId, lastUsed }) => ({ deviceId, lastUsed })) }, 200);
  });

  router.openapi(routeFrom(feedPushContract.putDevice, { tags }), async (c) => {
    return c.json(await subscribeDevice(deps, c.get('userId'), c.req.valid('param').deviceId, c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(feedPushContract.deleteDevice, { tags }), async (c) => {
    await deps.pushDevices.remove(c.get('userId'), c.req.valid('param').deviceId);
    return c.json({ deleted: true as const }, 200);
  });

  return router;
};
