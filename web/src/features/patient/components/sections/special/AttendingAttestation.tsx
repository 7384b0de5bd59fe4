// The attending's attestation: who attests (it starts as the patient's attending, see `specialDataOrStart`; emptied,
// it stays empty) and the statement.
import type { AttendingData } from '@chartside/shared';
import { Stack, Textarea } from '@mantine/core';
import { AttendingAutocomplete } from '../../sidebar/AttendingAutocomplete';
import classes from '../sections.module.css';

export interface AttendingAttestationProps {
  data: AttendingData;
  onChange: (update: (data: AttendingData) => AttendingData) => void;
}

export function AttendingAttestation({ data, onChange }: AttendingAttestationProps) {
  return (
    <Stack gap="xs">
      <AttendingAutocomplete label="Attesting attending" value={data.attending} onChange={(attending) => onChange((current) => ({ ...current, attending }))} />
      <Textarea
        label="Attestation statement"
        placeholder="I saw and examined the patient and agree with the plan as documented."
        // Grown by CSS, not Mantine's autosize, which measured the page's layout on every render of the section.
        classNames={{ input: classes.statement }}
        rows={2}
        resize="vertical"
        value={data.statement}
        onChange={(event) => {
          const statement = event.currentTarget.value;
          onChange((current) => ({ ...current, statement }));
        }}
      />
    </Stack>
  );
}
