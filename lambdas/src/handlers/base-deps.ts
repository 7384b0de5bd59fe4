// The cloud composition root's first layer, under every function built on the main environment: the environment, the
// log and the table. The other layers (realtime-deps.ts, http-base-deps.ts, ...) build on it, each function's handler
// importing only the layers it uses, so its bundle holds no other adapter.
import { documentTable } from '../adapters/aws/dynamodb';
import { createLogger } from '../adapters/aws/logger';
import { cloudConfig } from './cloud-config';

export const config = cloudConfig();
export const logger = createLogger(config.LOG_LEVEL);
export const table = documentTable(config.TABLE_NAME);
