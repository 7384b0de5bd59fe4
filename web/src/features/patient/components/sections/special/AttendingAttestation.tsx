// The attending's attestation: who attests (the patient's attending until another is chosen) and the statement.
import type { AttendingData } from '@chartside/shared';
import { Stack, Textarea } from '@mantine/core';
import { usePatientEditing } from '../../../patient-editing';
import { AttendingAutocomplete } from '../../sidebar/AttendingAutocomplete';

export interface AttendingAttestationProps {
  data: AttendingData;
  onChange: (update: (data: AttendingData) => AttendingData) => void;
}

export function AttendingAttestation({ data, onChange }: AttendingAttestationProps) {
  const { draft } = usePatientEditing();
  return (
    <Stack gap="xs">
      <AttendingAutocomplete label="Attesting attending" value={data.attending || draft.attending} onChange={(attending) => onChange((current) => ({ ...current, attending }))} />
      <Textarea
        label="Attestation statement"
        placeholder="I saw and examined the patient and agree with the plan as documented."
        autosize
        minRows={2}
        value={data.statement}
        onChange={(event) => {
          const statement = event.currentTarget.value;
          onChange((current) => ({ ...current, statement }));
        }}
      />
    </Stack>
  );
}
