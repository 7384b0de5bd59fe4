// The API's JSON answers sent gzipped to a client that accepts it: a patient with its notes is 100+ KB of JSON, a
// few KB gzipped. Small answers (under 1 KB) are sent as they are: compressing them costs more time than it saves.
// Other types (the chat's event stream, files) are left alone.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const MIN_BYTES = 1024;

type FetchHandler<Env> = (request: Request, env: Env) => Response | Promise<Response>;

/** Wraps the API's fetch handler so its JSON answers are gzipped for clients that accept gzip. */
export const gzipJsonAnswers =
  <Env>(handler: FetchHandler<Env>): FetchHandler<Env> =>
  async (request, env) => {
    const response = await handler(request, env);
    const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
    if (!json || !response.body || request.method === 'HEAD' || response.headers.has('content-encoding')) return response;
    const headers = new Headers(response.headers);
    headers.append('vary', 'accept-encoding');
    const answer = (body: ConstructorParameters<typeof Response>[0]) => new Response(body, { status: response.status, statusText: response.statusText, headers });
    if (!/\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')) return answer(response.body);
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length < MIN_BYTES) return answer(body);
    const gzipped = await gzipAsync(body);
    headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(gzipped.length));
    return answer(gzipped);
  };
