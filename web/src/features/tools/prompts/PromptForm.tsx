// Creating or editing one saved prompt: its name and its text (rich text, as every text the app stores; the chat takes
// it as plain text, one line per paragraph).
import { isPromptWorthSaving, MAX_SHORT_TEXT, promptTitle, type Prompt } from '@chartside/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { createClientId } from '../../../platform/client-id';

export interface PromptFormProps {
  /** The prompt being edited; none for a new one. */
  original?: Prompt;
  onSave: (prompt: Prompt) => void;
  onCancel: () => void;
}

export const EMPTY_PROMPT_PROBLEM = 'Give the prompt a name or some text.';

export function PromptForm({ original, onSave, onCancel }: PromptFormProps) {
  const [id] = useState(() => original?.id ?? createClientId());
  const [name, setName] = useState(original?.name ?? '');
  const [deltaText, setDeltaText] = useState(original?.deltaText ?? '');
  const [submitted, setSubmitted] = useState(false);
  const worthSaving = isPromptWorthSaving(name, deltaText);
  const heading = original ? `Edit ${promptTitle(original)}` : 'New prompt';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (worthSaving) onSave({ id, name, deltaText });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label={heading}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {heading}
        </Title>
        <TextInput
          label="Name"
          placeholder="For example: Discharge summary"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={MAX_SHORT_TEXT}
          data-autofocus
          autoFocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span">
            Prompt
          </Text>
          <RichTextEditor initialContent={original?.deltaText ?? ''} onChange={setDeltaText} editable label="Prompt text" />
          <Text size="xs" c="dimmed">
            What you would type to the AI. The chat takes it as plain text, a line per paragraph.
          </Text>
        </Stack>
        {submitted && !worthSaving && (
          <Text size="sm" c="red" role="alert">
            {EMPTY_PROMPT_PROBLEM}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save prompt</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
