// The note templates on /templates (spec: Note Templates dialog; the user document's `noteTemplate`): sets of note
// sections a patient shows. Rename, change the fields, delete (after a confirmation), or add one with 'New Template
// Name' and 'Add New Template'. The same rules and save as the patient screen's dialog (shared note-templates, the
// platform's note-templates change); the field columns are the dialog's own.
import { sectionTitle, templateNameProblem, templateSections, uniqueTemplates, type NoteTemplate, type PatientSection } from '@chartside/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionColumns } from '../../../components/section-columns/SectionColumns';
import { useSaveNoteTemplates, type NoteTemplateChange } from '../../../platform/note-templates-change';
import classes from '../../../components/saved-list.module.css';

type Template = z.infer<typeof NoteTemplate>;
type Editing = { kind: 'new' } | { kind: 'fields' | 'rename'; label: string } | undefined;

function FieldsForm({ title, initial, children, submitLabel, canSubmit, onSubmit, onCancel }: {
  title: string;
  initial: PatientSection[];
  children?: ReactNode;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: (sections: PatientSection[]) => void;
  onCancel: () => void;
}) {
  const [selected, setSelected] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) onSubmit(selected);
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SectionColumns selected={selected} onChange={setSelected} headingOrder={4} />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NewTemplateForm({ templates, onAdd, onCancel }: { templates: Template[]; onAdd: (name: string, sections: PatientSection[]) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const problem = templateNameProblem(templates, name);
  return (
    <FieldsForm title="New note template" initial={[]} submitLabel="Add New Template" canSubmit={!problem} onSubmit={(sections) => onAdd(name.trim(), sections)} onCancel={onCancel}>
      {/* The empty name only disables the button; a taken or reserved name says why. */}
      <TextInput label="New Template Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={name.trim() ? problem : undefined} autoFocus />
    </FieldsForm>
  );
}

function RenameForm({ template, templates, onRename, onCancel }: { template: Template; templates: Template[]; onRename: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(template.label);
  const unchanged = name.trim() === template.label;
  const problem = unchanged ? undefined : templateNameProblem(templates.filter((t) => t.label !== template.label), name);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!problem && !unchanged) onRename(name.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput label={`New name for ${template.label}`} value={name} onChange={(event) => setName(event.currentTarget.value)} error={problem} autoFocus />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" disabled={Boolean(problem) || unchanged}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NoteTemplatesSection({ stored }: { stored: readonly Template[] }) {
  const templates = uniqueTemplates(stored);
  const saveTemplates = useSaveNoteTemplates();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<string>();

  const save = (change: NoteTemplateChange, failure: string) => {
    saveTemplates.mutate(change, { onError: (error) => notifications.show({ color: 'red', title: failure, message: error.message }) });
    setEditing(undefined);
  };

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="note-templates-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="note-templates-heading">
            Note templates
          </Title>
          <Button onClick={() => setEditing({ kind: 'new' })} disabled={editing?.kind === 'new'}>
            New note template
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          A note template is a set of note sections, in order. On a patient, the Note Templates button shows one.
        </Text>
        {editing?.kind === 'new' && (
          <NewTemplateForm
            templates={templates}
            onCancel={() => setEditing(undefined)}
            onAdd={(name, sections) => save({ kind: 'add', name, sections }, 'The note template was not added')}
          />
        )}
        {templates.length === 0 ? (
          <Text size="sm">No note templates yet. Add one here, or from a patient's Note Templates dialog with the fields it shows.</Text>
        ) : (
          <ul className={classes.list} aria-label="Note templates">
            {templates.map((template) => {
              const sections = templateSections(template.value);
              const mode = editing?.kind !== 'new' && editing?.label === template.label ? editing.kind : undefined;
              if (mode === 'fields')
                return (
                  <li key={template.label}>
                    <FieldsForm
                      title={`Fields of ${template.label}`}
                      initial={sections}
                      submitLabel="Save Changes"
                      canSubmit
                      onCancel={() => setEditing(undefined)}
                      onSubmit={(changed) => save({ kind: 'update', label: template.label, sections: changed }, 'The note template was not saved')}
                    />
                  </li>
                );
              return (
                <Paper component="li" withBorder px="md" py="sm" key={template.label}>
                  {mode === 'rename' ? (
                    <RenameForm
                      template={template}
                      templates={templates}
                      onCancel={() => setEditing(undefined)}
                      onRename={(name) => save({ kind: 'rename', label: template.label, name }, 'The note template was not renamed')}
                    />
                  ) : (
                    <Group justify="space-between" align="flex-start" gap="xs">
                      <Stack gap={2} className={classes.summary}>
                        <Text fw={600} className={classes.name}>
                          {template.label}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {sections.length === 0 ? 'No fields' : sections.map(sectionTitle).join(', ')}
                        </Text>
                      </Stack>
                      <Group gap={4}>
                        <Button variant="subtle" size="xs" aria-label={`Rename ${template.label}`} onClick={() => setEditing({ kind: 'rename', label: template.label })}>
                          Rename
                        </Button>
                        <Button variant="subtle" size="xs" aria-label={`Change the fields of ${template.label}`} onClick={() => setEditing({ kind: 'fields', label: template.label })}>
                          Fields
                        </Button>
                        <Button variant="subtle" color="red" size="xs" aria-label={`Delete ${template.label}`} onClick={() => setDeleting(template.label)}>
                          Delete
                        </Button>
                      </Group>
                    </Group>
                  )}
                </Paper>
              );
            })}
          </ul>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== undefined}
        title={`Delete the note template '${deleting ?? ''}'?`}
        confirmLabel="Delete template"
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting !== undefined) save({ kind: 'delete', label: deleting }, 'The note template was not deleted');
          setDeleting(undefined);
        }}
      >
        <Text size="sm">Patients keep the fields they show now.</Text>
      </ConfirmDialog>
    </Paper>
  );
}
