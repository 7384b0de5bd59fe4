// Chat sessions (spec sections 3 'Chat session', 4 'Chat', 5): a conversation of the user with a model, stored under
// the user, synced live between the user's devices. A model's reply streams in piece by piece; the stored message
// says how far it got, so a reload mid-reply neither repeats nor loses a piece.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';

/** The chat's model toggle: a quick model, or a stronger and slower one. */
export const ChatModelChoice = z.enum(['fast', 'slow']);
export type ChatModelChoice = z.infer<typeof ChatModelChoice>;

/** Images are downscaled in the browser to fit CHAT_IMAGE_SIZE before they are sent inline (spec section 9). */
export const CHAT_IMAGE_SIZE = { width: 400, height: 300 } as const;
/** Most inline images in one message, and the largest one as base64 (a 400×300 JPEG is ~30-60 KB). */
export const MAX_CHAT_IMAGES = 3;
export const MAX_CHAT_IMAGE_BASE64 = 90_000;
/** Most stored files (PDFs, text files) attached to one message, and the largest a model is given. */
export const MAX_CHAT_FILES = 3;
export const MAX_CHAT_FILE_BYTES = 4_500_000;
/** Longest message a user sends. */
export const MAX_CHAT_TEXT = 20_000;
/** Most messages one chat keeps. */
export const MAX_CHAT_MESSAGES = 400;
/** The text sent for the user when a message carries only attachments (spec section 5). */
export const ATTACHMENTS_ONLY_TEXT = 'What does this file show?';
/** The spec's messages (sections 5 and 8): a message missing or not a string (a 400), a chat call that failed, a
 * model answer that cannot be read, and a local model that failed. */
export const CHAT_MESSAGE_REQUIRED = 'Message is required and must be a string';
export const CHAT_REQUEST_FAILED = 'Chat request failed';
export const INVALID_MODEL_ANSWER = 'Invalid response structure from server';
export const LOCAL_MODEL_FAILED = 'Ollama query failed';

export const ChatImageType = z.enum(['image/jpeg', 'image/png', 'image/webp']);
/** Files a model can read as documents. */
export const CHAT_FILE_TYPES = ['application/pdf', 'text/plain', 'text/markdown', 'text/csv', 'text/html'] as const;
export const ChatFileType = z.enum(CHAT_FILE_TYPES);

export const ChatPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  /** An image sent inline, base64 without the data: prefix. */
  z.object({ type: z.literal('image'), mimeType: ChatImageType, data: z.base64().max(MAX_CHAT_IMAGE_BASE64, 'That image is too large: it is downscaled before sending; try again.') }),
  /** A stored file of the user (userContent/{uid}/...), given to the model as a document. */
  z.object({ type: z.literal('file'), filePath: z.string().min(1).max(500), mimeType: ChatFileType, fileName: z.string().min(1).max(MAX_SHORT_TEXT) }),
]);
export type ChatPart = z.infer<typeof ChatPart>;

/**
 * complete: whole; streaming: a reply still arriving (`text` holds what has come so far); stopped: the user pressed
 * Stop (the text so far is kept); failed: the model did not answer (`error` says why).
 */
export const ChatMessageStatus = z.enum(['complete', 'streaming', 'stopped', 'failed']);
export type ChatMessageStatus = z.infer<typeof ChatMessageStatus>;

export const ChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'model']),
  /** The user's text and attachments; a model's reply as one text part (clean HTML, see replyHtml). */
  parts: z.array(ChatPart),
  /** What the user typed, shown instead of the text sent (the attachments-only question is not shown as typed). */
  displayText: z.string().optional(),
  /** 'user', or the id of the model that answered (the spec's modelArray). */
  model: z.string(),
  createdAt: z.iso.datetime(),
  status: ChatMessageStatus,
  error: z.string().optional(),
  /** For a reply: how many characters of the model's raw answer `parts` holds; pieces pushed later start there. */
  received: z.number().int().nonnegative().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatSessionSummary = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.iso.datetime(),
  lastUpdate: z.iso.datetime(),
  messageCount: z.number().int().nonnegative(),
  /** The resource the chat was opened from (its text is the chat's context). */
  resourceId: z.string().optional(),
});
export type ChatSessionSummary = z.infer<typeof ChatSessionSummary>;

export const ChatSession = ChatSessionSummary.extend({
  messages: z.array(ChatMessage),
  /** The login session that made the last change: the other devices' copies are replaced by the server's. */
  userSessionId: z.string().optional(),
});
export type ChatSession = z.infer<typeof ChatSession>;

/** A message's reply has an id made from the message's own: a retried send finds both, and the sender's screen holds the reply before the send is answered. */
export const chatReplyId = (messageId: string) => `${messageId}-reply`;

/**
 * The message a send adds and the reply that streams into it, as the server stores them; the sender's screen adds the
 * same two at once, so the reply's first pieces show as they arrive. `model` is the answering model's id.
 */
export const chatExchange = (sent: { messageId: string; text: string; attachments: readonly ChatPart[] }, model: string, now: Date): { message: ChatMessage; reply: ChatMessage } => {
  const typed = sent.text.trim();
  return {
    message: {
      id: sent.messageId,
      role: 'user',
      parts: [{ type: 'text', text: typed || ATTACHMENTS_ONLY_TEXT }, ...sent.attachments],
      ...(typed ? {} : { displayText: '' }),
      model: 'user',
      createdAt: now.toISOString(),
      status: 'complete',
    },
    reply: {
      id: chatReplyId(sent.messageId),
      role: 'model',
      parts: [{ type: 'text', text: '' }],
      model,
      // Just after the message, so the two sort in order.
      createdAt: new Date(now.getTime() + 1).toISOString(),
      status: 'streaming',
      received: 0,
    },
  };
};

/** A new chat's title until it is renamed: the start of its first message. */
export const NEW_CHAT_TITLE = 'New chat';
export const chatTitleFrom = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return NEW_CHAT_TITLE;
  return line.length <= 60 ? line : `${line.slice(0, 59).trimEnd()}…`;
};
