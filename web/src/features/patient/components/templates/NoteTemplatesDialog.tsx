// The Note Templates dialog (spec: Note Templates dialog). The buttons on top show a saved template (or 'Current View',
// the patient's own selection) on the patient at once. Below, three columns edit a selection: Available Fields (click
// to add, 'Search Name' filters), Selected Fields (ordered: drag or keyboard to move, click to remove), and Templates
// (load one to edit, save the selection into it, delete it, or add the selection as a new template). 'Apply Selection'
// shows the selection on the patient. On a phone the columns stack and the dialog fills the screen.
import { CURRENT_VIEW_LABEL, templateChoices, templateNameProblem, templateSections, uniqueTemplates, type PatientSection } from '@chartside/shared';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { memo, useState } from 'react';
import { SectionColumns } from '../../../../components/section-columns/SectionColumns';
import { useSaveNoteTemplates, type NoteTemplateChange } from '../../../../platform/note-templates-change';
import { useMe } from '../../../../platform/user-document';
import { usePatientDraft, usePatientEditing } from '../../patient-editing';

export interface NoteTemplatesDialogProps {
  opened: boolean;
  onClose: () => void;
}

export const NoteTemplatesDialog = memo(function NoteTemplatesDialog({ opened, onClose }: NoteTemplatesDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Note Templates" size="80rem" fullScreen={phone}>
      {/* Mounted only while open: each opening starts from the patient's current fields. */}
      {opened && <NoteTemplatesEditor onClose={onClose} />}
    </Modal>
  );
});

function NoteTemplatesEditor({ onClose }: { onClose: () => void }) {
  const { change } = usePatientEditing();
  const visibleFields = usePatientDraft((draft) => draft.visibleFields);
  // Each label once and each field once, though older data may repeat them: the dropdown and the lists key by them.
  const templates = uniqueTemplates(useMe().data?.noteTemplate ?? []);
  const saveTemplates = useSaveNoteTemplates();
  const [selected, setSelected] = useState<PatientSection[]>(() => templateSections(visibleFields));
  const [chosen, setChosen] = useState<string | null>(null);
  const [newName, setNewName] = useState('');

  const save = (templateChange: NoteTemplateChange, done: string) =>
    saveTemplates.mutate(templateChange, {
      onSuccess: () => notifications.show({ message: done }),
      onError: (error) => notifications.show({ color: 'red', title: 'The templates were not saved', message: error.message }),
    });

  const show = (sections: PatientSection[]) => {
    setSelected(sections);
    change({ visibleFields: sections });
  };

  const chooseTemplate = (label: string | null) => {
    setChosen(label);
    const template = templates.find((t) => t.label === label);
    if (template) setSelected(templateSections(template.value));
  };

  const nameProblem = templateNameProblem(templates, newName);
  const addNew = () => {
    if (nameProblem) return;
    save({ kind: 'add', name: newName, sections: selected }, `Template '${newName.trim()}' added.`);
    setChosen(newName.trim());
    setNewName('');
  };

  return (
    <Stack gap="md">
      <Group gap="xs" role="group" aria-label="Show a template">
        {templateChoices(templates, visibleFields).map((template) => (
          <Button
            key={template.label}
            variant={template.label === CURRENT_VIEW_LABEL ? 'filled' : 'light'}
            size="xs"
            onClick={() => {
              const sections = templateSections(template.value);
              show(sections);
              setChosen(template.label === CURRENT_VIEW_LABEL ? null : template.label);
            }}
          >
            {template.label}
          </Button>
        ))}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <SectionColumns selected={selected} onChange={setSelected} selectedFooter={<Button onClick={() => show(selected)}>Apply Selection</Button>} />

        <Stack gap="xs" miw={0}>
          <Title order={3} size="h5">
            Templates
          </Title>
          <Select
            label="Template"
            placeholder={templates.length ? 'Choose a template' : 'No saved templates'}
            data={templates.map((t) => t.label)}
            value={chosen}
            onChange={chooseTemplate}
            disabled={templates.length === 0}
            clearable
          />
          <Group gap="xs">
            <Button size="xs" disabled={!chosen} onClick={() => chosen && save({ kind: 'update', label: chosen, sections: selected }, `Template '${chosen}' saved.`)}>
              Save Changes
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={!chosen}
              onClick={() => {
                if (!chosen) return;
                save({ kind: 'delete', label: chosen }, `Template '${chosen}' deleted.`);
                setChosen(null);
              }}
            >
              Delete
            </Button>
            <Button size="xs" variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
          <TextInput
            label="New Template Name"
            value={newName}
            onChange={(event) => setNewName(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && addNew()}
            // The empty name only disables the button; a taken or reserved name says why.
            error={newName.trim() ? nameProblem : undefined}
          />
          <Button size="xs" disabled={Boolean(nameProblem)} onClick={addNew}>
            Add New Template
          </Button>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
