import { onDisconnect } from '../ws/connect';
import { realtimeDeps } from './realtime-deps';

export const handler = (event: unknown) => onDisconnect(realtimeDeps, event);
