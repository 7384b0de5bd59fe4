// $default: every message a client sends. For now a client only pings to keep its connection alive.
import { RealtimeClientMessage, type RealtimeEvent } from '@chartside/shared';
import type { RealtimeDeps } from './deps';
import { RouteEvent, type RouteResult } from './events';

const parseMessage = (body: string | null | undefined) => {
  try {
    return RealtimeClientMessage.safeParse(JSON.parse(body ?? ''));
  } catch {
    return RealtimeClientMessage.safeParse(undefined);
  }
};

export const onMessage = async (deps: Pick<RealtimeDeps, 'poster' | 'logger'>, raw: unknown): Promise<RouteResult> => {
  const event = RouteEvent.parse(raw);
  const message = parseMessage(event.body);
  if (!message.success) {
    deps.logger.info('websocket message refused', { connectionId: event.requestContext.connectionId });
    return { statusCode: 400, body: 'Unknown message' };
  }
  const reply: RealtimeEvent = { type: 'pong' };
  await deps.poster.post(event.requestContext.connectionId, JSON.stringify(reply));
  return { statusCode: 200 };
};
