// Server state of the feed: how many items are unread (the top bar's badge).
import { feedContract } from '@chartside/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';

export const feedKeys = {
  all: ['feed'] as const,
  unreadCount: () => [...feedKeys.all, 'unread-count'] as const,
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
