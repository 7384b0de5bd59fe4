// The parts of API Gateway's WebSocket events the handlers read, validated rather than trusted.
import * as z from 'zod';

/** What the $connect authorizer hands on to the route handlers (API Gateway passes context values as strings). */
export const AuthorizerContext = z.object({ userId: z.string().min(1), clientId: z.string() });

export const ConnectEvent = z.object({
  requestContext: z.object({ connectionId: z.string().min(1), authorizer: AuthorizerContext }),
});

export const RouteEvent = z.object({
  requestContext: z.object({ connectionId: z.string().min(1) }),
  body: z.string().nullish(),
});

export const AuthorizerEvent = z.object({
  methodArn: z.string(),
  queryStringParameters: z.record(z.string(), z.string().optional()).nullish(),
});

/** API Gateway's WebSocket route handlers answer with a status code. */
export interface RouteResult {
  statusCode: number;
  body?: string;
}
