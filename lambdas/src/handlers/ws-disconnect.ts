import { onDisconnect } from '../ws/connect';
import { realtimeDeps } from './cloud-deps';

export const handler = (event: unknown) => onDisconnect(realtimeDeps, event);
