// The microphone control of a text: toggles dictation and says where it stands. The state is announced (aria-live)
// and any error is shown under the text, verbatim (spec section 8).
import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconMicrophone } from '../icons';
import classes from './dictation.module.css';
import type { DictationTarget } from './dictation-target';
import type { ConnectToEngine } from './engine';
import { useDictation } from './use-dictation';

const stateText = { idle: '', configuring: 'Starting dictation…', listening: 'Listening…', stopped: '' } as const;

interface DictationControlProps {
  target: DictationTarget;
  connect: ConnectToEngine;
  /** The text's name, in the control's own. */
  label: string;
  className?: string;
}

export function DictationControl({ target, connect, label, className }: DictationControlProps) {
  const { state, error, listMode, toggle } = useDictation(target, connect);
  const active = state === 'configuring' || state === 'listening';
  const name = active ? `Stop dictation into ${label}` : `Dictate into ${label}`;
  return (
    <Group gap={6} wrap="nowrap" data-dictation-state={state} className={className}>
      <Tooltip label={active ? 'Stop dictation' : 'Dictate'}>
        <ActionIcon
          variant={active ? 'filled' : 'subtle'}
          color={active ? 'red' : 'gray'}
          size="sm"
          aria-label={name}
          aria-pressed={active}
          onClick={toggle}
          className={state === 'listening' ? classes.listening : undefined}
        >
          {state === 'configuring' ? <Loader size={12} color="white" /> : <IconMicrophone size={14} />}
        </ActionIcon>
      </Tooltip>
      <Text size="xs" c="dimmed" aria-live="polite">
        {stateText[state]}
        {state === 'listening' && listMode ? ' (list)' : ''}
      </Text>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
