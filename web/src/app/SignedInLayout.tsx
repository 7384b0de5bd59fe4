// Every signed-in route renders inside this layout: it keeps the realtime connection open and turns server
// events into cache invalidations. The app shell (top bar, menus) will live here.
import type { RealtimeEvent } from '@chartside/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { meKeys } from '../features/home/queries';
import { useRealtime } from '../platform/realtime/use-realtime';

export function SignedInLayout() {
  const queryClient = useQueryClient();

  useRealtime({
    onEvent: (event: RealtimeEvent) => {
      if (event.type === 'user.updated') void queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
    onReconnect: () => void queryClient.invalidateQueries(),
  });

  return <Outlet />;
}
