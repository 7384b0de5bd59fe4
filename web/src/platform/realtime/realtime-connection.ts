// One WebSocket per tab to the realtime API: opened with a one-time ticket in the URL (asked for before each attempt;
// never the access token, which would end up in logs), reconnected with
// jittered exponential backoff (at once when the server can be reached again), kept alive with pings, and parsed with
// the shared RealtimeEvent schema. A socket that cannot connect, or drops, makes the connectivity signal ask whether
// the server is still there.
import { RealtimeEvent, realtimeQuery, type RealtimeClientMessage } from '@chartside/shared';
import { backoffDelay, type Backoff } from '../backoff';
import { connectivity as appConnectivity, type Connectivity } from '../connectivity/connectivity';

export const defaultBackoff: Backoff = { initialMs: 1_000, maxMs: 30_000 };

/** API Gateway drops a WebSocket after 10 idle minutes; a ping every 5 keeps it open. */
export const HEARTBEAT_MS = 5 * 60_000;

export interface RealtimeOptions {
  wsUrl: string;
  clientId: string;
  /** A one-time ticket for the next socket (POST /api/realtime/ticket); undefined or a failure: try again later. */
  getTicket: () => Promise<string | undefined>;
  onEvent: (event: RealtimeEvent) => void;
  /** Called when the socket opens again after a drop: events may have been missed, so refetch. */
  onReconnect?: () => void;
  backoff?: Backoff;
  /** The app's connectivity signal (default: the app's one). */
  connectivity?: Pick<Connectivity, 'check' | 'subscribe'>;
}

export interface RealtimeConnection {
  close(): void;
}

/** The socket URL: `wsUrl` (absolute or same-origin) with the ticket and the tab id as query parameters. */
export function realtimeUrl(wsUrl: string, ticket: string, clientId: string, base: string = window.location.href): string {
  const url = new URL(wsUrl, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set(realtimeQuery.ticket, ticket);
  url.searchParams.set(realtimeQuery.clientId, clientId);
  return url.toString();
}

/** A server message as an event, or undefined for anything this client does not understand. */
export function parseRealtimeEvent(data: unknown): RealtimeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = RealtimeEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const ping = JSON.stringify({ action: 'ping' } satisfies RealtimeClientMessage);

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const { wsUrl, clientId, getTicket, onEvent, onReconnect, backoff = defaultBackoff, connectivity = appConnectivity } = options;
  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let attempt = 0;
  let hasOpened = false;
  let closed = false;

  const schedule = (delayMs: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void open(), delayMs);
  };
  const retry = () => schedule(backoffDelay(attempt++, backoff));

  const ticket = async (): Promise<string | undefined> => {
    try {
      return await getTicket();
    } catch {
      return undefined;
    }
  };

  async function open(): Promise<void> {
    retryTimer = undefined;
    const next = await ticket();
    if (closed) return;
    if (!next) return retry();
    const ws = new WebSocket(realtimeUrl(wsUrl, next, clientId));
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      // A ping at once: the server's pong says the connection is registered and events will arrive.
      ws.send(ping);
      heartbeat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(ping), HEARTBEAT_MS);
      if (hasOpened) onReconnect?.();
      hasOpened = true;
    };
    ws.onmessage = (message: MessageEvent) => {
      const event = parseRealtimeEvent(message.data);
      if (event) onEvent(event);
    };
    ws.onclose = () => {
      clearInterval(heartbeat);
      socket = undefined;
      if (closed) return;
      connectivity.check();
      retry();
    };
  }

  // Back online: retry now instead of waiting out the backoff.
  const stopFollowingConnectivity = connectivity.subscribe((online) => {
    if (!online || retryTimer === undefined || closed) return;
    attempt = 0;
    schedule(0);
  });

  // The first attempt waits a tick, so a mount that is immediately undone (React's StrictMode) opens nothing.
  schedule(0);

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      stopFollowingConnectivity();
      socket?.close(1000, 'closed by client');
      socket = undefined;
    },
  };
}
