import type { RealtimeDeps } from './deps';
import { ConnectEvent, RouteEvent, type RouteResult } from './events';

export const onConnect = async (deps: Pick<RealtimeDeps, 'connections' | 'clock'>, raw: unknown): Promise<RouteResult> => {
  const { connectionId, authorizer } = ConnectEvent.parse(raw).requestContext;
  await deps.connections.put({ connectionId, userId: authorizer.userId, clientId: authorizer.clientId, connectedAt: deps.clock.now().toISOString() });
  return { statusCode: 200 };
};

export const onDisconnect = async (deps: Pick<RealtimeDeps, 'connections'>, raw: unknown): Promise<RouteResult> => {
  await deps.connections.remove(RouteEvent.parse(raw).requestContext.connectionId);
  return { statusCode: 200 };
};
