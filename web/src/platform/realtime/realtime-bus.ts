// Hands the tab's realtime events to the parts of a page that follow them (an open chat streaming a reply). The shell
// owns the one WebSocket and publishes every event it receives here; a component subscribes for as long as it is
// mounted. One bus per shell, given through context: no module-level state.
import type { RealtimeEvent } from '@chartside/shared';
import { createContext, use, useEffect, useEffectEvent } from 'react';

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeBus {
  publish: (event: RealtimeEvent) => void;
  subscribe: (listener: RealtimeListener) => () => void;
}

export function createRealtimeBus(): RealtimeBus {
  const listeners = new Set<RealtimeListener>();
  return {
    publish: (event) => {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const RealtimeBusContext = createContext<RealtimeBus | null>(null);

/** Calls `onEvent` with every realtime event while the calling component is mounted. */
export function useRealtimeEvents(onEvent: RealtimeListener): void {
  const bus = use(RealtimeBusContext);
  if (!bus) throw new Error('useRealtimeEvents() needs the shell (RealtimeBusContext) above it.');
  const handle = useEffectEvent(onEvent);
  useEffect(() => bus.subscribe((event) => handle(event)), [bus]);
}
