import { onMessage } from '../ws/default';
import { realtimeDeps } from './realtime-deps';

export const handler = (event: unknown) => onMessage(realtimeDeps, event);
