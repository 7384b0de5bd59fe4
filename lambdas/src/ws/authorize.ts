// The $connect authorizer: the browser passes a one-time ticket in the query string (WebSockets carry no headers from
// browsers, and a token in a URL would end up in logs); the ticket names the user and is gone once used.
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { realtimeQuery } from '@chartside/shared';
import type { RealtimeDeps } from './deps';
import { AuthorizerEvent } from './events';

const MAX_CLIENT_ID = 100;

export const authorizeConnect = async (deps: Pick<RealtimeDeps, 'tickets' | 'logger'>, raw: unknown): Promise<APIGatewayAuthorizerResult> => {
  const event = AuthorizerEvent.parse(raw);
  const query = event.queryStringParameters ?? {};
  const deny = (reason: string): APIGatewayAuthorizerResult => {
    deps.logger.info('websocket connect denied', { reason });
    return { principalId: 'anonymous', policyDocument: policy('Deny', event.methodArn) };
  };
  const ticket = query[realtimeQuery.ticket];
  if (!ticket) return deny('no ticket');
  const holder = await deps.tickets.redeem(ticket);
  if (!holder) return deny('unknown, used or expired ticket');
  const clientId = (query[realtimeQuery.clientId] ?? '').slice(0, MAX_CLIENT_ID);
  return { principalId: holder.userId, policyDocument: policy('Allow', event.methodArn), context: { userId: holder.userId, clientId } };
};

const policy = (effect: 'Allow' | 'Deny', resource: string) => ({
  Version: '2012-10-17',
  Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
});
