// The cloud composition root's first layer: the environment, the log, the table and the WebSocket API. The WebSocket
// functions import only this, so their bundles hold none of the HTTP API's adapters (cloud-deps.ts builds on it).
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { apiGatewayConnectionPoster } from '../adapters/aws/api-gateway-connection-poster';
import { documentTable } from '../adapters/aws/dynamodb';
import { createLogger } from '../adapters/aws/logger';
import { ConnectionRepository } from '../data/connection-repository';
import { RealtimeTicketRepository } from '../data/realtime-ticket-repository';
import { systemClock } from '../ports/clock';
import type { RealtimeDeps } from '../ws/deps';
import { cloudConfig } from './cloud-config';

export const config = cloudConfig();
export const logger = createLogger(config.LOG_LEVEL);
export const table = documentTable(config.TABLE_NAME);

export const realtimeDeps: RealtimeDeps = {
  connections: new ConnectionRepository(table, systemClock),
  poster: apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ endpoint: config.WS_MANAGEMENT_ENDPOINT })),
  tickets: new RealtimeTicketRepository(table, systemClock),
  clock: systemClock,
  logger,
};
