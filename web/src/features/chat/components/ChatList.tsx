// The user's chats, the last changed first: open one, rename it in place (Enter saves, Escape cancels), or delete it
// after confirming. A side column on a wide screen; the chat page puts it in a drawer on a phone. Case Chat lists only
// the chats about its resource, opens them on its own page and starts new ones there.
import type { ChatSessionSummary } from '@chartside/shared';
import { ActionIcon, Button, Group, Loader, Menu, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { IconDotsVertical, IconPlus } from '../../../components/icons';
import { useChatList, useDeleteChat, useRenameChat } from '../queries';

export interface ChatListProps {
  /** The chat open on the page. */
  activeId: string | undefined;
  /** A chat was chosen (the drawer closes). */
  onNavigate?: () => void;
  /** The open chat was deleted here. */
  onActiveDeleted: () => void;
  /** Only the chats about this resource (default: every chat). */
  resourceId?: string | undefined;
  /** Where a chat opens (default: /chat/{id}). */
  chatPath?: ((id: string) => string) | undefined;
  /** Starts a new chat on this page (default: 'New chat' goes to /chat). */
  onNewChat?: (() => void) | undefined;
  /** A new chat is being started. */
  newChatPending?: boolean | undefined;
}

const chatPagePath = (id: string) => `/chat/${id}`;

const when = (iso: string) => {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString([], { month: 'short', day: 'numeric', year: 'numeric' });
};

function RenameField({ chat, onDone }: { chat: ChatSessionSummary; onDone: () => void }) {
  const rename = useRenameChat();
  const [title, setTitle] = useState(chat.title);
  const save = () => {
    if (rename.isPending) return;
    const next = title.trim();
    if (!next || next === chat.title) return onDone();
    rename.mutate({ id: chat.id, title: next }, { onSuccess: onDone });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <TextInput
      aria-label={`New name for ${chat.title}`}
      value={title}
      onChange={(event) => setTitle(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      onBlur={save}
      error={rename.error?.message}
      rightSection={rename.isPending ? <Loader size="xs" /> : undefined}
      autoFocus
      size="xs"
    />
  );
}

export function ChatList({ activeId, onNavigate, onActiveDeleted, resourceId, chatPath = chatPagePath, onNewChat, newChatPending }: ChatListProps) {
  const list = useChatList();
  const chats = resourceId === undefined ? list.data : list.data?.filter((chat) => chat.resourceId === resourceId);
  const remove = useDeleteChat();
  const [renaming, setRenaming] = useState<string>();
  const [deleting, setDeleting] = useState<ChatSessionSummary>();

  const confirmDelete = () => {
    if (!deleting) return;
    const wasActive = deleting.id === activeId;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(undefined);
        notifications.show({ message: `"${deleting.title}" was deleted.` });
        if (wasActive) onActiveDeleted();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The chat was not deleted', message: error.message }),
    });
  };

  return (
    <Stack gap="xs" component="nav" aria-label="Chats">
      {onNewChat ? (
        <Button
          variant="light"
          leftSection={<IconPlus />}
          loading={newChatPending}
          onClick={() => {
            onNewChat();
            onNavigate?.();
          }}
        >
          New chat
        </Button>
      ) : (
        <Button component={Link} to="/chat" variant="light" leftSection={<IconPlus />} onClick={onNavigate}>
          New chat
        </Button>
      )}
      {list.isPending && <Loader size="sm" role="status" aria-label="Loading your chats" />}
      <QueryErrorAlert query={list} what="your chats" />
      {chats?.length === 0 && (
        <Text size="sm" c="dimmed">
          No chats yet.
        </Text>
      )}
      {/* Scrolls down only: a long title ends in an ellipsis (Mantine's content box is a table, which would widen it). */}
      <ScrollArea.Autosize mah="calc(100dvh - 240px)" type="auto" scrollbars="y" styles={{ content: { display: 'block' } }}>
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {chats?.map((chat) => (
            <li key={chat.id}>
              {renaming === chat.id ? (
                <RenameField chat={chat} onDone={() => setRenaming(undefined)} />
              ) : (
                <Group gap={2} wrap="nowrap">
                  <NavLink
                    component={Link}
                    to={chatPath(chat.id)}
                    onClick={onNavigate}
                    active={chat.id === activeId}
                    aria-current={chat.id === activeId ? 'page' : undefined}
                    label={chat.title}
                    description={when(chat.lastUpdate)}
                    styles={{ body: { minWidth: 0 }, label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, description: { color: 'var(--mantine-color-gray-7)' } }}
                    style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${chat.title}`}>
                        <IconDotsVertical size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setRenaming(chat.id)}>Rename</Menu.Item>
                      <Menu.Item color="red" onClick={() => setDeleting(chat)}>
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              )}
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <ConfirmDialog
        opened={deleting !== undefined}
        title="Delete this chat?"
        confirmLabel="Delete chat"
        pending={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
      >
        <Text>&ldquo;{deleting?.title}&rdquo; and all its messages are deleted on every device. This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
