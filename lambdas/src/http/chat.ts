// Chat, the text transformer and what the deployment's models can do. A reply streams over the WebSocket from the
// reply runner; these routes answer at once.
import { OpenAPIHono } from '@hono/zod-openapi';
import { badRequest, CHAT_MESSAGE_REQUIRED, chatContract, clientIdHeader, NEW_CHAT_TITLE, notFound } from '@chartside/shared';
import type { Context } from 'hono';
import { aiStatus, sendMessage, transformImages, type ChatCaller, type ChatDeps } from '../services/chat-service';
import type { ResourceRepository } from '../data/resource-repository';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['chat'];

export const chatDepsOf = (deps: Pick<HttpDeps, 'ai' | 'broadcast' | 'chats' | 'clock' | 'fileStore'>): ChatDeps => ({
  chats: deps.chats,
  models: deps.ai.models,
  allowance: { chats: deps.chats, dailyTokens: deps.ai.dailyTokens },
  replies: deps.ai.replies,
  fileStore: deps.fileStore,
  broadcast: deps.broadcast,
  clock: deps.clock,
});

/** A chat only checks that the resource it is about is the user's, so it needs neither a resource's body nor its data key. */
export const chatRouter = (deps: Pick<HttpDeps, 'ai' | 'broadcast' | 'chats' | 'clock' | 'fileStore'> & { resources: Pick<ResourceRepository, 'exists'> }, defaultHook: Hook) => {
  // The spec's own words for a message that is missing or not text, rather than the generic validation message.
  const hook: Hook = {
    defaultHook: (result, c) => {
      const issues = !result.success && 'error' in result ? (result.error as { issues?: { path: PropertyKey[] }[] }).issues : undefined;
      if (issues?.some((issue) => issue.path[0] === 'text' && c.req.method === 'POST' && c.req.path.endsWith('/messages'))) throw badRequest(CHAT_MESSAGE_REQUIRED);
      return defaultHook?.defaultHook?.(result, c);
    },
  };
  const router = new OpenAPIHono<HttpEnv>(hook);
  const chat = chatDepsOf(deps);
  const callerOf = (c: Context<HttpEnv>): ChatCaller => ({ userId: c.get('userId'), sessionId: c.get('sessionId'), clientId: c.req.header(clientIdHeader) });
  const changed = (c: Context<HttpEnv>, chatId: string, deleted?: boolean) =>
    deps.broadcast(c.get('userId'), { type: 'chat.updated', chatId, ...(deleted ? { deleted } : {}) }, { exceptClientId: c.req.header(clientIdHeader) });

  router.openapi(routeFrom(chatContract.status, { tags }), (c) => c.json(aiStatus(deps.ai.models), 200));

  router.openapi(routeFrom(chatContract.list, { tags }), async (c) => c.json({ chats: await deps.chats.list(c.get('userId')) }, 200));

  router.openapi(routeFrom(chatContract.create, { tags }), async (c) => {
    const { id, resourceId } = c.req.valid('json');
    const userId = c.get('userId');
    if (resourceId && !(await deps.resources.exists(userId, resourceId))) throw notFound('Resource');
    const at = deps.clock.now().toISOString();
    await deps.chats.create(userId, { id, title: NEW_CHAT_TITLE, createdAt: at, lastUpdate: at, messageCount: 0, ...(resourceId ? { resourceId } : {}) });
    const created = await deps.chats.get(userId, id, deps.clock.now());
    if (!created) throw notFound('Chat');
    return c.json(created, 200);
  });

  router.openapi(routeFrom(chatContract.get, { tags }), async (c) => {
    const found = await deps.chats.get(c.get('userId'), c.req.valid('param').chatId, deps.clock.now());
    if (!found) throw notFound('Chat');
    return c.json(found, 200);
  });

  router.openapi(routeFrom(chatContract.rename, { tags }), async (c) => {
    const { chatId } = c.req.valid('param');
    const renamed = await deps.chats.rename(c.get('userId'), chatId, c.req.valid('json').title, deps.clock.now(), c.get('sessionId'));
    if (!renamed) throw notFound('Chat');
    await changed(c, chatId);
    return c.json(renamed, 200);
  });

  router.openapi(routeFrom(chatContract.remove, { tags }), async (c) => {
    const { chatId } = c.req.valid('param');
    if (!(await deps.chats.remove(c.get('userId'), chatId))) throw notFound('Chat');
    await changed(c, chatId, true);
    return c.json({ deleted: true as const }, 200);
  });

  router.openapi(routeFrom(chatContract.send, { tags }), async (c) => {
    return c.json(await sendMessage(chat, callerOf(c), c.req.valid('param').chatId, c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(chatContract.stop, { tags }), async (c) => {
    const { chatId, messageId } = c.req.valid('param');
    const stopped = await deps.chats.stopReply(c.get('userId'), chatId, messageId, deps.clock.now(), c.get('sessionId'));
    if (!stopped) throw notFound('Message');
    await changed(c, chatId);
    return c.json(stopped, 200);
  });

  router.openapi(routeFrom(chatContract.removeMessage, { tags }), async (c) => {
    const { chatId, messageId } = c.req.valid('param');
    if (!(await deps.chats.removeMessage(c.get('userId'), chatId, messageId, deps.clock.now(), c.get('sessionId')))) throw notFound('Message');
    await changed(c, chatId);
    return c.json({ deleted: true as const }, 200);
  });

  router.openapi(routeFrom(chatContract.transform, { tags }), async (c) => {
    return c.json(await transformImages(chat, c.get('userId'), c.req.valid('json'), c.req.raw.signal), 200);
  });

  return router;
};
