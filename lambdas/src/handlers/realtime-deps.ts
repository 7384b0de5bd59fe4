// The realtime layer: the WebSocket API's connections and pushes to them, for the WebSocket functions and every function
// that tells the user's open tabs about a change.
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { apiGatewayConnectionPoster } from '../adapters/aws/api-gateway-connection-poster';
import { ConnectionRepository } from '../data/connection-repository';
import { RealtimeTicketRepository } from '../data/realtime-ticket-repository';
import { systemClock } from '../ports/clock';
import { createBroadcast } from '../ws/broadcast';
import type { RealtimeDeps } from '../ws/deps';
import { config, logger, table } from './base-deps';

export const realtimeDeps: RealtimeDeps = {
  connections: new ConnectionRepository(table, systemClock),
  poster: apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ endpoint: config.WS_MANAGEMENT_ENDPOINT })),
  tickets: new RealtimeTicketRepository(table, systemClock),
  clock: systemClock,
  logger,
};

/** Live pushes to the user's open tabs and devices. */
export const broadcast = createBroadcast(realtimeDeps);
