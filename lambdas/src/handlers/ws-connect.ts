import { onConnect } from '../ws/connect';
import { realtimeDeps } from './cloud-deps';

export const handler = (event: unknown) => onConnect(realtimeDeps, event);
