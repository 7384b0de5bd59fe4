// The text templates on /templates: search (kept in the URL), create, edit in place, duplicate and delete (after a
// confirmation). A brand-new user reads what a template is and how ',.word' inserts one.
import { duplicateTextTemplate, searchTextTemplates, sectionPlainText, textTemplateList, type TextTemplate, type TextTemplateMap } from '@chartside/shared';
import { Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import classes from '../../../components/saved-list.module.css';
import { useReturnFocus } from '../../../components/use-return-focus';
import { useSearchQuery } from '../../../components/use-search-query';
import { useSaveTextTemplates, type TextTemplateChange } from '../queries';
import { TextTemplateForm } from './TextTemplateForm';

const NEW = Symbol('new template');
type Editing = TextTemplate | typeof NEW | undefined;

/** The element the focus goes back to once a form closes: the row's Edit button, or New template. */
const focusId = (name: string | undefined) => (name === undefined ? 'new-text-template' : `edit-text-template-${encodeURIComponent(name)}`);

function HowTemplatesWork() {
  return (
    <Paper withBorder p="md" className={classes.help}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          No text templates yet
        </Title>
        <Text size="sm">
          A text template is text you write again and again: a history, an exam, a discharge plan. Give it a trigger word, then in any note type a comma, a
          period and the word, for example <Code>,.hpi</Code>. The Templates picker opens; Enter puts the template in place of what you typed, Escape leaves
          your text as it is.
        </Text>
        <Text size="sm">Mark the blanks to fill in with *** : they show in pink in every note.</Text>
      </Stack>
    </Paper>
  );
}

export function TextTemplatesSection({ stored }: { stored: TextTemplateMap }) {
  const saveTemplates = useSaveTextTemplates();
  const [query, setQuery] = useSearchQuery();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<string>();
  const templates = useMemo(() => textTemplateList(stored), [stored]);
  const shown = searchTextTemplates(templates, query);

  const returnFocusTo = useReturnFocus(editing === undefined && deleting === undefined, templates);

  const closeForm = (focusName?: string) => {
    returnFocusTo(focusId(focusName));
    setEditing(undefined);
  };

  // Shown at once (and kept while offline); a failure puts the saved copy back on screen and says why.
  const save = (change: TextTemplateChange, failure: string) =>
    saveTemplates.mutate(change, { onError: (error) => notifications.show({ color: 'red', title: failure, message: error.message }) });


  const duplicate = (name: string) => {
    const result = duplicateTextTemplate(stored, name);
    save({ kind: 'duplicate', name }, 'The template was not copied');
    if (result.ok) notifications.show({ message: `Copied as '${Object.keys(result.templates).at(-1)}'.` });
  };

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="text-templates-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="text-templates-heading">
            Text templates
          </Title>
          <Button id={focusId(undefined)} onClick={() => setEditing(NEW)} disabled={editing === NEW}>
            New template
          </Button>
        </Group>
        {editing === NEW && (
          <TextTemplateForm
            templates={templates}
            onCancel={() => closeForm()}
            onSave={(template) => {
              save({ kind: 'save', template }, 'The template was not saved');
              closeForm(template.name);
            }}
          />
        )}
        {templates.length === 0 ? (
          <HowTemplatesWork />
        ) : (
          <>
            <TextInput type="search" label="Search templates" placeholder="Name, trigger word or text" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
            {shown.length === 0 && <Text c="dimmed">No templates match '{query}'.</Text>}
            <ul className={classes.list} aria-label="Text templates">
              {shown.map((template) =>
                editing !== NEW && editing?.name === template.name ? (
                  <li key={template.name}>
                    <TextTemplateForm
                      original={template}
                      templates={templates}
                      onCancel={() => closeForm(template.name)}
                      onSave={(changed) => {
                        save({ kind: 'save', template: changed, originalName: template.name }, 'The template was not saved');
                        closeForm(changed.name);
                      }}
                    />
                  </li>
                ) : (
                  <Paper component="li" withBorder px="md" py="sm" key={template.name}>
                    <Group justify="space-between" align="flex-start" gap="xs">
                      <Stack gap={2} className={classes.summary}>
                        <Group gap="xs">
                          <Text fw={600} className={classes.name}>
                            {template.name}
                          </Text>
                          <Code aria-label={`Trigger ,.${template.trigger}`}>,.{template.trigger}</Code>
                        </Group>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {sectionPlainText(template.content) || 'No text yet.'}
                        </Text>
                      </Stack>
                      <Group gap={4}>
                        <Button id={focusId(template.name)} variant="subtle" size="xs" aria-label={`Edit ${template.name}`} onClick={() => setEditing(template)}>
                          Edit
                        </Button>
                        <Button variant="subtle" size="xs" aria-label={`Duplicate ${template.name}`} onClick={() => duplicate(template.name)}>
                          Duplicate
                        </Button>
                        <Button variant="subtle" color="red" size="xs" aria-label={`Delete ${template.name}`} onClick={() => setDeleting(template.name)}>
                          Delete
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                ),
              )}
            </ul>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== undefined}
        title={`Delete the template '${deleting ?? ''}'?`}
        confirmLabel="Delete template"
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting !== undefined) save({ kind: 'delete', name: deleting }, 'The template was not deleted');
          setDeleting(undefined);
          returnFocusTo(focusId(undefined));
        }}
      >
        <Text size="sm">Notes it was already put into keep their text.</Text>
      </ConfirmDialog>
    </Paper>
  );
}
