// Pushes one event to every open connection of one user.
import type { RealtimeEvent } from '@chartside/shared';
import type { RealtimeDeps } from './deps';

export type Broadcast = (userId: string, event: RealtimeEvent, options?: { exceptClientId?: string }) => Promise<void>;

export const createBroadcast =
  ({ connections, poster, logger }: Pick<RealtimeDeps, 'connections' | 'poster' | 'logger'>): Broadcast =>
  async (userId, event, options = {}) => {
    const targets = (await connections.listForUser(userId)).filter((c) => c.clientId !== options.exceptClientId);
    const data = JSON.stringify(event);
    await Promise.all(
      targets.map(async ({ connectionId }) => {
        try {
          if ((await poster.post(connectionId, data)) === 'gone') await connections.removeForUser(userId, connectionId);
        } catch (error) {
          // One unreachable device must not fail the write that triggered the push.
          logger.warn('push to connection failed', { connectionId, error: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  };
