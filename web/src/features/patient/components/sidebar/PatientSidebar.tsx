// The patient screen's right column (spec: Patient screen): ID (the one-liner), Attending, Tasks, Notes, and the
// Follow-up section when the user is not inpatient (clinic follow-up; inpatients have a discharge plan instead).
import type { FieldValue } from '@chartside/shared';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '../../../../platform/user-document';
import { usePatientEditing } from '../../patient-editing';
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

export function PatientSidebar() {
  const { draft, change, changeSection } = usePatientEditing();
  const inpatient = useMe().data?.inpatient ?? true;
  const followup = draft.fields.followup ?? emptyField;

  return (
    <Stack gap="lg" component="aside" aria-label="Patient summary">
      <SidebarBlock title="ID">
        <SidebarRichText label="ID" value={draft.oneliner} onChange={(oneliner) => change({ oneliner })} />
      </SidebarBlock>
      <AttendingAutocomplete label="Attending" value={draft.attending} onChange={(attending) => change({ attending })} />
      <TaskList />
      <SidebarBlock title="Notes">
        <SidebarRichText label="Notes" value={draft.notes} onChange={(notes) => change({ notes })} />
      </SidebarBlock>
      {!inpatient && (
        <SidebarBlock title="Follow-up">
          <SidebarRichText label="Follow-up" value={followup.deltaString} onChange={(deltaString) => changeSection('followup', { ...followup, deltaString })} />
        </SidebarBlock>
      )}
    </Stack>
  );
}
