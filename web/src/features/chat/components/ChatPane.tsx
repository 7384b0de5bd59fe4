// A chat, open: its messages (or the empty state) above the composer. Used by the chat page and, 50vh high, by the chat
// dialog of a resource (spec section 9). Sending adds the message and the reply it streams into at once; the reply
// fills from the realtime pieces (use-chat-stream.ts). Export to Text Field opens its dialog over the pane.
import type { ChatSession } from '@chartside/shared';
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAiNotSetUp } from '../../../platform/ai-status';
import { createClientId } from '../../../platform/client-id';
import { streamingReply } from '../chat-stream';
import { ExportDialog } from '../export/ExportDialog';
import type { ExportTarget } from '../export/export-target';
import { useDeleteMessage, useSendMessage, useStopReply } from '../queries';
import { useChatStream } from '../use-chat-stream';
import classes from './chat.module.css';
import { ChatMessageItem } from './ChatMessageItem';
import { Composer, type ComposerInput, type ChatShare } from './Composer';

export interface ChatPaneProps {
  chat: ChatSession;
  /** The pane's height (CSS): the page fills the window; embedded, 50vh. */
  height: string;
  /** The chat was deleted on another device. */
  onDeleted: () => void;
  /** The record the chat was opened from, offered by Export to Text Field. */
  exportTarget?: ExportTarget | undefined;
  /** What 'Export to AI' sends to the message being written. */
  share?: ChatShare | undefined;
}

/** How close to the bottom (px) the reader must be for new text to keep the view at the bottom. */
const STICK_TO_BOTTOM_PX = 80;

function EmptyState() {
  return (
    <div className={classes.empty}>
      <Title order={2} size="h4">
        Chat will appear here
      </Title>
      <Text c="dimmed">Start a conversation by typing a message below</Text>
    </div>
  );
}

/** A send retried with the same text and files reuses its id: the server then answers the message it already has. */
function useMessageId() {
  const last = useRef<{ signature: string; id: string }>(undefined);
  return {
    idFor: (input: ComposerInput) => {
      const signature = JSON.stringify(input);
      if (last.current?.signature !== signature) last.current = { signature, id: createClientId() };
      return last.current.id;
    },
    sent: () => {
      last.current = undefined;
    },
  };
}

export function ChatPane({ chat, height, onDeleted, exportTarget, share }: ChatPaneProps) {
  const send = useSendMessage(chat.id);
  const stop = useStopReply(chat.id);
  const remove = useDeleteMessage(chat.id);
  const notSetUp = useAiNotSetUp('chat');
  const messageId = useMessageId();
  const [exportText, setExportText] = useState<string>();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useChatStream(chat.id, chat, { onDeleted });

  const reply = streamingReply(chat);
  const lastText = chat.messages.at(-1)?.parts.find((part) => part.type === 'text');
  const lastLength = lastText?.type === 'text' ? lastText.text.length : 0;

  // New messages and a growing reply keep the view at the bottom, unless the reader scrolled up to read.
  useEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [chat.messages.length, lastLength]);

  const sendMessage = async (input: ComposerInput) => {
    atBottom.current = true;
    await send.mutateAsync({ messageId: messageId.idFor(input), ...input });
    messageId.sent();
  };

  const { mutate: deleteMessage } = remove;
  const onDelete = useCallback(
    (id: string) =>
      deleteMessage(id, { onError: (error) => notifications.show({ color: 'red', title: 'The message was not deleted', message: error.message }) }),
    [deleteMessage],
  );
  const onExport = useCallback((text: string) => setExportText(text), []);

  return (
    <div className={classes.pane} style={{ height }}>
      <div
        ref={scroller}
        className={classes.messages}
        role="log"
        aria-label="Messages"
        aria-busy={reply !== undefined}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
        }}
      >
        {chat.messages.length === 0 ? (
          <EmptyState />
        ) : (
          <Stack gap="sm">
            {chat.messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} onDelete={onDelete} onExport={onExport} />
            ))}
          </Stack>
        )}
      </div>
      <Composer
        onSend={sendMessage}
        streaming={reply !== undefined}
        stopping={stop.isPending}
        onStop={() =>
          reply &&
          stop.mutate(reply.id, { onError: (error) => notifications.show({ color: 'red', title: 'The reply was not stopped', message: error.message }) })
        }
        notSetUp={notSetUp}
        share={share}
      />
      <ExportDialog opened={exportText !== undefined} text={exportText ?? ''} target={exportTarget} onClose={() => setExportText(undefined)} />
    </div>
  );
}
