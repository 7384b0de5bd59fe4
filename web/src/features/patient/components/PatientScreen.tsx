// One open patient: the autosave provides the draft to every part; header on top, the note sections on the left, the
// sidebar (ID, attending, tasks, notes, follow-up) on the right, and the time-tracker bar at the bottom when the
// user's showTimeTracker setting is on.
import type { Patient } from '@chartside/shared';
import { Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useMe } from '../../../platform/user-document';
import { PatientEditingContext } from '../patient-editing';
import { usePatientAutosave } from '../use-patient-autosave';
import { ExtractionDrawer } from './extraction/ExtractionDrawer';
import { PatientHeader } from './header/PatientHeader';
import { PatientSections } from './sections/PatientSections';
import { PatientSidebar } from './sidebar/PatientSidebar';
import { NoteTemplatesDialog } from './templates/NoteTemplatesDialog';
import { TimeTrackerBar } from './time-tracker/TimeTrackerBar';

export function PatientScreen({ patient }: { patient: Patient }) {
  const autosave = usePatientAutosave(patient);
  const me = useMe();
  const [panel, setPanel] = useState<'templates' | 'extraction'>();
  const close = () => setPanel(undefined);

  return (
    <PatientEditingContext value={autosave.editing}>
      <Stack gap="md">
        <PatientHeader onOpenTemplates={() => setPanel('templates')} onOpenExtraction={() => setPanel('extraction')} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <PatientSections />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <PatientSidebar />
          </Grid.Col>
        </Grid>
      </Stack>
      {me.data?.showTimeTracker && <TimeTrackerBar patientId={patient.id} />}
      <NoteTemplatesDialog opened={panel === 'templates'} onClose={close} />
      <ExtractionDrawer opened={panel === 'extraction'} onClose={close} />
    </PatientEditingContext>
  );
}
