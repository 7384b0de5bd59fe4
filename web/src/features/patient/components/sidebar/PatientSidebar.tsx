// The patient screen's right column (spec: Patient screen): ID (the one-liner), Attending, Tasks, Notes, and the
// Follow-up section when the user is not inpatient (clinic follow-up; inpatients have a discharge plan instead).
import type { FieldValue } from '@chartside/shared';
import { Stack, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useMe } from '../../../../platform/user-document';
import { usePatientDraft, usePatientEditing } from '../../patient-editing';
import { AttendingAutocomplete } from './AttendingAutocomplete';
import { SidebarRichText } from './SidebarRichText';
import { TaskList } from './TaskList';

function SidebarBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const emptyField: FieldValue = { deltaString: '' };

export const PatientSidebar = memo(function PatientSidebar() {
  const { change, changeSection } = usePatientEditing();
  const oneliner = usePatientDraft((draft) => draft.oneliner);
  const attending = usePatientDraft((draft) => draft.attending);
  const notes = usePatientDraft((draft) => draft.notes);
  const followup = usePatientDraft((draft) => draft.fields.followup) ?? emptyField;
  const inpatient = useMe().data?.inpatient ?? true;

  return (
    <Stack gap="lg" component="aside" aria-label="Patient summary">
      <SidebarBlock title="ID">
        <SidebarRichText label="ID" value={oneliner} onChange={(oneliner) => change({ oneliner })} />
      </SidebarBlock>
      <AttendingAutocomplete label="Attending" value={attending} onChange={(attending) => change({ attending })} />
      <TaskList />
      <SidebarBlock title="Notes">
        <SidebarRichText label="Notes" value={notes} onChange={(notes) => change({ notes })} />
      </SidebarBlock>
      {!inpatient && (
        <SidebarBlock title="Follow-up">
          <SidebarRichText label="Follow-up" value={followup.deltaString} onChange={(deltaString) => changeSection('followup', { ...followup, deltaString })} />
        </SidebarBlock>
      )}
    </Stack>
  );
});
