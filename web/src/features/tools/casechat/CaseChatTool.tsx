// /tools/casechat (route name ToolCaseChat; no top bar, a link back to Tools): talk a case through with the AI, full
// screen. First a resource is picked (cases first, any resource allowed, found by name or tag); then its chat fills the
// screen, the model given the resource's text (the chat is made with its `resourceId`). The chats about the resource
// are listed beside it (in a drawer on a phone) to go on with one or start another. The place is in the URL
// (?resource=…&chat=…), so a reload or a shared link opens the same chat; with a resource and no chat, its latest chat
// opens, or a first one is started. The chat itself is the chat feature's: replies stream over the WebSocket, and with
// no model the message box says AI is not set up and what to set.
import type { ChatSessionSummary, ResourceSummary } from '@chartside/shared';
import { Alert, Anchor, Box, Button, Container, Drawer, Group, Loader, NavLink, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AiNotSetUpAlert } from '../../../components/AiNotSetUpAlert';
import { IconArrowLeft, IconExternalLink, IconList } from '../../../components/icons';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ResourceTypeIcon, resourceTypeStyles } from '../../../components/ResourceTypeIcon';
import { useAiNotSetUp } from '../../../platform/ai-status';
import { createClientId } from '../../../platform/client-id';
import { ChatList } from '../../chat/components/ChatList';
import { ChatPane } from '../../chat/components/ChatPane';
import { ChatStartFailed } from '../../chat/components/ChatStartFailed';
import { chatKeys, isChatMissing, useChat, useChatList, useCreateChat } from '../../chat/queries';
import { useResourceList } from '../../resources/queries';
import { chatCounts, pickableResources } from './case-picker';

/** Below this width the chats about the resource move into a drawer. */
const WIDE = '(min-width: 62em)';
/** Each group of the picker shows this many resources; typing finds the others. */
const SHOWN_PER_GROUP = 50;

const MISSING_RESOURCE_NOTICE = 'That resource is not in your library any more. Pick another one.';
const MISSING_CHAT_NOTICE = 'That chat does not exist, or it was deleted.';
const DELETED_CHAT_NOTICE = 'This chat was deleted on another device.';

const pickerPath = (resourceId: string, chatId?: string) =>
  `/tools/casechat?${new URLSearchParams({ resource: resourceId, ...(chatId ? { chat: chatId } : {}) }).toString()}`;

const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

function BackToTools() {
  return (
    <Anchor component={Link} to="/tools" fw={600} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} />
        Back to Tools
      </Group>
    </Anchor>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <Alert color="yellow" role="status" py="xs">
      {children}
    </Alert>
  );
}

export function CaseChatTool() {
  const [params] = useSearchParams();
  const notice = noticeOf(useLocation().state);
  const resourceId = params.get('resource') || undefined;
  const chatId = params.get('chat') || undefined;
  return resourceId ? <ResourceChat key={resourceId} resourceId={resourceId} chatId={chatId} notice={notice} /> : <CasePicker notice={notice} />;
}

// --- the picker ---------------------------------------------------------------------------------------------------

function EmptyLibrary() {
  return (
    <Stack gap="xs" align="flex-start" py="md">
      <Title order={2} size="h4">
        Your library has no resources yet
      </Title>
      <Text>Case Chat talks about a case in your library. Add one (a resource of type Case, with the history and findings in its sections), then come back here.</Text>
      <Button component={Link} to="/resources">
        Add a case in your library
      </Button>
    </Stack>
  );
}

function ResourceGroup({ title, resources, counts, empty }: { title: string; resources: ResourceSummary[]; counts: Map<string, number>; empty: ReactNode }) {
  const shown = resources.slice(0, SHOWN_PER_GROUP);
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {resources.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((resource) => {
            const chats = counts.get(resource.id) ?? 0;
            return (
              <li key={resource.id}>
                <NavLink
                  component={Link}
                  to={pickerPath(resource.id)}
                  label={resource.name || 'Untitled'}
                  description={[resourceTypeStyles[resource.type].label, chats ? `${chats} chat${chats === 1 ? '' : 's'}` : '', resource.tags.join(', ')].filter(Boolean).join(' · ')}
                  leftSection={<ResourceTypeIcon type={resource.type} />}
                  styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              </li>
            );
          })}
        </Stack>
      )}
      {resources.length > shown.length && (
        <Text size="sm" c="dimmed">
          Showing {shown.length} of {resources.length}: type a name or tag to find the others.
        </Text>
      )}
    </Stack>
  );
}

function CasePicker({ notice }: { notice: string | undefined }) {
  const resources = useResourceList();
  const chats = useChatList();
  const notSetUp = useAiNotSetUp('chat');
  const [query, setQuery] = useState('');
  const library = resources.data?.resources ?? [];
  const { cases, others } = pickableResources(library, query);
  const counts = chatCounts(chats.data ?? []);

  return (
    <Container size="sm" py="md" px="md">
      <Stack gap="md">
        <BackToTools />
        <Title order={1}>Case Chat</Title>
        <Text>Pick a case from your library and talk it through with the AI, which reads the case as you chat. Any other resource works too.</Text>
        {notice && <Notice>{notice}</Notice>}
        {notSetUp && <AiNotSetUpAlert hint={notSetUp.hint} />}
        {resources.isPending && <Loader size="sm" role="status" aria-label="Loading your library" />}
        <QueryErrorAlert query={resources} what="your library" />
        {resources.data &&
          (library.length === 0 ? (
            <EmptyLibrary />
          ) : (
            <>
              <TextInput type="search" aria-label="Find a resource" placeholder="Find a case or resource by name or tag" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
              <ResourceGroup
                title="Cases"
                resources={cases}
                counts={counts}
                empty={
                  query ? (
                    'No case matches.'
                  ) : (
                    <>
                      No cases yet. <Anchor component={Link} to="/resources">Add a case in your library</Anchor>, or pick another resource.
                    </>
                  )
                }
              />
              <ResourceGroup title="Other resources" resources={others} counts={counts} empty={query ? 'No other resource matches.' : 'None.'} />
            </>
          ))}
      </Stack>
    </Container>
  );
}

// --- the chat about a resource ------------------------------------------------------------------------------------

function ResourceChat({ resourceId, chatId, notice }: { resourceId: string; chatId: string | undefined; notice: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resources = useResourceList();
  const list = useChatList();
  const create = useCreateChat();
  const chat = useChat(chatId);
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const resource = resources.data?.resources.find((r) => r.id === resourceId);
  const latest = list.data?.find((c) => c.resourceId === resourceId);

  const open = (id: string | undefined, options: { replace?: boolean; notice?: string } = {}) =>
    void navigate(id ? pickerPath(resourceId, id) : pickerPath(resourceId), { replace: options.replace ?? false, state: options.notice ? { notice: options.notice } : null });
  const startNew = () => {
    const id = createClientId();
    create.mutate({ id, resourceId }, { onSuccess: () => open(id) });
  };
  /** The open chat is gone: it leaves the cache (the list too, so it is not opened again) and the URL. */
  const leave = (why: string) => {
    if (chatId) {
      queryClient.removeQueries({ queryKey: chatKeys.detail(chatId), exact: true });
      queryClient.setQueryData<{ chats: ChatSessionSummary[] }>(chatKeys.list(), (held) => held && { chats: held.chats.filter((c) => c.id !== chatId) });
    }
    open(undefined, { replace: true, notice: why });
  };

  // No chat in the URL: the latest chat about the resource opens, or a first one is started (once).
  const openOrStart = useEffectEvent(() => {
    if (latest) open(latest.id, { replace: true, ...(notice ? { notice } : {}) });
    else if (!create.isPending && !create.isError) {
      const id = createClientId();
      create.mutate({ id, resourceId }, { onSuccess: () => open(id, { replace: true, ...(notice ? { notice } : {}) }) });
    }
  });
  const choosing = !chatId && list.isSuccess && resource !== undefined;
  useEffect(() => {
    if (choosing) openOrStart();
  }, [choosing]);

  // A chat about another resource (a hand-edited link) opens under its own resource; a chat about none is not this page's.
  const belongsElsewhere = chat.data && chat.data.resourceId !== resourceId;
  const fixPlace = useEffectEvent(() => {
    if (!chat.data || !chatId) return;
    if (chat.data.resourceId) void navigate(pickerPath(chat.data.resourceId, chatId), { replace: true });
    else leave(MISSING_CHAT_NOTICE);
  });
  useEffect(() => {
    if (belongsElsewhere) fixPlace();
  }, [belongsElsewhere]);
  const chatMissing = chatId !== undefined && isChatMissing(chat.error);
  const dropChat = useEffectEvent(() => leave(MISSING_CHAT_NOTICE));
  useEffect(() => {
    if (chatMissing) dropChat();
  }, [chatMissing]);

  if (resources.isSuccess && !resource) return <CasePicker notice={MISSING_RESOURCE_NOTICE} />;

  const chats = (
    <ChatList
      activeId={chatId}
      resourceId={resourceId}
      chatPath={(id) => pickerPath(resourceId, id)}
      onNewChat={startNew}
      newChatPending={create.isPending}
      onNavigate={() => setDrawerOpen(false)}
      onActiveDeleted={() => open(undefined, { replace: true })}
    />
  );

  return (
    <Box style={{ height: '100dvh', display: 'flex', flexDirection: 'column' }} px={{ base: 'xs', sm: 'md' }} pb="xs">
      <Stack gap={4} py="xs" style={{ flex: 'none' }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <BackToTools />
            <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
              Case Chat
            </Title>
          </Group>
          {!wide && (
            <Button size="xs" variant="default" leftSection={<IconList size={16} />} onClick={() => setDrawerOpen(true)}>
              Chats
            </Button>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {resource && <ResourceTypeIcon type={resource.type} size={22} label />}
          <Text fw={600} truncate="end" style={{ minWidth: 0, flex: 1 }}>
            <VisuallyHidden>Chatting about: </VisuallyHidden>
            {resource ? resource.name || 'Untitled' : 'Loading the resource…'}
          </Text>
          <Anchor component={Link} to={`/resources/${encodeURIComponent(resourceId)}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Group gap={4} component="span" wrap="nowrap">
              Open
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
          <Anchor component={Link} to="/tools/casechat" size="sm" style={{ whiteSpace: 'nowrap' }}>
            Change case
          </Anchor>
        </Group>
        {notice && <Notice>{notice}</Notice>}
        <QueryErrorAlert query={resources} what="your library" />
      </Stack>
      <Group align="stretch" wrap="nowrap" gap="md" style={{ flex: 1, minHeight: 0 }}>
        {wide && (
          <Box w={260} style={{ flexShrink: 0, overflowY: 'auto' }}>
            {chats}
          </Box>
        )}
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {create.isError ? (
            <ChatStartFailed message={create.error.message} onRetry={startNew} />
          ) : chat.data && !belongsElsewhere ? (
            <ChatPane key={chat.data.id} chat={chat.data} height="100%" onDeleted={() => leave(DELETED_CHAT_NOTICE)} />
          ) : (
            <>
              {chatId && !chatMissing && <QueryErrorAlert query={chat} what="this chat" />}
              {!chat.isError && <Loader size="sm" role="status" aria-label="Opening the chat" />}
            </>
          )}
        </Box>
      </Group>
      {!wide && (
        <Drawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} title="Chats about this resource" size="xs">
          {chats}
        </Drawer>
      )}
    </Box>
  );
}
