import { onMessage } from '../ws/default';
import { realtimeDeps } from './cloud-deps';

export const handler = (event: unknown) => onMessage(realtimeDeps, event);
