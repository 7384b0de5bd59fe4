// The query keys of chat. Its own small module: the shell imports it (to follow pushed changes) without pulling the
// chat screen into the main chunk.
import type { QueryClient } from '@tanstack/react-query';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  detail: (id: string) => [...chatKeys.all, 'detail', id] as const,
};

/**
 * A chat was written on another device or tab (a message, a finished reply, a rename) or deleted. The list refetches;
 * an open copy of the chat refetches (the server's copy replaces this one). A deleted chat's copy is dropped unless a
 * screen shows it: that screen leaves it itself, saying why.
 */
export const chatChangedElsewhere = (queryClient: QueryClient, { chatId, deleted }: { chatId: string; deleted?: boolean }) => {
  void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
  const detail = chatKeys.detail(chatId);
  if (!deleted) {
    void queryClient.invalidateQueries({ queryKey: detail, exact: true });
    return;
  }
  const shown = (queryClient.getQueryCache().find({ queryKey: detail, exact: true })?.getObserversCount() ?? 0) > 0;
  if (!shown) queryClient.removeQueries({ queryKey: detail, exact: true });
};
