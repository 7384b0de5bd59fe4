import { authorizeConnect } from '../ws/authorize';
import { realtimeDeps } from './cloud-deps';

export const handler = (event: unknown) => authorizeConnect(realtimeDeps, event);
