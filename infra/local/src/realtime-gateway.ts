// A local stand-in for API Gateway's WebSocket API: it authorizes $connect, calls the same route handlers the cloud
// uses, and answers the management API (@connections) that the handlers post through.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authorizeConnect } from '@chartside/lambdas/ws/authorize';
import { onConnect, onDisconnect } from '@chartside/lambdas/ws/connect';
import { onMessage } from '@chartside/lambdas/ws/default';
import type { RealtimeDeps } from '@chartside/lambdas/ws/deps';

const CONNECTIONS_PATH = /^\/@connections\/([^/?]+)$/;
const METHOD_ARN = 'arn:aws:execute-api:local:000000000000:local/prod/$connect';

export interface RealtimeGateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Answers POST/GET/DELETE /@connections/{id}; returns false when the path is not a management call. */
  handleManagement(request: IncomingMessage, response: ServerResponse): boolean;
  connectionCount(): number;
  close(): void;
}

const newConnectionId = () => randomBytes(9).toString('base64').replace(/[+/]/g, 'x');

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export const createRealtimeGateway = (deps: RealtimeDeps): RealtimeGateway => {
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  const requestContext = (connectionId: string, routeKey: string) => ({ connectionId, routeKey, stage: 'local', requestTimeEpoch: Date.now() });

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const queryStringParameters = Object.fromEntries(url.searchParams);
    void (async () => {
      const auth = await authorizeConnect(deps, { type: 'REQUEST', methodArn: METHOD_ARN, queryStringParameters });
      if (auth.policyDocument.Statement[0]?.Effect !== 'Allow' || !auth.context) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const connectionId = newConnectionId();
      await onConnect(deps, { requestContext: { ...requestContext(connectionId, '$connect'), authorizer: auth.context } });
      wss.handleUpgrade(request, socket, head, (ws) => {
        sockets.set(connectionId, ws);
        // A bad frame or a message over maxPayload: ws closes the socket (1002, 1009); unheard, it would stop the runtime.
        ws.on('error', (error) => deps.logger.warn('websocket closed on a bad message', { error: error.message }));
        ws.on('message', (data) => {
          void onMessage(deps, { requestContext: requestContext(connectionId, '$default'), body: data.toString() }).catch((error: unknown) =>
            deps.logger.error('websocket $default failed', { error: String(error) }),
          );
        });
        ws.on('close', () => {
          sockets.delete(connectionId);
          void onDisconnect(deps, { requestContext: requestContext(connectionId, '$disconnect') }).catch((error: unknown) =>
            deps.logger.error('websocket $disconnect failed', { error: String(error) }),
          );
        });
      });
    })().catch((error: unknown) => {
      deps.logger.error('websocket $connect failed', { error: String(error) });
      socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    });
  };

  const handleManagement = (request: IncomingMessage, response: ServerResponse) => {
    const match = CONNECTIONS_PATH.exec(request.url ?? '');
    if (!match?.[1]) return false;
    // Only this machine's handlers may post to connections.
    if (!isLoopback(request.socket.remoteAddress)) {
      response.writeHead(403).end();
      return true;
    }
    const ws = sockets.get(decodeURIComponent(match[1]));
    if (!ws) {
      response.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' }).end('{"message":"Gone"}');
      return true;
    }
    if (request.method === 'DELETE') {
      ws.close();
      response.writeHead(204).end();
    } else if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        ws.send(Buffer.concat(chunks).toString());
        response.writeHead(200).end();
      });
    }
    return true;
  };

  return {
    handleUpgrade,
    handleManagement,
    connectionCount: () => sockets.size,
    close: () => {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
    },
  };
};
