// Whether the browser believes it is online: navigator.onLine, followed through the online and offline events.
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

const isOnline = () => navigator.onLine;

export const useOnlineStatus = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
