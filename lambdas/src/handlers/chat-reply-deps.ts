// The chat reply function's composition root: the files and models layers on the realtime one.
import { ChatRepository } from '../data/chat-repository';
import { ResourceRepository } from '../data/resource-repository';
import { chatReplyDepsOf } from '../jobs/chat-reply';
import { systemClock } from '../ports/clock';
import { models } from './models-deps';
import { config, logger, table } from './base-deps';
import { broadcast, realtimeDeps } from './realtime-deps';
import { cipher } from './cipher-deps';
import { fileStore } from './file-store-deps';

// Only the two repositories a reply reads and writes.
export const chatReplyDeps = chatReplyDepsOf({ chats: new ChatRepository(table), resources: new ResourceRepository(table, cipher) }, {
  fileStore,
  cipher,
  connections: realtimeDeps.connections,
  poster: realtimeDeps.poster,
  broadcast,
  models,
  dailyTokens: config.AI_DAILY_TOKENS,
  clock: systemClock,
  logger,
});
