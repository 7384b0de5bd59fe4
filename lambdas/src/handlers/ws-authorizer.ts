import { authorizeConnect } from '../ws/authorize';
import { realtimeDeps } from './realtime-deps';

export const handler = (event: unknown) => authorizeConnect(realtimeDeps, event);
