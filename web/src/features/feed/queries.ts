// Server state of the feed: the unread count (the top bar's badge), the items, the settings, and the calls that change
// them. A read flag changes on screen at once and goes back if the server refuses; the badge follows the server's count,
// pushed over the WebSocket as feed.updated.
import { feedContract, feedPushContract, type FeedItem, type FeedSettings, type PutFeedSettingsBody } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/api-error';
import { useApi } from '../../platform/platform-context';
import { currentSubscription, pushDeviceId, pushSupported, subscribeThisBrowser } from './push-subscription';

export const feedKeys = {
  all: ['feed'] as const,
  unreadCount: () => [...feedKeys.all, 'unread-count'] as const,
  items: () => [...feedKeys.all, 'items'] as const,
  settings: () => [...feedKeys.all, 'settings'] as const,
  push: () => [...feedKeys.all, 'push'] as const,
};

/** Checked again every few minutes and whenever the window regains focus. */
export const UNREAD_REFRESH_MS = 5 * 60_000;

export function useUnreadCount(): number {
  const api = useApi();
  const { data } = useQuery({
    queryKey: feedKeys.unreadCount(),
    queryFn: ({ signal }) => api.call(feedContract.unreadCount, { signal }),
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return data?.count ?? 0;
}

/** The badge text: nothing at 0, the number up to 99, then '99+' (spec sections 2 and 9). */
export const unreadBadge = (count: number): string | undefined => (count <= 0 ? undefined : count > 99 ? '99+' : String(count));

/** A feed.updated push: the badge shows the server's count at once, and an open list reads the items again. */
export const feedChangedElsewhere = (queryClient: QueryClient, event: { unread: number }) => {
  queryClient.setQueryData(feedKeys.unreadCount(), { count: event.unread });
  void queryClient.invalidateQueries({ queryKey: feedKeys.items() });
};

export function useFeedItems() {
  const api = useApi();
  return useQuery({ queryKey: feedKeys.items(), queryFn: ({ signal }) => api.call(feedContract.items, { signal }), select: (data) => data.items });
}

export function useFeedSettings() {
  const api = useApi();
  return useQuery({ queryKey: feedKeys.settings(), queryFn: ({ signal }) => api.call(feedContract.settings, { signal }) });
}

export function useSaveFeedSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutFeedSettingsBody) => api.call(feedContract.putSettings, { body }),
    onSuccess: (settings: FeedSettings) => {
      queryClient.setQueryData(feedKeys.settings(), settings);
      void queryClient.invalidateQueries({ queryKey: feedKeys.items() });
    },
  });
}

/** The manual feed update: every source fetched now; each source's outcome shows in the settings. */
export function useRefreshFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(feedContract.refresh),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.items() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.settings() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.unreadCount() });
    },
  });
}

const withRead = (items: FeedItem[] | undefined, read: (item: FeedItem) => boolean) => items?.map((item) => ({ ...item, read: read(item) }));

export function useSetRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => api.call(feedContract.setRead, { params: { itemId: id }, body: { read } }),
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: feedKeys.items() });
      const before = queryClient.getQueryData<{ items: FeedItem[] }>(feedKeys.items());
      queryClient.setQueryData<{ items: FeedItem[] }>(feedKeys.items(), (data) => data && { items: withRead(data.items, (item) => (item.id === id ? read : item.read))! });
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(feedKeys.items(), context?.before),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useMarkAllRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(feedContract.markAllRead),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

/**
 * Whether this browser gets feed notifications: the server's VAPID key (null: no push on this server), and on when this
 * browser holds a push subscription and the server a record of this device (a record dropped as gone reads as off).
 */
export function usePushState() {
  const api = useApi();
  return useQuery({
    queryKey: feedKeys.push(),
    enabled: pushSupported(),
    queryFn: async ({ signal }) => {
      const [{ publicKey }, { devices }, subscription] = await Promise.all([
        api.call(feedPushContract.publicKey, { signal }),
        api.call(feedPushContract.devices, { signal }),
        currentSubscription(),
      ]);
      const deviceId = pushDeviceId();
      return { publicKey, on: subscription !== null && Notification.permission === 'granted' && devices.some((d) => d.deviceId === deviceId) };
    },
  });
}

/** Switches this browser's feed notifications on (permission, subscription, the server's record) or off. */
export function useSetPush() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ on, publicKey }: { on: boolean; publicKey: string }) => {
      const params = { deviceId: pushDeviceId() };
      if (on) {
        const subscription = await subscribeThisBrowser(publicKey);
        const { endpoint, keys } = subscription.toJSON();
        try {
          await api.call(feedPushContract.putDevice, { params, body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } } });
        } catch (error) {
          // Not stored by the server: a subscription nothing sends to is only noise for the push service.
          await subscription.unsubscribe();
          throw error;
        }
        return;
      }
      await (await currentSubscription())?.unsubscribe();
      await api.call(feedPushContract.deleteDevice, { params }).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: feedKeys.push() }),
  });
}
