// One admission note, open: Back, the save status, Copy as text, Print and Delete; the title and demographics line;
// the sections, each editable, movable and removable, and Add section. Every edit goes through the autosave.
import { admissionAsText, MAX_ADMISSION_SECTIONS, MAX_DEMOGRAPHICS, MAX_SHORT_TEXT, type Admission, type AdmissionFields, type AdmissionSection } from '@chartside/shared';
import { Button, Group, Loader, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { IconArrowLeft, IconCopy, IconPlus, IconTrash } from '../../../components/icons';
import { LeaveWithoutSavingDialog } from '../../../components/LeaveWithoutSavingDialog';
import { SaveStatusIndicator } from '../../../components/SaveStatusIndicator';
import { useCopyText } from '../../../components/use-copy-text';
import { createClientId } from '../../../platform/client-id';
import { useDeleteAdmission } from '../queries';
import { useAdmissionAutosave } from '../use-admission-autosave';
import { AdmissionConflictDialog } from './AdmissionConflictDialog';
import { AdmissionSectionEditor } from './AdmissionSectionEditor';
import classes from './admission.module.css';

/** `sections` with the one at `index` moved by one place up (-1) or down (1). */
const moved = (sections: readonly AdmissionSection[], index: number, by: -1 | 1): AdmissionSection[] => {
  const next = [...sections];
  const [section] = next.splice(index, 1);
  next.splice(index + by, 0, section!);
  return next;
};

export function AdmissionScreen({ admission }: { admission: Admission }) {
  const { saver, leaving, ready, draft, status, error, conflict } = useAdmissionAutosave(admission);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeleteAdmission();
  const { copied, copy } = useCopyText();
  const navigate = useNavigate();
  const location = useLocation();

  const change = (fields: Partial<AdmissionFields>) => saver.change(fields);
  // Sections change from the saver's current draft: the props may be a render old.
  const changeSections = (update: (sections: AdmissionSection[]) => AdmissionSection[]) => change({ sections: update(saver.getState().draft.sections) });

  const back = () => (location.key === 'default' ? void navigate('/admissions') : void navigate(-1));

  const deleteNote = () =>
    remove.mutate(admission.id, {
      onSuccess: () => {
        notifications.show({ title: 'Admission note deleted', message: `"${draft.title}" was deleted.` });
        void navigate('/admissions', { replace: true });
      },
      onError: (failure) => notifications.show({ color: 'red', title: 'The note was not deleted', message: failure.message }),
    });

  // Edits kept on this device are being restored: the editors open on them, not on the text before.
  if (!ready) return <Loader role="status" aria-label="Loading the admission note" />;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" className={classes.noPrint}>
        <Button variant="subtle" leftSection={<IconArrowLeft />} onClick={back} px="xs">
          Back
        </Button>
        <Group gap="xs">
          <SaveStatusIndicator status={status} error={error} onRetry={() => void saver.retry()} />
          <Button variant="light" leftSection={<IconCopy />} onClick={() => void copy(admissionAsText(saver.getState().draft))}>
            {copied ? 'Copied' : 'Copy as text'}
          </Button>
          <Button variant="light" onClick={() => window.print()}>
            Print
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash />} onClick={() => setConfirmingDelete(true)}>
            Delete
          </Button>
        </Group>
      </Group>

      <AdmissionConflictDialog conflict={conflict} onResolve={(choice, theirsVersion) => saver.resolveConflict(choice, theirsVersion)} />

      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {draft.title.trim() || 'Untitled note'}
      </Title>
      <TextInput
        className={classes.noPrint}
        label="Title"
        value={draft.title}
        maxLength={MAX_SHORT_TEXT}
        onChange={(event) => change({ title: event.currentTarget.value })}
      />
      <Textarea
        label="Patient"
        description="Name, date of birth, MRN, room, attending"
        autosize
        minRows={1}
        value={draft.demographics}
        maxLength={MAX_DEMOGRAPHICS}
        onChange={(event) => change({ demographics: event.currentTarget.value })}
      />

      {draft.sections.map((section, index) => (
        <AdmissionSectionEditor
          key={section.id}
          section={section}
          isFirst={index === 0}
          isLast={index === draft.sections.length - 1}
          onChange={(next) => changeSections((sections) => sections.map((candidate) => (candidate.id === next.id ? next : candidate)))}
          onMove={(by) => changeSections((sections) => moved(sections, sections.findIndex((candidate) => candidate.id === section.id), by))}
          onRemove={() => changeSections((sections) => sections.filter((candidate) => candidate.id !== section.id))}
        />
      ))}
      <Group className={classes.noPrint}>
        <Button
          variant="light"
          leftSection={<IconPlus />}
          disabled={draft.sections.length >= MAX_ADMISSION_SECTIONS}
          onClick={() => changeSections((sections) => [...sections, { id: createClientId(), title: '', body: '' }])}
        >
          Add section
        </Button>
      </Group>

      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete this admission note?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={deleteNote}
        onCancel={() => setConfirmingDelete(false)}
      >
        "{draft.title || 'Untitled note'}" and all its sections will be deleted. This cannot be undone.
      </ConfirmDialog>
      <LeaveWithoutSavingDialog status={status} error={error} changed="this admission note" leaving={leaving} />
    </Stack>
  );
}
