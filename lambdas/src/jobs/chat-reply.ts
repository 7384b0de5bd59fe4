// Streams one chat reply: tells the user's other devices of the new exchange once it is stored, asks the model with the
// conversation so far, pushes each piece to the user's open connections as it comes (`chat.delta`, with its offset in
// the reply), saves how far it got every second, and stores the reply when it is complete. A reply the user stopped or
// deleted is noticed at the next save and the model call is cancelled. The same code runs in the cloud (its own Lambda,
// invoked asynchronously) and in the local runtime.
import type { Logger } from '@aws-lambda-powertools/logger';
import {
  AppError,
  CHAT_REPLY_FORMAT,
  CHAT_REQUEST_FAILED,
  INVALID_MODEL_ANSWER,
  MAX_CHAT_FILE_BYTES,
  sectionPlainText,
  type ChatMessage,
  type ChatPart,
  type ChatSession,
  type RealtimeEvent,
} from '@chartside/shared';
import type { ChatRepository } from '../data/chat-repository';
import type { ConnectionRepository } from '../data/connection-repository';
import type { Repositories } from '../data/repositories';
import type { ResourceRepository } from '../data/resource-repository';
import type { Clock } from '../ports/clock';
import type { ConnectionPoster } from '../ports/connection-poster';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import type { FileStore } from '../ports/file-store';
import type { ChatReplyJob, ReplyHandoff } from '../ports/reply-runner';
import type { ModelContent, ModelMessage, TextModels } from '../ports/text-model';
import { recordUsage, type AiAllowance } from '../services/ai-allowance';
import { notSetUp, replyModel } from '../services/chat-service';
import { alternatingTurns } from '../services/model-turns';
import { readOwnFileBytes } from '../services/sealed-files';
import type { Broadcast } from '../ws/broadcast';

export interface ChatReplyDeps {
  chats: ChatRepository;
  resources: ResourceRepository;
  fileStore: FileStore;
  /** Opens a file sealed at rest (an encrypted resource's) for the model. */
  cipher: EnvelopeCipher;
  connections: ConnectionRepository;
  poster: ConnectionPoster;
  broadcast: Broadcast;
  models: TextModels;
  allowance: AiAllowance;
  clock: Clock;
  logger: Logger;
}

/** The job's deps from a runtime's repositories and adapters (both composition roots build them so). */
export const chatReplyDepsOf = (
  repositories: Pick<Repositories, 'chats' | 'resources'>,
  parts: Omit<ChatReplyDeps, 'chats' | 'resources' | 'allowance'> & { dailyTokens: number },
): ChatReplyDeps => {
  const { dailyTokens, ...rest } = parts;
  return { ...rest, chats: repositories.chats, resources: repositories.resources, allowance: { chats: repositories.chats, dailyTokens } };
};

export const CHAT_SYSTEM_PROMPT = [
  'You are a careful clinical assistant helping a physician. Answer precisely and concisely, say when you are unsure,',
  'and never invent patient data, doses or references.',
  CHAT_REPLY_FORMAT,
  CHAT_REQUEST_FAILED,
  INVALID_MODEL_ANSWER,
].join(' ');


/** How often the reply so far is saved (and a Stop noticed). */
export const SAVE_EVERY_MS = 1_000;
/** How often the list of the user's open connections is read again (a device that connects mid-reply gets the rest). */
const CONNECTIONS_EVERY_MS = 5_000;
/** The conversation a model is given: the latest messages, within a budget of characters. */
const HISTORY_MESSAGES = 30;
const HISTORY_CHARACTERS = 150_000;
/** Images and files of older messages are not sent again; only those of the latest few. */
const MEDIA_MESSAGES = 6;
const MAX_DOCUMENTS = 5;
/** The resource text a chat opened from a resource is given. */
const RESOURCE_CONTEXT_CHARACTERS = 60_000;

const textOf = (message: ChatMessage) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');

/** Pushes pieces to the user's connections in order, one post at a time per piece; what arrives meanwhile goes next. */
class DeltaPump {
  private pending = '';
  private offset = 0;
  private sending: Promise<void> | undefined;

  constructor(private readonly send: (offset: number, text: string) => Promise<void>) {}

  push(text: string): void {
    this.pending += text;
    if (!this.sending) this.flush();
  }

  async drain(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private flush(): void {
    const text = this.pending;
    const offset = this.offset;
    this.pending = '';
    this.offset += text.length;
    this.sending = this.send(offset, text).then(() => {
      this.sending = undefined;
      if (this.pending) this.flush();
    });
  }
}

/**
 * `handoff` is what the sender knows, when the job runs in its process: the chat (not read again) and whether the
 * exchange got stored, which every write of the reply waits for; without it the chat is read as stored.
 */
export const runChatReply = async (deps: ChatReplyDeps, job: ChatReplyJob, handoff?: ReplyHandoff): Promise<void> => {
  const { userId, chatId, messageId } = job;
  // The user's connections are read first, beside the send's own reads and the model's answer: the first piece waits
  // for whichever is last.
  const sender = connectionsSender(deps, job);
  sender.catch(() => undefined); // a job that ends before it sends anything leaves the read unawaited
  const chat = handoff ? await handoff.chat : await deps.chats.get(userId, chatId, deps.clock.now());
  const stored = handoff?.stored ?? Promise.resolve(true);
  const reply = chat?.messages.find((message) => message.id === messageId);
  if (!chat || reply?.status !== 'streaming') return; // nothing stored, deleted or stopped before it began
  const model = replyModel(deps.models, job.model);
  if (!model) return fail(deps, job, '', 'unknown', notSetUp(deps.models));

  const controller = new AbortController();
  const pump = new DeltaPump(async (offset, text) => (await sender)({ type: 'chat.delta', chatId, messageId, offset, text }));
  // The other devices are told here, with the connections read for the pieces, so the send's request need not wait.
  const told = stored
    .then(async (ok) => {
      if (ok) await (await sender)({ type: 'chat.updated', chatId }, job.clientId);
    })
    .catch((error: unknown) => deps.logger.warn('telling other devices of a chat failed', { error: error instanceof Error ? error.message : String(error) }));
  // Pieces go out while the exchange is still being stored (a tab holds a piece of a reply it does not know yet until
  // it reads it); every write waits for it. An exchange that was not stored cancels the model call.
  let notStored = false;
  void stored.then((ok) => {
    notStored = !ok;
    if (notStored) controller.abort();
  });
  let raw = '';
  let lastSave = Date.now();
  let stopped = false;
  try {
    const [system, messages] = await Promise.all([systemPrompt(deps, userId, chat), conversation(deps, userId, chat, messageId)]);
    const request = { system, messages, signal: controller.signal };
    for await (const event of model.stream(request)) {
      if (notStored) return;
      if (event.type === 'done') {
        if (!(await stored)) return;
        await pump.drain();
        if (!raw.trim()) return await fail(deps, job, raw, model.id, new AppError('bad_gateway', INVALID_MODEL_ANSWER));
        // Counted before the reply shows complete: a message sent on seeing it finds today's allowance up to date.
        await recordUsage(deps.allowance, userId, deps.clock.now(), event.usage);
        const finished = await deps.chats.finishReply(userId, chatId, messageId, { status: 'complete', text: raw, received: raw.length, model: model.id }, deps.clock.now());
        if (finished) await deps.broadcast(userId, { type: 'chat.updated', chatId });
        return;
      }
      raw += event.text;
      pump.push(event.text);
      if (Date.now() - lastSave >= SAVE_EVERY_MS) {
        if (!(await stored)) return;
        lastSave = Date.now();
        stopped = !(await deps.chats.saveReplyProgress(userId, chatId, messageId, { text: raw, received: raw.length }, deps.clock.now()));
        if (stopped) break;
      }
    }
  } catch (error) {
    if (!(await stored)) return;
    if (!stopped) {
      await pump.drain();
      return await fail(deps, job, raw, model.id, error);
    }
  } finally {
    controller.abort(); // a stopped or failed reply: the model call is cancelled
    await told;
  }
  if (!(await stored)) return;
  await pump.drain();
  if (!stopped) return await fail(deps, job, raw, model.id, new AppError('bad_gateway', INVALID_MODEL_ANSWER)); // the answer ended unfinished
  // Stopped (or deleted): a stopped reply keeps what the user saw, the pieces pushed since the last save included.
  await recordUsage(deps.allowance, userId, deps.clock.now(), { inputTokens: 0, outputTokens: Math.ceil(raw.length / 4) });
  await deps.chats.saveStoppedText(userId, chatId, messageId, { text: raw, received: raw.length });
  await deps.broadcast(userId, { type: 'chat.updated', chatId });
};

const fail = async (deps: ChatReplyDeps, { userId, chatId, messageId }: ChatReplyJob, raw: string, modelId: string, error: unknown) => {
  const reason = error instanceof AppError ? error.message : 'The model could not be reached. Try again later.';
  if (!(error instanceof AppError)) deps.logger.warn('chat reply failed', { error: error instanceof Error ? error.message : String(error) });
  const failed = await deps.chats.finishReply(
    userId,
    chatId,
    messageId,
    { status: 'failed', text: raw, received: raw.length, model: modelId, error: `${CHAT_REQUEST_FAILED}: ${reason}` },
    deps.clock.now(),
  );
  if (failed) await deps.broadcast(userId, { type: 'chat.updated', chatId });
};

/** Posts an event to each of the user's open connections (but one tab's); their list is read again every few seconds. */
const connectionsSender = async (deps: ChatReplyDeps, { userId }: ChatReplyJob) => {
  let connections = await deps.connections.listForUser(userId);
  let readAt = Date.now();
  return async (event: RealtimeEvent, exceptClientId?: string) => {
    if (Date.now() - readAt > CONNECTIONS_EVERY_MS) {
      connections = await deps.connections.listForUser(userId).catch(() => connections);
      readAt = Date.now();
    }
    const data = JSON.stringify(event);
    await Promise.all(
      connections.map(async ({ connectionId, clientId }) => {
        if (clientId === exceptClientId) return;
        const sent = await deps.poster.post(connectionId, data).catch(() => 'failed' as const);
        if (sent === 'gone') connections = connections.filter((c) => c.connectionId !== connectionId);
      }),
    );
  };
};

const systemPrompt = async (deps: ChatReplyDeps, userId: string, chat: ChatSession): Promise<string> => {
  if (!chat.resourceId) return CHAT_SYSTEM_PROMPT;
  const resource = await deps.resources.get(userId, chat.resourceId);
  if (!resource) return CHAT_SYSTEM_PROMPT;
  const sections = resource.textSections.map((section) => `${section.title}\n${sectionPlainText(section.deltaString)}`);
  const context = [`Title: ${resource.name}`, resource.description && `Description: ${resource.description}`, ...sections].filter(Boolean).join('\n\n');
  return `${CHAT_SYSTEM_PROMPT}\n\nThe physician is reading this resource from their library; answer with it in mind:\n<resource>\n${context.slice(0, RESOURCE_CONTEXT_CHARACTERS)}\n</resource>`;
};

/**
 * The conversation up to the reply, as the model takes it: turns alternate (a failed reply leaves two user turns in a
 * row, which are joined), it starts with the user, and only the latest messages within a budget are sent.
 */
const conversation = async (deps: ChatReplyDeps, userId: string, chat: ChatSession, replyId: string): Promise<ModelMessage[]> => {
  const upToReply = chat.messages.slice(0, chat.messages.findIndex((message) => message.id === replyId));
  const usable = upToReply.filter((message) => message.role === 'user' || (message.status !== 'failed' && textOf(message).trim() !== ''));
  const recent: ChatMessage[] = [];
  let characters = 0;
  for (const message of usable.slice(-HISTORY_MESSAGES).reverse()) {
    characters += textOf(message).length;
    if (characters > HISTORY_CHARACTERS && recent.length > 0) break;
    recent.unshift(message);
  }
  let documents = 0;
  const messages: ModelMessage[] = [];
  for (const [index, message] of recent.entries()) {
    const withMedia = index >= recent.length - MEDIA_MESSAGES;
    const content: ModelContent[] = [];
    for (const part of message.parts) {
      const converted = await contentOf(deps, userId, part, withMedia && (part.type !== 'file' || documents < MAX_DOCUMENTS));
      if (part.type === 'file' && converted.type === 'document') documents += 1;
      content.push(converted);
    }
    messages.push({ role: message.role === 'user' ? 'user' : 'assistant', content });
  }
  return alternatingTurns(messages);
};

const contentOf = async (deps: ChatReplyDeps, userId: string, part: ChatPart, withMedia: boolean): Promise<ModelContent> => {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'image') return withMedia ? { type: 'image', mimeType: part.mimeType, data: Buffer.from(part.data, 'base64') } : { type: 'text', text: '[an image shared earlier]' };
  if (!withMedia) return { type: 'text', text: `[the file "${part.fileName}" shared earlier]` };
  const bytes = await readOwnFileBytes(deps, userId, part.filePath, MAX_CHAT_FILE_BYTES);
  if (bytes === 'unreadable') return { type: 'text', text: `[the file "${part.fileName}" could not be decrypted]` };
  if (bytes === 'too_large') return { type: 'text', text: `[the file "${part.fileName}" is too large to read]` };
  if (!bytes) return { type: 'text', text: `[the file "${part.fileName}" is no longer available]` };
  return { type: 'document', mimeType: part.mimeType, name: part.fileName, data: bytes };
};
