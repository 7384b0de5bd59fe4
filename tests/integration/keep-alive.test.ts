// A request the server refuses before reading its body (no token, no session, too large) must leave its keep-alive
// connection usable: a browser sends the next save on the same connection, and a closed socket would fail it.
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES, sessionIdHeader } from '@chartside/shared';
import { sharedRuntime } from '../harness/shared-runtime';
import { accessTokenOf, createUser } from '../harness/users';

const runtime = sharedRuntime();
// One socket, kept open: every request of a test goes over the same connection, as a browser's would.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  body: string;
  /** Which connection carried the request. */
  socket: unknown;
  connection: string | undefined;
}

const send = (method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${runtime.url}/api${path}`, { method, agent, headers: { 'content-type': 'application/json', ...options.headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), socket: request.socket, connection: response.headers.connection }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });

const bigBody = (bytes: number) => JSON.stringify({ lastname: 'x'.repeat(bytes), firstname: '' });

describe('a refused request on a keep-alive connection', () => {
  it.each([
    ['no token', '/patients', 300_000, 'none'],
    ['a token but no session', '/patients', 300_000, 'token'],
    ['a body over the limit', '/patients', MAX_REQUEST_BYTES + 100_000, 'token'],
    ['no such route', '/no-such-route', 300_000, 'token'],
  ] as const)('with %s, answers clearly and the next request on the connection succeeds', async (_case, path, bytes, auth) => {
    const headers: Record<string, string> = auth === 'token' ? { authorization: `Bearer ${await accessTokenOf(runtime, await createUser(runtime))}` } : {};
    const before = await send('GET', '/health');
    const refused = await send('POST', path, { headers: { ...headers, [sessionIdHeader]: auth === 'token' ? 'no-such-session' : '' }, body: bigBody(bytes) });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(JSON.parse(refused.body)).toHaveProperty('error');
    const after = await send('GET', '/health');
    expect(after.status).toBe(200);
    expect(after.socket).toBe(before.socket);
  });

  it('past what the server reads and drops, answers 413 saying the connection closes, and the next request gets a new one', async () => {
    const headers = { authorization: `Bearer ${await accessTokenOf(runtime, await createUser(runtime))}` };
    const before = await send('GET', '/health');
    // Three times the limit: the server stops reading at twice the limit past the refusal. The client is still sending
    // when the server closes, and a close with unread bytes resets the connection: that reset can reach the client
    // before it has read the answer (EPIPE on its write). So it sends again until it reads one answer, and that is 413.
    const sendTooMuch = async (attemptsLeft: number): Promise<Answer> => {
      try {
        return await send('POST', '/patients', { headers, body: bigBody(3 * MAX_REQUEST_BYTES) });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attemptsLeft > 1 && (code === 'EPIPE' || code === 'ECONNRESET')) return sendTooMuch(attemptsLeft - 1);
        throw error;
      }
    };
    const refused = await sendTooMuch(5);
    expect([refused.status, refused.connection]).toEqual([413, 'close']);
    const after = await send('GET', '/health');
    expect(after.status).toBe(200);
    expect(after.socket).not.toBe(before.socket);
  });
});
