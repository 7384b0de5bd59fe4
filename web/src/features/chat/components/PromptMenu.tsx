// The composer's menu of saved prompts (/tools/prompts): favourites first, each put into the message at the caret when
// chosen, not sent. A menu button, so the keyboard opens it (Enter, Space, arrows) and moves through it (arrows, Home,
// End, typing a name's first letters).
import { orderedPrompts, promptText, promptTitle, type Prompt } from '@chartside/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { IconPrompt, IconStar } from '../../../components/prompt-icons';
import { useMe } from '../../../platform/user-document';

const PROMPTS_PATH = '/tools/prompts';

export function PromptMenu({ onInsert }: { onInsert: (text: string) => void }) {
  const me = useMe();
  const listed = me.data ? orderedPrompts(me.data) : [];
  const insert = (prompt: Prompt) => onInsert(promptText(prompt));
  return (
    // The composer puts the focus back in the message after inserting.
    <Menu position="top-start" shadow="md" width={280} returnFocus={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Insert a saved prompt" title="Insert a saved prompt">
          <IconPrompt />
        </ActionIcon>
      </Menu.Target>
      {/* A long list scrolls inside the menu, which opens above the message. */}
      <Menu.Dropdown mah="min(22rem, 60dvh)" style={{ overflowY: 'auto' }}>
        <Menu.Label>Saved prompts</Menu.Label>
        {listed.length === 0 && <Menu.Label>{me.isPending ? 'Loading your prompts…' : 'No saved prompts yet.'}</Menu.Label>}
        {listed.map(({ prompt, favorite }) => (
          <Menu.Item
            key={prompt.id}
            onClick={() => insert(prompt)}
            leftSection={
              favorite ? (
                <span role="img" aria-label="Favourite">
                  <IconStar filled size={14} />
                </span>
              ) : (
                <span style={{ width: 14, display: 'inline-block' }} />
              )
            }
          >
            {promptTitle(prompt)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to={PROMPTS_PATH}>
          {listed.length === 0 ? 'Create a prompt' : 'Manage prompts'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
