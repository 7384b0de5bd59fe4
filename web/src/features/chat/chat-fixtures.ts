// Test data and a fake chat server for the component tests: the chat routes of the contract, answered as the API does
// (a sent message answers the stored message and a streaming reply; a missing chat is a 404), and /ai/status.
import { chatExchange, type AiStatus, type ChatMessage, type ChatSession, type ChatSessionSummary, type SendChatMessageBody } from '@chartside/shared';
import { apiError, type FakeApi } from '../../test/fake-api';

const AT = '2025-03-01T09:00:00.000Z';

export const aiReady: AiStatus = { chat: true, transformer: true, extraction: { vertex: true, local: true }, setUpHint: '' };
export const aiMissing: AiStatus = {
  chat: false,
  transformer: false,
  extraction: { vertex: false, local: false },
  setUpHint: 'Set OLLAMA_URL to an Ollama server and restart Chartside.',
};

export const chatMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'm-1',
  role: 'user',
  parts: [{ type: 'text', text: 'What is the qSOFA score?' }],
  model: 'user',
  createdAt: AT,
  status: 'complete',
  ...overrides,
});

export const modelMessage = (text: string, overrides: Partial<ChatMessage> = {}): ChatMessage =>
  chatMessage({ id: 'm-1-reply', role: 'model', parts: [{ type: 'text', text }], model: 'fast-model', received: text.length, ...overrides });

export const chatSession = (overrides: Partial<ChatSession> = {}): ChatSession => ({
  id: 'c-1',
  title: 'Sepsis questions',
  createdAt: AT,
  lastUpdate: AT,
  messageCount: 0,
  messages: [],
  ...overrides,
});

const summaryOf = ({ messages: _messages, userSessionId: _session, ...summary }: ChatSession): ChatSessionSummary => summary;

export interface ChatStore {
  chats: Map<string, ChatSession>;
  status: { current: AiStatus };
  /** Replaces a chat as the server holds it (a reply saved, a change on another device). */
  put: (chat: ChatSession) => void;
}

export function serveChats(api: FakeApi, initial: ChatSession[] = [], status: AiStatus = aiReady): ChatStore {
  const chats = new Map(initial.map((chat) => [chat.id, chat]));
  const store: ChatStore = { chats, status: { current: status }, put: (chat) => chats.set(chat.id, chat) };
  const missing = () => apiError(404, 'not_found', 'Chat was not found.');
  api
    .on('GET', '/ai/status', () => store.status.current)
    .on('GET', '/chats', () => ({ chats: [...chats.values()].map(summaryOf) }))
    .on('POST', '/chats', (request) => {
      const { id, resourceId } = request.body as { id: string; resourceId?: string };
      const chat = chats.get(id) ?? chatSession({ id, title: 'New chat', ...(resourceId ? { resourceId } : {}) });
      chats.set(id, chat);
      return chat;
    })
    .on('GET', '/chats/{chatId}', (_request, { chatId = '' }) => chats.get(chatId) ?? missing())
    .on('PATCH', '/chats/{chatId}', (request, { chatId = '' }) => {
      const chat = chats.get(chatId);
      if (!chat) return missing();
      const renamed = { ...chat, title: (request.body as { title: string }).title };
      chats.set(chatId, renamed);
      return summaryOf(renamed);
    })
    .on('DELETE', '/chats/{chatId}', (_request, { chatId = '' }) => (chats.delete(chatId) ? { deleted: true } : missing()))
    .on('POST', '/chats/{chatId}/messages', (request, { chatId = '' }) => {
      const chat = chats.get(chatId);
      if (!chat) return missing();
      const body = request.body as SendChatMessageBody;
      const { message, reply } = chatExchange({ ...body, attachments: body.attachments ?? [] }, 'fast-model', new Date());
      chats.set(chatId, { ...chat, messages: [...chat.messages, message, reply], messageCount: chat.messageCount + 2 });
      return { message, reply };
    })
    .on('POST', '/chats/{chatId}/messages/{messageId}/stop', (_request, { chatId = '', messageId = '' }) => {
      const chat = chats.get(chatId);
      const reply = chat?.messages.find((message) => message.id === messageId);
      if (!chat || !reply) return missing();
      const stopped = { ...reply, status: 'stopped' as const };
      chats.set(chatId, { ...chat, messages: chat.messages.map((message) => (message.id === messageId ? stopped : message)) });
      return stopped;
    })
    .on('DELETE', '/chats/{chatId}/messages/{messageId}', (_request, { chatId = '', messageId = '' }) => {
      const chat = chats.get(chatId);
      if (!chat) return missing();
      chats.set(chatId, { ...chat, messages: chat.messages.filter((message) => message.id !== messageId) });
      return { deleted: true };
    });
  return store;
}
