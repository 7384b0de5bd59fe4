// The connectivity signal in a component: true while Chartside can reach its server.
import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity';

export const useOnline = (): boolean => useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
