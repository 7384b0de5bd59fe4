// The $connect authorizer: the browser passes its access token in the query string (WebSockets carry no headers from browsers).
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { realtimeQuery } from '@chartside/shared';
import type { RealtimeDeps } from './deps';
import { AuthorizerEvent } from './events';

const MAX_CLIENT_ID = 100;

export const authorizeConnect = async (deps: Pick<RealtimeDeps, 'tokenVerifier' | 'logger'>, raw: unknown): Promise<APIGatewayAuthorizerResult> => {
  const event = AuthorizerEvent.parse(raw);
  const query = event.queryStringParameters ?? {};
  const deny = (reason: string): APIGatewayAuthorizerResult => {
    deps.logger.info('websocket connect denied', { reason });
    return { principalId: 'anonymous', policyDocument: policy('Deny', event.methodArn) };
  };
  const token = query[realtimeQuery.token];
  if (!token) return deny('no token');
  try {
    const { userId } = await deps.tokenVerifier.verify(token);
    const clientId = (query[realtimeQuery.clientId] ?? '').slice(0, MAX_CLIENT_ID);
    return { principalId: userId, policyDocument: policy('Allow', event.methodArn), context: { userId, clientId } };
  } catch {
    return deny('invalid token');
  }
};

const policy = (effect: 'Allow' | 'Deny', resource: string) => ({
  Version: '2012-10-17',
  Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
});
