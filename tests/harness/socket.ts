import { realtimeQuery } from '@chartside/shared';
import { WebSocket } from 'ws';
import { api, type Auth } from './api';
import type { TestRuntime } from './runtime';

export interface TestSocket {
  messages: unknown[];
  /** Resolves with the first message (already received or arriving within `ms`) that matches. */
  next(match: (message: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  send(message: unknown): void;
  /** Sends a binary message (e.g. a frame of audio). */
  sendBinary(data: Uint8Array): void;
  close(): void;
  /** Resolves with the close code once the socket is closed, by either side. */
  closed: Promise<number>;
}

/** The realtime socket's URL for a one-time ticket (see openSocket), for tests of the handshake itself. */
export const realtimeSocketUrl = (runtime: Pick<TestRuntime, 'url'>, query: Record<string, string>) => `${runtime.url.replace(/^http/, 'ws')}/ws?${new URLSearchParams(query)}`;

/**
 * Opens the realtime socket the way the web app does: a one-time ticket asked for with the user's token and login
 * session, then the socket. Rejects with the HTTP status when the ticket or the handshake is refused.
 */
export const openSocket = async (runtime: Pick<TestRuntime, 'url'>, { clientId, ...auth }: Auth & { clientId: string }) => {
  const { status, json } = await api(runtime, auth)('POST', '/realtime/ticket');
  if (status !== 200) throw new Error(`ticket refused: ${status}`);
  return openSocketAt(realtimeSocketUrl(runtime, { [realtimeQuery.ticket]: String(json.ticket), [realtimeQuery.clientId]: clientId }));
};

/** Opens a socket at a ws:// URL whose server sends JSON text messages (the realtime socket, the dictation socket). */
export const openSocketAt = (url: string) =>
  new Promise<TestSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    const messages: Record<string, unknown>[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const wake of waiters) wake();
    });
    ws.once('unexpected-response', (_request, response) => reject(new Error(`handshake refused: ${response.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        messages,
        send: (message) => ws.send(JSON.stringify(message)),
        sendBinary: (data) => ws.send(data),
        close: () => ws.close(),
        closed,
        next: (match, ms = 3_000) =>
          new Promise((found, timeout) => {
            const check = () => {
              const hit = messages.find(match);
              if (!hit) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              timeout(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`));
            }, ms);
            if (!check()) waiters.add(check);
          }),
      }),
    );
  });
