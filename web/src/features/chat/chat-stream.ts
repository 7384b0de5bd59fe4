// How a reply that is still streaming is held in the browser (spec: Chat; shared/src/chat/chat.ts). The reply's raw text
// grows with each `chat.delta` piece: a piece starting exactly where the held text ends is appended; one that starts
// earlier is trimmed to what is not held yet, so nothing shows twice (a piece pushed again, or already in a copy loaded
// after a reload); one that starts beyond the end means a piece was missed, and the chat is loaded again. A server
// copy replaces the held one, except that a reply still streaming keeps the longer text it already shows.
import { chatReplyId, type ChatMessage, type ChatSession } from '@chartside/shared';

export interface ReplyDelta {
  messageId: string;
  /** Where the piece starts in the reply's raw text. */
  offset: number;
  text: string;
}

/**
 * applied: the reply grew; duplicate: every character was held already; gap: a piece before this one is missing;
 * unknown: no such message in the held copy (yet); finished: the reply is no longer streaming.
 */
export type DeltaOutcome = 'applied' | 'duplicate' | 'gap' | 'unknown' | 'finished';

/** A message's text as sent or received: its text parts, joined (a reply has one). */
export const messageText = (message: Pick<ChatMessage, 'parts'>): string =>
  message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');

/** What the user typed, as the chat shows it (an attachments-only message shows no question). */
export const typedText = (message: Pick<ChatMessage, 'parts' | 'displayText'>): string => message.displayText ?? messageText(message);

const withReplyText = (message: ChatMessage, text: string): ChatMessage => ({
  ...message,
  parts: [{ type: 'text', text }, ...message.parts.filter((part) => part.type !== 'text')],
  received: text.length,
});

export function applyDelta(chat: ChatSession, { messageId, offset, text }: ReplyDelta): { chat: ChatSession; outcome: DeltaOutcome } {
  const index = chat.messages.findIndex((message) => message.id === messageId);
  const message = chat.messages[index];
  if (!message) return { chat, outcome: 'unknown' };
  if (message.status !== 'streaming') return { chat, outcome: 'finished' };
  const held = messageText(message);
  if (offset > held.length) return { chat, outcome: 'gap' };
  if (offset + text.length <= held.length) return { chat, outcome: 'duplicate' };
  const messages = [...chat.messages];
  messages[index] = withReplyText(message, held + text.slice(held.length - offset));
  return { chat: { ...chat, messages }, outcome: 'applied' };
}

/**
 * The server's copy of one message as the screen takes it: a reply both copies hold as streaming keeps the held text
 * when it is longer and continues the server's (the server saves a streaming reply once a second; the pieces since
 * were pushed to this tab).
 */
const serverMessage = (held: ChatMessage | undefined, server: ChatMessage): ChatMessage => {
  if (!held || server.status !== 'streaming' || held.status !== 'streaming') return server;
  const theirs = messageText(server);
  const ours = messageText(held);
  return ours.length > theirs.length && ours.startsWith(theirs) ? withReplyText(server, ours) : server;
};

/** The server's copy of the chat as the screen takes it: the server's messages, in its order (a message deleted elsewhere goes). */
export function mergeServerCopy(held: ChatSession | undefined, server: ChatSession): ChatSession {
  if (!held) return server;
  const heldById = new Map(held.messages.map((message) => [message.id, message]));
  const messages = server.messages.map((message) => serverMessage(heldById.get(message.id), message));
  return messages.some((message, index) => message !== server.messages[index]) ? { ...server, messages } : server;
}

/** The reply still arriving, if any: the chat is busy until it is complete, stopped or failed. */
export const streamingReply = (chat: ChatSession | undefined): ChatMessage | undefined =>
  chat?.messages.findLast((message) => message.role === 'model' && message.status === 'streaming');

/**
 * Adds a sent message and its reply to the held copy, each once: one held already (added when it was sent, or by a
 * retried send) becomes the server's copy of it.
 */
export function withExchange(chat: ChatSession, sent: readonly ChatMessage[]): ChatSession {
  const sentById = new Map(sent.map((message) => [message.id, message]));
  const known = new Set(chat.messages.map((message) => message.id));
  const messages = chat.messages.map((message) => {
    const server = sentById.get(message.id);
    return server ? serverMessage(message, server) : message;
  });
  const added = sent.filter((message) => !known.has(message.id));
  return { ...chat, messages: [...messages, ...added], messageCount: chat.messageCount + added.length };
}

/** Takes a send the server did not take out of the held copy again: its message and its reply, unless pieces of the reply came (the server has it). */
export function withoutUnsent(chat: ChatSession, messageId: string): ChatSession {
  const reply = chat.messages.find((message) => message.id === chatReplyId(messageId));
  if (!reply || messageText(reply) !== '') return chat;
  const messages = chat.messages.filter((message) => message.id !== messageId && message.id !== reply.id);
  return { ...chat, messages, messageCount: chat.messageCount - (chat.messages.length - messages.length) };
}

/**
 * Replaces one message of the held copy by the server's answer about it (a stopped reply). A stopped reply keeps the
 * longer text shown here: the server keeps every piece it pushed, including those since its last save.
 */
export const withMessage = (chat: ChatSession, message: ChatMessage): ChatSession => ({
  ...chat,
  messages: chat.messages.map((held) => {
    if (held.id !== message.id) return held;
    const ours = messageText(held);
    const theirs = messageText(message);
    return message.status === 'stopped' && ours.length > theirs.length && ours.startsWith(theirs) ? withReplyText(message, ours) : message;
  }),
});

export const withoutMessage = (chat: ChatSession, messageId: string): ChatSession => {
  const messages = chat.messages.filter((message) => message.id !== messageId);
  return messages.length === chat.messages.length ? chat : { ...chat, messages, messageCount: messages.length };
};
