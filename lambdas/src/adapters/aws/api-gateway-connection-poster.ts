import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ConnectionPoster } from '../../ports/connection-poster';

/** PostToConnection through API Gateway's management API; the local gateway answers the same calls. */
export const apiGatewayConnectionPoster = (client: ApiGatewayManagementApiClient): ConnectionPoster => ({
  async post(connectionId, data) {
    try {
      await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) }));
      return 'sent';
    } catch (error) {
      if (error instanceof Error && error.name === 'GoneException') return 'gone';
      throw error;
    }
  },
});
