// Test-only: a stand-in for AWS Lambda's Invoke API (POST /2015-03-31/functions/{name}/invocations, the payload as the
// body, X-Amz-Invocation-Type), answering with what `run` returns for the function, as Lambda does: 200 and the result
// as JSON, or 200 with X-Amz-Function-Error and the error's JSON when `run` throws.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LambdaDouble {
  url: string;
  /** Each invocation: the function's name, its invocation type and its payload. */
  invocations: { functionName: string; type: string; payload: unknown }[];
  close(): Promise<void>;
}

export const startLambdaDouble = async (run: (functionName: string, payload: unknown) => unknown): Promise<LambdaDouble> => {
  const invocations: LambdaDouble['invocations'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const functionName = decodeURIComponent(/^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(request.url ?? '')?.[1] ?? '');
      const payload: unknown = JSON.parse(body || 'null');
      invocations.push({ functionName, type: String(request.headers['x-amz-invocation-type'] ?? 'RequestResponse'), payload });
      try {
        const result = JSON.stringify(run(functionName, payload));
        response.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' }).end(result);
      } catch (error) {
        const errorMessage = error instanceof Error ? error.message : String(error);
        response.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' }).end(JSON.stringify({ errorType: 'Error', errorMessage }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    invocations,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
