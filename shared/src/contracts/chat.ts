// Chat, the text transformer and what the deployment's models can do. A sent message is answered at once with the
// stored user message and the reply that will stream into it: the reply's pieces arrive over the WebSocket
// (`chat.delta`), and the stored chat always says how far the reply got (see ChatMessage.received).
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';
import {
  CHAT_MESSAGE_REQUIRED,
  ChatMessage,
  ChatModelChoice,
  ChatPart,
  ChatSession,
  ChatImageType,
  ChatSessionSummary,
  MAX_CHAT_FILES,
  MAX_CHAT_IMAGES,
  MAX_CHAT_TEXT,
} from '../chat/chat';

const clientId = z.string().regex(/^[\w-]{8,64}$/, 'Ids are 8 to 64 letters, digits, - or _.');

export const CreateChatBody = z.strictObject({
  /** Made by the browser, so creating is safe to retry: the same id answers the chat already made. */
  id: clientId,
  resourceId: z.string().min(1).max(MAX_SHORT_TEXT).optional(),
});

export const RenameChatBody = z.strictObject({ title: z.string().trim().min(1, 'A chat needs a name.').max(MAX_SHORT_TEXT) });

export const ChatAttachment = z.discriminatedUnion('type', [ChatPart.options[1], ChatPart.options[2]]);
export type ChatAttachment = z.infer<typeof ChatAttachment>;

export const SendChatMessageBody = z.strictObject({
  /** Made by the browser, so sending is safe to retry. */
  messageId: clientId,
  text: z.string({ error: CHAT_MESSAGE_REQUIRED }).max(MAX_CHAT_TEXT, `A message can be at most ${MAX_CHAT_TEXT} characters.`),
  attachments: z
    .array(ChatAttachment)
    .max(MAX_CHAT_IMAGES + MAX_CHAT_FILES)
    .default([])
    .refine((parts) => parts.filter((p) => p.type === 'image').length <= MAX_CHAT_IMAGES, `At most ${MAX_CHAT_IMAGES} images per message.`)
    .refine((parts) => parts.filter((p) => p.type === 'file').length <= MAX_CHAT_FILES, `At most ${MAX_CHAT_FILES} files per message.`),
  model: ChatModelChoice.default('fast'),
});
export type SendChatMessageBody = z.input<typeof SendChatMessageBody>;

export const SentChatMessage = z.object({ message: ChatMessage, reply: ChatMessage });
export type SentChatMessage = z.infer<typeof SentChatMessage>;

export const ChatList = z.object({ chats: z.array(ChatSessionSummary) });
export const ChatDeleted = z.object({ deleted: z.literal(true) });

/**
 * The text transformer: images (a lab printout, a handwritten note) to text. Its images stay large enough to read
 * small print (the browser fits them in 1600×1600); together they stay under the API's request size.
 */
export const MAX_TRANSFORM_IMAGES = 3;
export const MAX_TRANSFORM_IMAGE_BASE64 = 1_500_000;
export const TransformImage = z.object({
  type: z.literal('image'),
  mimeType: ChatImageType,
  data: z.base64().max(MAX_TRANSFORM_IMAGE_BASE64, 'That image is too large: it is downscaled before sending; try again.'),
});
export const TransformBody = z.strictObject({
  images: z.array(TransformImage).min(1, 'Choose an image.').max(MAX_TRANSFORM_IMAGES, `At most ${MAX_TRANSFORM_IMAGES} images at a time.`),
  /** What to do with them; a transcription by default. */
  instruction: z.string().trim().max(2_000).optional(),
});
export const TransformResult = z.object({ text: z.string(), model: z.string() });

/** Which AI features this deployment has a model for; `setUpHint` says what to set for those it has not. */
export const AiStatus = z.object({
  chat: z.boolean(),
  transformer: z.boolean(),
  extraction: z.object({ vertex: z.boolean(), local: z.boolean() }),
  setUpHint: z.string(),
});
export type AiStatus = z.infer<typeof AiStatus>;

export const chatContract = {
  status: { method: 'get', path: '/ai/status', summary: 'Which AI features have a model in this deployment', response: AiStatus },
  list: { method: 'get', path: '/chats', summary: "The user's chats, the last changed first", response: ChatList },
  create: { method: 'post', path: '/chats', summary: 'Start a chat (the same id again answers the chat already made)', body: CreateChatBody, response: ChatSession },
  get: { method: 'get', path: '/chats/{chatId}', summary: 'One chat with its messages', response: ChatSession },
  rename: { method: 'patch', path: '/chats/{chatId}', summary: 'Rename a chat', body: RenameChatBody, response: ChatSessionSummary },
  remove: { method: 'delete', path: '/chats/{chatId}', summary: 'Delete a chat and its messages', response: ChatDeleted },
  send: {
    method: 'post',
    path: '/chats/{chatId}/messages',
    summary: "Send a message; the reply streams over the WebSocket (429 past the day's token allowance, 503 when no model is set up)",
    body: SendChatMessageBody,
    response: SentChatMessage,
  },
  stop: { method: 'post', path: '/chats/{chatId}/messages/{messageId}/stop', summary: 'Stop a reply that is still streaming; its text so far is kept', response: ChatMessage },
  removeMessage: { method: 'delete', path: '/chats/{chatId}/messages/{messageId}', summary: 'Delete one message', response: ChatDeleted },
  transform: { method: 'post', path: '/transform', summary: 'The text transformer: images to text with the vision model', body: TransformBody, response: TransformResult },
} as const;
