// /tools/prompts: the user's saved AI prompts (user document `prompts` and `favoritePrompts`). Search (kept in the URL),
// create, edit in place, delete after a confirmation, mark favourites (listed first), and 'Use in chat', which starts a
// chat with the prompt's text in the message, not sent. Prompts are managed here whether or not AI is set up; without a
// model the page says so, as the chat does, and offers no 'Use in chat'.
import { orderedPrompts, promptText, promptTitle, searchPrompts, type Prompt, type PromptChange } from '@chartside/shared';
import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AiNotSetUpAlert } from '../../../components/AiNotSetUpAlert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFrame } from '../../../components/PageFrame';
import { IconStar } from '../../../components/prompt-icons';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import classes from '../../../components/saved-list.module.css';
import { useReturnFocus } from '../../../components/use-return-focus';
import { useSearchQuery } from '../../../components/use-search-query';
import { useAiNotSetUp } from '../../../platform/ai-status';
import { useMe } from '../../../platform/user-document';
import { chatWithText } from '../../chat/compose-handoff';
import { PromptForm } from './PromptForm';
import { useChangePrompts } from './queries';

const NEW = Symbol('new prompt');
type Editing = Prompt | typeof NEW | undefined;

/** The element the focus goes back to once a form or a confirmation closes: the row's Edit button, or New prompt. */
const focusId = (id: string | undefined) => (id === undefined ? 'new-prompt' : `edit-prompt-${id}`);

function HowPromptsWork() {
  return (
    <Paper withBorder p="md" className={classes.help}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          No saved prompts yet
        </Title>
        <Text size="sm">
          A prompt is what you ask the AI again and again: summarize a note for a discharge, list a differential, explain a result in plain words. Save it
          once with a name, then put it into a chat message with one click.
        </Text>
        <Text size="sm">
          Use in chat starts a chat with the prompt in the message, for you to add to and send. In any chat, the prompts button beside the message puts one
          where the cursor is. Mark the ones you use most with the star: they come first everywhere.
        </Text>
      </Stack>
    </Paper>
  );
}

export function PromptsPage() {
  const me = useMe();
  const change = useChangePrompts();
  const notSetUp = useAiNotSetUp('chat');
  const navigate = useNavigate();
  const [query, setQuery] = useSearchQuery();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Prompt>();
  const returnFocusTo = useReturnFocus(editing === undefined && deleting === undefined, me.data?.prompts);

  // Shown at once (and kept while offline); a failure puts the saved copy back on screen and says why.
  const save = (prompt: PromptChange, failure: string) =>
    change.mutate(prompt, { onError: (error) => notifications.show({ color: 'red', title: failure, message: error.message }) });

  const closeForm = (id?: string) => {
    returnFocusTo(focusId(id));
    setEditing(undefined);
  };


  const openInChat = (prompt: Prompt) => {
    const { to, state } = chatWithText(promptText(prompt));
    void navigate(to, { state });
  };

  const listed = me.data ? orderedPrompts(me.data) : [];
  const shown = searchPrompts(listed, query);

  return (
    <PageFrame
      title="Prompts"
      actions={
        me.data && (
          <Button id={focusId(undefined)} onClick={() => setEditing(NEW)} disabled={editing === NEW}>
            New prompt
          </Button>
        )
      }
    >
      {me.isPending && <Loader aria-label="Loading your prompts" />}
      <QueryErrorAlert query={me} what="your prompts" />
      {notSetUp && <AiNotSetUpAlert hint={notSetUp.hint} />}
      {editing === NEW && (
        <PromptForm
          onCancel={() => closeForm()}
          onSave={(prompt) => {
            save({ kind: 'save', prompt }, 'The prompt was not saved');
            closeForm(prompt.id);
          }}
        />
      )}
      {me.data && listed.length === 0 && <HowPromptsWork />}
      {listed.length > 0 && (
        <Stack gap="sm">
          <TextInput type="search" label="Search prompts" placeholder="Name or text" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
          {shown.length === 0 && <Text c="dimmed">No prompts match '{query}'.</Text>}
          <ul className={classes.list} aria-label="Saved prompts">
            {shown.map(({ prompt, favorite }) => {
              const title = promptTitle(prompt);
              if (editing !== NEW && editing?.id === prompt.id) {
                return (
                  <li key={prompt.id}>
                    <PromptForm
                      original={prompt}
                      onCancel={() => closeForm(prompt.id)}
                      onSave={(changed) => {
                        save({ kind: 'save', prompt: changed }, 'The prompt was not saved');
                        closeForm(prompt.id);
                      }}
                    />
                  </li>
                );
              }
              return (
                <Paper component="li" withBorder px="md" py="sm" key={prompt.id}>
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Group gap="xs" align="flex-start" wrap="nowrap" className={classes.summary}>
                      <Tooltip label={favorite ? 'Remove from favourites' : 'Add to favourites'}>
                        <ActionIcon
                          variant="subtle"
                          color={favorite ? 'yellow.8' : 'gray'}
                          aria-label={`Favourite: ${title}`}
                          aria-pressed={favorite}
                          onClick={() => save({ kind: 'favorite', id: prompt.id, favorite: !favorite }, 'The favourite was not saved')}
                        >
                          <IconStar filled={favorite} />
                        </ActionIcon>
                      </Tooltip>
                      <Stack gap={2} className={classes.summary}>
                        <Text fw={600} className={classes.name}>
                          {title}
                        </Text>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {promptText(prompt) || 'No text yet.'}
                        </Text>
                      </Stack>
                    </Group>
                    <Group gap={4}>
                      <Button variant="light" size="xs" aria-label={`Use in chat: ${title}`} disabled={notSetUp !== undefined} onClick={() => openInChat(prompt)}>
                        Use in chat
                      </Button>
                      <Button id={focusId(prompt.id)} variant="subtle" size="xs" aria-label={`Edit ${title}`} onClick={() => setEditing(prompt)}>
                        Edit
                      </Button>
                      <Button variant="subtle" color="red" size="xs" aria-label={`Delete ${title}`} onClick={() => setDeleting(prompt)}>
                        Delete
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </ul>
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={`Delete the prompt '${deleting ? promptTitle(deleting) : ''}'?`}
        confirmLabel="Delete prompt"
        onCancel={() => {
          returnFocusTo(focusId(deleting?.id));
          setDeleting(undefined);
        }}
        onConfirm={() => {
          if (deleting) save({ kind: 'delete', id: deleting.id }, 'The prompt was not deleted');
          setDeleting(undefined);
          returnFocusTo(focusId(undefined));
        }}
      >
        <Text size="sm">Chats it was already used in keep their messages.</Text>
      </ConfirmDialog>
    </PageFrame>
  );
}
