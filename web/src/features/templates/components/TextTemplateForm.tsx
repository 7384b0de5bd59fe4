// Creating or editing one text template: its name, its trigger word (typed after ',.' in a note) and its rich text.
// Each field says what is wrong as soon as it holds something; Save says it for all once pressed.
import { MAX_SHORT_TEXT, MAX_TRIGGER_LENGTH, textTemplateProblems, type TextTemplate } from '@chartside/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';

export interface TextTemplateFormProps {
  /** The template being edited; none for a new one. */
  original?: TextTemplate;
  templates: readonly TextTemplate[];
  onSave: (template: TextTemplate) => void;
  onCancel: () => void;
}

export function TextTemplateForm({ original, templates, onSave, onCancel }: TextTemplateFormProps) {
  const [name, setName] = useState(original?.name ?? '');
  const [trigger, setTrigger] = useState(original?.trigger ?? '');
  const [content, setContent] = useState(original?.content ?? '');
  const [submitted, setSubmitted] = useState(false);
  const problems = textTemplateProblems(templates, { name, trigger }, original?.name);
  const heading = original ? `Edit ${original.name}` : 'New template';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.name || problems.trigger) return;
    onSave({ name: name.trim(), trigger: trigger.trim(), content });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label={heading}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {heading}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={submitted || name ? problems.name : undefined}
            maxLength={MAX_SHORT_TEXT}
            data-autofocus
            autoFocus
          />
          <TextInput
            label="Trigger word"
            description="Type a comma, a period and this word in a note"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            leftSection={<Text size="sm">,.</Text>}
            value={trigger}
            onChange={(event) => setTrigger(event.currentTarget.value)}
            error={submitted || trigger ? problems.trigger : undefined}
            maxLength={MAX_TRIGGER_LENGTH}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span">
            Text
          </Text>
          <RichTextEditor initialContent={original?.content ?? ''} onChange={setContent} editable label="Template text" />
          <Text size="xs" c="dimmed">
            Mark the blanks to fill in with *** (shown in pink).
          </Text>
        </Stack>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save template</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
