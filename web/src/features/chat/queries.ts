// Server state of chat: the list of the user's chats, one chat with its messages (a reply streaming into it is held by
// chat-stream.ts), and the calls that change them. Every answer is written into the cache so the screen shows it at once.
import { chatContract, chatExchange, type ChatSession, type ChatSessionSummary, type SendChatMessageBody, type SentChatMessage } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/api-error';
import { useApi } from '../../platform/platform-context';
import { chatKeys } from './chat-keys';
import { mergeServerCopy, streamingReply, withExchange, withMessage, withoutMessage, withoutUnsent } from './chat-stream';

export { chatKeys } from './chat-keys';

/** How often a chat with a reply still streaming is read again, besides the realtime pushes. */
export const STREAMING_POLL_MS = 10_000;

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The user's chats, the last changed first. */
export function useChatList() {
  const api = useApi();
  return useQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ signal }) => api.call(chatContract.list, { signal }),
    select: ({ chats }) => [...chats].sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate)),
  });
}

/** One chat; nothing is loaded while `id` is undefined. */
export function useChat(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: chatKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.call(chatContract.get, { params: { chatId: id ?? '' }, signal }),
    enabled: id !== undefined,
    // Every new copy (a refetch, a piece of a reply) goes through the merge: a streaming reply never shrinks.
    structuralSharing: (held, server) => mergeServerCopy(held as ChatSession | undefined, server as ChatSession),
    // A missing or foreign id is an answer, not a hiccup.
    retry: (count, error) => !isMissing(error) && count < 2,
    // The realtime pieces and the 'reply complete' push fill a streaming reply; should the socket be down, the chat is
    // also read again now and then until the reply is done, so the screen never waits on a reply forever.
    refetchInterval: (query) => (streamingReply(query.state.data) ? STREAMING_POLL_MS : false),
  });
}

export const isChatMissing = isMissing;

const updateChat = (queryClient: QueryClient, id: string, update: (chat: ChatSession) => ChatSession) =>
  queryClient.setQueryData<ChatSession>(chatKeys.detail(id), (chat) => (chat ? update(chat) : chat));

const summaryOf = ({ messages: _messages, userSessionId: _session, ...summary }: ChatSession): ChatSessionSummary => summary;

/** Starts a chat (with the browser's id: a retry answers the same chat). */
export function useCreateChat() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; resourceId?: string }) => api.call(chatContract.create, { body }),
    onSuccess: (chat) => {
      queryClient.setQueryData(chatKeys.detail(chat.id), chat);
      queryClient.setQueryData<{ chats: ChatSessionSummary[] }>(chatKeys.list(), (list) =>
        list && !list.chats.some((known) => known.id === chat.id) ? { chats: [summaryOf(chat), ...list.chats] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

export function useRenameChat() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api.call(chatContract.rename, { params: { chatId: id }, body: { title } }),
    onSuccess: (summary) => {
      queryClient.setQueryData<{ chats: ChatSessionSummary[] }>(chatKeys.list(), (list) =>
        list ? { chats: list.chats.map((chat) => (chat.id === summary.id ? summary : chat)) } : list,
      );
      updateChat(queryClient, summary.id, (chat) => ({ ...chat, title: summary.title }));
    },
  });
}

export function useDeleteChat() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(chatContract.remove, { params: { chatId: id } }),
    onSuccess: (_deleted, id) => {
      queryClient.setQueryData<{ chats: ChatSessionSummary[] }>(chatKeys.list(), (list) => (list ? { chats: list.chats.filter((chat) => chat.id !== id) } : list));
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

/**
 * Sends a message. The message and its reply join the chat at once (the two the server stores), so the reply's pieces
 * show as they arrive, before the send is answered; the answer then stands in for them. A send that fails is taken out
 * again (the composer keeps its text) and the chat is loaded again.
 */
export function useSendMessage(chatId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendChatMessageBody): Promise<SentChatMessage> => api.call(chatContract.send, { params: { chatId }, body }),
    onMutate: (body) => {
      const { message, reply } = chatExchange({ ...body, attachments: body.attachments ?? [] }, body.model ?? 'fast', new Date());
      updateChat(queryClient, chatId, (chat) => withExchange(chat, [message, reply]));
    },
    onSuccess: ({ message, reply }) => {
      updateChat(queryClient, chatId, (chat) => withExchange(chat, [message, reply]));
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
    onError: (_error, body) => {
      updateChat(queryClient, chatId, (chat) => withoutUnsent(chat, body.messageId));
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId), exact: true });
    },
  });
}

/** Stops the reply still streaming; its text so far is kept. */
export function useStopReply(chatId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api.call(chatContract.stop, { params: { chatId, messageId } }),
    onSuccess: (stopped) => updateChat(queryClient, chatId, (chat) => withMessage(chat, stopped)),
  });
}

export function useDeleteMessage(chatId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api.call(chatContract.removeMessage, { params: { chatId, messageId } }),
    onSuccess: (_deleted, messageId) => {
      updateChat(queryClient, chatId, (chat) => withoutMessage(chat, messageId));
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}
