// Follows one open chat over the realtime connection: pieces of a streaming reply (`chat.delta`) go into the held copy
// by chat-stream.ts's rules; a piece that does not fit yet (a piece missed, or a reply this copy does not hold yet) is
// kept aside and the chat is loaded again, at most once a second (the server saves a streaming reply once a second), and
// the kept pieces are applied once a copy they continue has arrived. A chat deleted elsewhere calls `onDeleted`.
import type { ChatSession } from '@chartside/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useRealtimeEvents } from '../../platform/realtime/realtime-bus';
import { chatKeys } from './chat-keys';
import { applyDelta, type DeltaOutcome, type ReplyDelta } from './chat-stream';

/** The least time between two loads of the chat caused by missed pieces. */
export const GAP_REFETCH_MS = 1_000;
/** Pieces kept aside per chat, at most (a reply of several hundred pieces); the oldest go first. */
const MAX_KEPT_PIECES = 2_000;

export function useChatStream(chatId: string, chat: ChatSession | undefined, { onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const kept = useRef<ReplyDelta[]>([]);
  const lastRefetch = useRef(0);
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const refetch = () => {
    if (refetchTimer.current !== undefined) return;
    const wait = Math.max(0, lastRefetch.current + GAP_REFETCH_MS - Date.now());
    refetchTimer.current = setTimeout(() => {
      refetchTimer.current = undefined;
      lastRefetch.current = Date.now();
      // A load already on its way is joined, not cancelled: pieces keep coming while it runs.
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId), exact: true }, { cancelRefetch: false });
    }, wait);
  };

  const apply = (delta: ReplyDelta): DeltaOutcome => {
    let outcome: DeltaOutcome = 'unknown';
    queryClient.setQueryData<ChatSession>(chatKeys.detail(chatId), (held) => {
      if (!held) return held;
      const result = applyDelta(held, delta);
      outcome = result.outcome;
      return result.chat;
    });
    return outcome;
  };

  useRealtimeEvents((event) => {
    if (event.type === 'chat.updated' && event.chatId === chatId && event.deleted) onDeleted();
    if (event.type !== 'chat.delta' || event.chatId !== chatId) return;
    const outcome = apply(event);
    if (outcome === 'gap' || outcome === 'unknown') {
      kept.current = [...kept.current, event].slice(-MAX_KEPT_PIECES);
      refetch();
    }
  });

  // A new copy of the chat: the pieces kept aside that now continue a reply are applied, in order.
  const applyKept = useEffectEvent(() => {
    if (kept.current.length === 0) return;
    const waiting: ReplyDelta[] = [];
    for (const delta of [...kept.current].sort((a, b) => a.offset - b.offset)) {
      const outcome = apply(delta);
      if (outcome === 'gap' || outcome === 'unknown') waiting.push(delta);
    }
    kept.current = waiting;
  });
  useEffect(() => {
    if (chat) applyKept();
  }, [chat]);
}
