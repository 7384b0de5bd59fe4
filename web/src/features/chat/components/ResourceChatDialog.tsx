// The chat of the resource screen (spec: Resource screen): docked at the bottom, minimized to its title bar or closed.
// It talks about the open resource: its chat is made with `resourceId`, so the server gives the model the resource's
// text. Opening it again picks up the latest chat about this resource; 'New chat' starts another. The pane is 50vh high.
// A file or highlights of the resource sent with 'Export to AI' wait in the message box.
import { ActionIcon, Box, Button, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useEffectEvent, useState } from 'react';
import { IconMaximize, IconMinus, IconPlus, IconX } from '../../../components/icons';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { createClientId } from '../../../platform/client-id';
import type { ExportTarget } from '../export/export-target';
import { isChatMissing, useChat, useChatList, useCreateChat } from '../queries';
import { ChatPane } from './ChatPane';
import { ChatStartFailed } from './ChatStartFailed';
import type { ChatShare } from './Composer';

export interface ResourceChatDialogProps {
  resourceId: string;
  resourceName: string;
  minimized: boolean;
  onMinimizedChange: (minimized: boolean) => void;
  onClose: () => void;
  /** The resource's sections, for Export to Text Field. */
  exportTarget?: ExportTarget | undefined;
  /** A file or highlights of the resource sent by 'Export to AI'. */
  share?: ChatShare | undefined;
}

const WIDE = '(min-width: 48em)';
const EMBEDDED_PANE_HEIGHT = '50vh';

function ResourceChatBody({ resourceId, exportTarget, share }: Pick<ResourceChatDialogProps, 'resourceId' | 'exportTarget' | 'share'>) {
  const list = useChatList();
  const create = useCreateChat();
  const [startedId, setStartedId] = useState<string>();
  const latest = list.data?.find((chat) => chat.resourceId === resourceId);
  const chatId = startedId ?? latest?.id;
  const chat = useChat(chatId);

  const startNew = () => {
    const id = createClientId();
    create.mutate({ id, resourceId }, { onSuccess: () => setStartedId(id) });
  };
  const startFirst = useEffectEvent(startNew);
  // No chat about this resource yet (or the one found is gone): one is started, once.
  const needsNew = (chatId === undefined && !list.isPending) || (chatId !== undefined && isChatMissing(chat.error));
  useEffect(() => {
    if (needsNew && !create.isPending && !create.isError) startFirst();
  }, [needsNew, create.isPending, create.isError]);

  if (create.isError) return <ChatStartFailed message={create.error.message} onRetry={startNew} m="sm" />;
  if (!chatId || !chat.data) {
    return (
      <Box p="sm">
        {chatId && <QueryErrorAlert query={chat} what="this chat" />}
        {!chat.isError && <Loader size="sm" role="status" aria-label="Opening the chat" />}
      </Box>
    );
  }
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" py={4} gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" truncate="end">
          {chat.data.title}
        </Text>
        <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={startNew} loading={create.isPending}>
          New chat
        </Button>
      </Group>
      <ChatPane chat={chat.data} height={EMBEDDED_PANE_HEIGHT} onDeleted={startNew} exportTarget={exportTarget} share={share} />
    </Stack>
  );
}

export function ResourceChatDialog({ resourceId, resourceName, minimized, onMinimizedChange, onClose, exportTarget, share }: ResourceChatDialogProps) {
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  // The chat is looked up (or started) the first time the dialog is opened, then kept while minimized.
  const [activated, setActivated] = useState(!minimized);
  if (!minimized && !activated) setActivated(true);

  return (
    // Docked beside the resource, not modal: a complementary landmark rather than a dialog that would take the page.
    <Paper
      component="aside"
      aria-label="Chat about this resource"
      shadow="lg"
      withBorder
      radius={wide ? 'md' : 0}
      style={{ position: 'fixed', bottom: 0, right: wide ? 16 : 0, left: wide ? 'auto' : 0, width: wide ? 460 : '100%', zIndex: 150 }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" px="sm" py={6} style={{ borderBottom: minimized ? undefined : '1px solid var(--mantine-color-default-border)' }}>
        <Text fw={600} size="sm" truncate="end">
          Chat: {resourceName}
        </Text>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={minimized ? 'Open the chat' : 'Minimize'}>
            <ActionIcon variant="subtle" color="gray" aria-label={minimized ? 'Open the chat' : 'Minimize the chat'} onClick={() => onMinimizedChange(!minimized)}>
              {minimized ? <IconMaximize /> : <IconMinus />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Close">
            <ActionIcon variant="subtle" color="gray" aria-label="Close the chat" onClick={onClose}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {activated && (
        <Box style={{ display: minimized ? 'none' : undefined, maxHeight: 'calc(100dvh - 120px)', overflow: 'auto' }}>
          <ResourceChatBody resourceId={resourceId} exportTarget={exportTarget} share={share} />
        </Box>
      )}
    </Paper>
  );
}
