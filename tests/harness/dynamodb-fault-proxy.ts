// An HTTP proxy in front of DynamoDB Local that a runtime's API reaches its table through (DYNAMODB_API_ENDPOINT), with
// faults on the requests a test picks: DynamoDB's own throttling answer, an answer later than the SDK waits (the request
// still reaches the table then: a late write), or a request held until the runtime is killed, before or after the table
// applied it (its answer lost).
import http from 'node:http';
import type net from 'node:net';

/** What DynamoDB answers a request over its table's (or the account's) throughput, on the wire. */
const THROTTLE_ANSWERS = {
  ProvisionedThroughputExceededException:
    'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  ThrottlingException: 'Rate of requests exceeds the allowed throughput.',
} as const;

export type Fault =
  /** HTTP 400 with DynamoDB's error body; the table never sees the request. */
  | { kind: 'throttle'; error: keyof typeof THROTTLE_ANSWERS }
  /** Sent on to the table after `ms` (the SDK has given up by then), its answer to nobody. */
  | { kind: 'delay'; ms: number }
  /** Kept until the caller goes away: `applied`, the table applies it and its answer is kept back; else it is never sent. */
  | { kind: 'hold'; applied: boolean };

export interface DynamoRequest {
  /** The API action, from X-Amz-Target (e.g. 'TransactWriteItems'). */
  operation: string;
  body: string;
}

export interface DynamoFaultProxy {
  url: string;
  /** Picks each request's fault (undefined: it passes); no rule, every request passes. */
  setRule(rule: ((request: DynamoRequest) => Fault | undefined) | undefined): void;
  /** The requests a fault was applied to, in order. */
  readonly faulted: { operation: string; fault: Fault['kind'] }[];
  /** Requests held right now (their callers still waiting). */
  held(): number;
  close(): Promise<void>;
}

export const startDynamoFaultProxy = async (dynamodbPort: number): Promise<DynamoFaultProxy> => {
  let rule: ((request: DynamoRequest) => Fault | undefined) | undefined;
  const faulted: DynamoFaultProxy['faulted'] = [];
  const holding = new Set<http.ServerResponse>();
  const sockets = new Set<net.Socket>();

  const forward = (request: http.IncomingMessage, body: Buffer, answer: (status: number, headers: http.IncomingHttpHeaders, payload: Buffer) => void) => {
    const upstream = http.request({ host: '127.0.0.1', port: dynamodbPort, method: request.method, path: request.url, headers: request.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => answer(response.statusCode ?? 502, response.headers, Buffer.concat(chunks)));
    });
    upstream.on('error', () => answer(502, {}, Buffer.from('DynamoDB Local did not answer')));
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const operation = String(request.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
      const fault = rule?.({ operation, body: body.toString('utf8') });
      const reply = (status: number, headers: http.IncomingHttpHeaders, payload: Buffer) => {
        if (!response.destroyed) response.writeHead(status, headers).end(payload);
      };
      if (!fault) return forward(request, body, reply);
      faulted.push({ operation, fault: fault.kind });
      if (fault.kind === 'throttle') {
        const payload = JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${fault.error}`, message: THROTTLE_ANSWERS[fault.error] });
        return reply(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': crypto.randomUUID() }, Buffer.from(payload));
      }
      if (fault.kind === 'delay') return void setTimeout(() => forward(request, body, reply), fault.ms);
      holding.add(response);
      response.once('close', () => holding.delete(response));
      if (fault.applied) forward(request, body, () => undefined);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setRule(next) {
      rule = next;
    },
    faulted,
    held: () => holding.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
