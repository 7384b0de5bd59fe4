// /chat and /chat/:chatSessionId (spec: Chat screen; Chat states). Without an id a chat is started with an id made here
// and the route becomes /chat/{id}; with one the chat is loaded, and a missing or foreign id (or a chat deleted on another
// device while open) starts a new chat, saying why. Text handed over by another screen (compose-handoff.ts) is carried
// to the new chat's message. The user's chats are a side column on a wide screen, a drawer on a phone.
import { Alert, Box, Button, Container, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { IconList } from '../../../components/icons';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { createClientId } from '../../../platform/client-id';
import { ChatList } from '../components/ChatList';
import { ChatPane } from '../components/ChatPane';
import { ChatStartFailed } from '../components/ChatStartFailed';
import { composeOf } from '../compose-handoff';
import { chatKeys, isChatMissing, useChat, useCreateChat } from '../queries';

export const MISSING_CHAT_NOTICE = 'That chat does not exist, or it was deleted. A new chat was started.';
export const DELETED_CHAT_NOTICE = 'This chat was deleted on another device. A new chat was started.';

/** Below this width the list of chats moves into a drawer. */
const WIDE = '(min-width: 62em)';
/** The page's pane fills the window below the top bar and the page's heading. */
const PAGE_PANE_HEIGHT = 'max(360px, calc(100dvh - 170px))';

const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

function NewChat({ notice }: { notice: string | undefined }) {
  const [id] = useState(createClientId);
  const create = useCreateChat();
  const navigate = useNavigate();
  const compose = composeOf(useLocation().state);
  const start = () =>
    create.mutate({ id }, { onSuccess: () => void navigate(`/chat/${id}`, { replace: true, state: notice || compose ? { notice, compose } : null }) });
  const startOnOpen = useEffectEvent(start);
  useEffect(() => startOnOpen(), []);

  if (create.isError) return <ChatStartFailed message={create.error.message} onRetry={start} />;
  return <Loader role="status" aria-label="Starting a new chat" />;
}

function OpenChat({ id, onGone }: { id: string; onGone: (notice: string) => void }) {
  const chat = useChat(id);
  const queryClient = useQueryClient();
  const compose = composeOf(useLocation().state);

  if (isChatMissing(chat.error)) return <Navigate to="/chat" replace state={{ notice: MISSING_CHAT_NOTICE }} />;
  if (chat.isPending) return <Loader role="status" aria-label="Loading the chat" />;
  return (
    <Stack gap="xs">
      <QueryErrorAlert query={chat} what="this chat" />
      {chat.data && (
        <>
          <Text fw={600} truncate="end">
            {chat.data.title}
          </Text>
          <ChatPane
            chat={chat.data}
            height={PAGE_PANE_HEIGHT}
            share={compose}
            onDeleted={() => {
              onGone(DELETED_CHAT_NOTICE);
              queryClient.removeQueries({ queryKey: chatKeys.detail(id), exact: true });
            }}
          />
        </>
      )}
    </Stack>
  );
}

export function ChatPage() {
  const { chatSessionId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const startNew = (why?: string) => void navigate('/chat', { replace: true, state: why ? { notice: why } : null });

  const list = <ChatList activeId={chatSessionId} onNavigate={() => setDrawerOpen(false)} onActiveDeleted={() => startNew()} />;

  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" mb="sm">
        <Title order={1} size="h3">
          Chat
        </Title>
        {!wide && (
          <Button variant="default" leftSection={<IconList />} onClick={() => setDrawerOpen(true)}>
            Chats
          </Button>
        )}
      </Group>
      {notice && (
        <Alert color="yellow" role="status" mb="sm">
          {notice}
        </Alert>
      )}
      <Group align="flex-start" wrap="nowrap" gap="md">
        {wide && (
          <Box w={260} style={{ flexShrink: 0 }}>
            {list}
          </Box>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          {chatSessionId ? <OpenChat key={chatSessionId} id={chatSessionId} onGone={startNew} /> : <NewChat key={location.key} notice={notice} />}
        </Box>
      </Group>
      {!wide && (
        <Drawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} title="Chats" size="xs">
          {list}
        </Drawer>
      )}
    </Container>
  );
}
