import { onConnect } from '../ws/connect';
import { realtimeDeps } from './realtime-deps';

export const handler = (event: unknown) => onConnect(realtimeDeps, event);
