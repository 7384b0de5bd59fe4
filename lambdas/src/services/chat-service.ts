// Chat and the text transformer (spec sections 4 'Chat', 5): sending stores the user's message and the reply that will
// stream into it, and hands the reply to the runner; the transformer reads images with the vision model.
import {
  AppError,
  badRequest,
  CHAT_MESSAGE_REQUIRED,
  chatExchange,
  chatReplyId,
  INVALID_MODEL_ANSWER,
  chatTitleFrom,
  isOwnFilePath,
  MAX_CHAT_MESSAGES,
  NEW_CHAT_TITLE,
  notFound,
  stripReplyMarkdown,
  type AiStatus,
  type ChatSession,
  type SentChatMessage,
} from '@chartside/shared';
import type { z } from 'zod';
import type { SendChatMessageBody, TransformBody } from '@chartside/shared';
import type { ChatRepository } from '../data/chat-repository';
import type { Clock } from '../ports/clock';
import type { FileStore } from '../ports/file-store';
import type { ChatReplyJob, ReplyHandoff, ReplyRunner } from '../ports/reply-runner';
import type { TextModel, TextModels } from '../ports/text-model';
import type { Broadcast } from '../ws/broadcast';
import { checkAllowance, recordUsage, type AiAllowance } from './ai-allowance';

export interface ChatDeps {
  chats: ChatRepository;
  models: TextModels;
  allowance: AiAllowance;
  replies: ReplyRunner;
  fileStore: FileStore;
  broadcast: Broadcast;
  clock: Clock;
}

export interface ChatCaller {
  userId: string;
  sessionId: string;
  clientId: string | undefined;
}

export const aiStatus = (models: TextModels): AiStatus => ({
  chat: Boolean(models.fast),
  transformer: Boolean(models.vision),
  extraction: { vertex: Boolean(models.extraction), local: Boolean(models.local) },
  setUpHint: models.setUpHint,
});

/** The model a reply streams from: Slow falls back to Fast where a deployment has only one. */
export const replyModel = (models: TextModels, choice: ChatReplyJob['model']): TextModel | undefined => (choice === 'slow' ? (models.slow ?? models.fast) : models.fast);

export const notSetUp = (models: TextModels) => new AppError('model_not_configured', `AI is not set up on this server. ${models.setUpHint}`);

const CHAT_FULL = 'This chat is full. Start a new chat to go on.';

export const sendMessage = async (deps: ChatDeps, caller: ChatCaller, chatId: string, body: z.output<typeof SendChatMessageBody>): Promise<SentChatMessage> => {
  const model = replyModel(deps.models, body.model);
  if (!model) throw notSetUp(deps.models);
  const typed = body.text.trim();
  if (!typed && body.attachments.length === 0) throw badRequest(CHAT_MESSAGE_REQUIRED);
  const now = deps.clock.now();
  const job = { userId: caller.userId, chatId, messageId: chatReplyId(body.messageId), model: body.model, clientId: caller.clientId };
  // The reply starts before anything is read: its own first read (the user's connections) runs beside these, it asks
  // the model as soon as it is handed the chat, and its first words do not wait for the exchange to be written.
  const next = replyHandoff();
  const started = deps.replies.start(job, next.handoff).then(
    () => true,
    () => false,
  );
  try {
    // Independent reads at once: the first piece of the reply waits for all of them.
    const [current] = await Promise.all([
      deps.chats.get(caller.userId, chatId, now),
      checkAllowance(deps.allowance, caller.userId, now),
      ...body.attachments.map(async (part) => {
        if (part.type === 'file' && (!isOwnFilePath(caller.userId, part.filePath) || !(await deps.fileStore.exists(part.filePath)))) {
          throw badRequest(`The file "${part.fileName}" was not uploaded. Attach it again.`);
        }
      }),
    ]);
    if (!current) throw notFound('Chat');
    const sentBefore = current.messages.find((m) => m.id === body.messageId);
    const replyBefore = current.messages.find((m) => m.id === job.messageId);
    if (sentBefore && replyBefore) return { message: sentBefore, reply: replyBefore };
    // Checked before the model is asked (the write checks again, for a send racing this one).
    if (current.messageCount > MAX_CHAT_MESSAGES - 2) throw badRequest(CHAT_FULL);

    const { message, reply } = chatExchange({ ...body, text: typed }, model.id, now);
    const firstFile = body.attachments.find((part) => part.type === 'file');
    const title = current.messageCount === 0 && current.title === NEW_CHAT_TITLE ? chatTitleFrom(typed || firstFile?.fileName || 'Image') : undefined;
    next.giveChat({ ...current, messages: [...current.messages, message, reply] });
    const storing = deps.chats.addExchange(caller.userId, chatId, { message, reply, title, sessionId: caller.sessionId });
    void storing.then(
      (outcome) => next.settleStored(outcome === 'added'),
      () => next.settleStored(false),
    );
    const outcome = await storing;
    if (outcome === 'missing') throw notFound('Chat');
    if (outcome === 'full') throw badRequest(CHAT_FULL);
    if (outcome === 'exists') {
      const storedChat = await deps.chats.get(caller.userId, chatId, deps.clock.now());
      const storedMessage = storedChat?.messages.find((m) => m.id === message.id);
      const storedReply = storedChat?.messages.find((m) => m.id === reply.id);
      if (storedMessage && storedReply) return { message: storedMessage, reply: storedReply };
      throw new AppError('version_conflict', 'This message was already sent.');
    }
    // The reply's job tells the user's other devices; one that did not start cannot.
    if (!(await started)) {
      const error = 'Chat request failed: the reply could not be started. Send your message again.';
      await deps.chats.finishReply(caller.userId, chatId, reply.id, { status: 'failed', text: '', received: 0, model: model.id, error }, deps.clock.now());
      await deps.broadcast(caller.userId, { type: 'chat.updated', chatId }, { exceptClientId: caller.clientId });
      return { message, reply: { ...reply, status: 'failed', error } };
    }
    return { message, reply };
  } finally {
    next.cancel(); // a send that stored nothing (refused, or a retry of one already sent) ends its job
  }
};

/** What a reply's job is handed as its send goes on; each part settles once, and `cancel` settles what is left. */
const replyHandoff = () => {
  let giveChat: (chat: ChatSession | undefined) => void = () => undefined;
  let settleStored: (stored: boolean) => void = () => undefined;
  const handoff: ReplyHandoff = { chat: new Promise((resolve) => (giveChat = resolve)), stored: new Promise((resolve) => (settleStored = resolve)) };
  return {
    handoff,
    giveChat,
    settleStored,
    cancel: () => {
      giveChat(undefined);
      settleStored(false);
    },
  };
};

export const TRANSFORM_SYSTEM_PROMPT =
  'You transcribe clinical images for a physician: lab printouts, monitor screens, medication lists, handwritten notes. Answer with the text only, keeping its lines, numbers, units and reference ranges exactly; mark anything you cannot read as [illegible]. Use plain text, no markdown.';
export const DEFAULT_TRANSFORM_INSTRUCTION = 'Transcribe this image as text.';

export const transformImages = async (deps: ChatDeps, userId: string, body: z.output<typeof TransformBody>, signal?: AbortSignal) => {
  const vision = deps.models.vision;
  if (!vision) throw notSetUp(deps.models);
  await checkAllowance(deps.allowance, userId, deps.clock.now());
  const answer = await vision.complete({
    system: TRANSFORM_SYSTEM_PROMPT,
    messages: [
      {
        role: 'user',
        content: [
          ...body.images.map((image) => ({ type: 'image' as const, mimeType: image.mimeType, data: Buffer.from(image.data, 'base64') })),
          { type: 'text', text: body.instruction || DEFAULT_TRANSFORM_INSTRUCTION },
        ],
      },
    ],
    maxTokens: 4_000,
    signal,
  });
  await recordUsage(deps.allowance, userId, deps.clock.now(), answer.usage);
  const text = stripReplyMarkdown(answer.text);
  if (!text) throw new AppError('bad_gateway', INVALID_MODEL_ANSWER);
  return { text, model: vision.id };
};
