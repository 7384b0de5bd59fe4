// The patient screen's header (spec: Patient screen): back to the panel, 'lastname, firstname' with the age, the date
// of birth, the MRN (click copies), the room (inpatient) or the appointment, the tags, and the tools: copy all as
// text, Note Templates, Content Extraction, and the edit pencil revealing the name and MRN fields and Delete Patient.
import { ageInYears, calendarDay, displayName } from '@chartside/shared';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft, IconLayout, IconPencil, IconSparkles } from '../../../../components/icons';
import { useMe } from '../../../../platform/user-document';
import { usePatientDraft, usePatientEditing } from '../../patient-editing';
import { CopyAllButton } from './CopyAllButton';
import { DeletePatientButton } from './DeletePatientButton';
import { MrnCopyButton } from './MrnCopyButton';
import { PatientTagsField } from './PatientTagsField';

export interface PatientHeaderProps {
  onOpenTemplates: () => void;
  onOpenExtraction: () => void;
}

/** Inputs keep a readable width: two to a line on a phone, never wider than a date needs on a desktop. */
const fieldStyle = { flex: '1 1 9rem', maxWidth: '14rem' };

function IdentityFields({ lastname, firstname, mrn }: { lastname: string; firstname: string; mrn: string }) {
  const { change } = usePatientEditing();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput label="Last name" value={lastname} onChange={(event) => change({ lastname: event.currentTarget.value })} style={fieldStyle} />
      <TextInput label="First name" value={firstname} onChange={(event) => change({ firstname: event.currentTarget.value })} style={fieldStyle} />
      <TextInput label="MRN" value={mrn} onChange={(event) => change({ mrn: event.currentTarget.value })} style={fieldStyle} />
      <DeletePatientButton />
    </Group>
  );
}

export const PatientHeader = memo(function PatientHeader({ onOpenTemplates, onOpenExtraction }: PatientHeaderProps) {
  const { change } = usePatientEditing();
  const lastname = usePatientDraft((draft) => draft.lastname);
  const firstname = usePatientDraft((draft) => draft.firstname);
  const dob = usePatientDraft((draft) => draft.dob);
  const room = usePatientDraft((draft) => draft.room);
  const appointment = usePatientDraft((draft) => draft.appointment);
  const mrn = usePatientDraft((draft) => draft.mrn);
  const me = useMe().data;
  const [editing, setEditing] = useState(false);
  const today = new Date();
  const age = ageInYears(dob, today);
  const inpatient = me?.inpatient ?? true;

  return (
    <Stack gap="sm" component="header">
      <Group justify="space-between" gap="xs" wrap="wrap" align="center">
        <Group gap="xs" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
          <ActionIcon component={Link} to="/panel" variant="subtle" size="lg" aria-label="Back to the panel">
            <IconArrowLeft />
          </ActionIcon>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {displayName({ lastname, firstname }) || 'Unnamed patient'}
          </Title>
          {age !== undefined && (
            <Text c="dimmed" style={{ flexShrink: 0 }}>
              Age {age}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <CopyAllButton />
          <Button variant="default" size="sm" leftSection={<IconLayout size={16} />} onClick={onOpenTemplates}>
            Note Templates
          </Button>
          <Button variant="default" size="sm" leftSection={<IconSparkles size={16} />} onClick={onOpenExtraction}>
            Content Extraction
          </Button>
          <ActionIcon
            variant={editing ? 'filled' : 'default'}
            size="lg"
            aria-label="Edit name and MRN"
            aria-pressed={editing}
            onClick={() => setEditing((shown) => !shown)}
          >
            <IconPencil />
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="Date of birth"
          value={dob}
          max={calendarDay(today)}
          onChange={(event) => change({ dob: event.currentTarget.value })}
          style={fieldStyle}
        />
        {inpatient ? (
          <TextInput label="Room" value={room} onChange={(event) => change({ room: event.currentTarget.value })} style={fieldStyle} />
        ) : (
          <TextInput
            type="datetime-local"
            label="Appointment"
            value={appointment}
            onChange={(event) => change({ appointment: event.currentTarget.value })}
            style={{ flex: '1 1 12rem', maxWidth: '16rem' }}
          />
        )}
        <MrnCopyButton mrn={mrn} cprs={me?.cprs ?? false} />
        {!editing && <PatientTagsField />}
      </Group>
      {editing && <IdentityFields lastname={lastname} firstname={firstname} mrn={mrn} />}
    </Stack>
  );
});
