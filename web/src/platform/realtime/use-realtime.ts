// Keeps the tab's realtime connection open while the calling component is mounted.
import { realtimeContract, type RealtimeEvent } from '@chartside/shared';
import { useEffect, useEffectEvent } from 'react';
import { usePlatform } from '../platform-context';
import { connectRealtime } from './realtime-connection';

export interface RealtimeHandlers {
  onEvent: (event: RealtimeEvent) => void;
  onReconnect?: () => void;
}

export function useRealtime({ onEvent, onReconnect }: RealtimeHandlers): void {
  const { config, clientId, api } = usePlatform();
  const handleEvent = useEffectEvent(onEvent);
  const handleReconnect = useEffectEvent(() => onReconnect?.());

  useEffect(() => {
    const connection = connectRealtime({
      wsUrl: config.wsUrl,
      clientId,
      getTicket: async () => (await api.call(realtimeContract.ticket)).ticket,
      onEvent: (event) => handleEvent(event),
      onReconnect: () => handleReconnect(),
    });
    return () => connection.close();
  }, [config.wsUrl, clientId, api]);
}
