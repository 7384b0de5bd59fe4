// One open patient: the autosave provides the draft to every part; the save status on top, the header, the note
// sections on the left, the sidebar (ID, attending, tasks, notes, follow-up) on the right, and the time-tracker bar at
// the bottom when the user's showTimeTracker setting is on. While edits kept on this device are restored, the loading
// lock stays, so no editor opens on text about to change.
import type { Patient } from '@chartside/shared';
import { Grid, Group, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { LeaveWithoutSavingDialog } from '../../../components/LeaveWithoutSavingDialog';
import { SaveStatusIndicator } from '../../../components/SaveStatusIndicator';
import { useMe } from '../../../platform/user-document';
import { PatientEditingContext } from '../patient-editing';
import type { PatientDraftKey } from '../patient-saver';
import { usePatientAutosave } from '../use-patient-autosave';
import { ExtractionDrawer } from './extraction/ExtractionDrawer';
import { PatientHeader } from './header/PatientHeader';
import { LoadingLock } from './LoadingLock';
import { conflictLabel, PatientConflictDialog } from './PatientConflictDialog';
import { PatientSections } from './sections/PatientSections';
import { PatientSidebar } from './sidebar/PatientSidebar';
import { NoteTemplatesDialog } from './templates/NoteTemplatesDialog';
import { TimeTrackerBar } from './time-tracker/TimeTrackerBar';

/** 'Physical Exam, Tasks and ID': the fields named once each (lastAccessed is bookkeeping, not the user's words). */
const changedList = (keys: PatientDraftKey[]): string => {
  const labels = [...new Set(keys.filter((key) => key !== 'lastAccessed').map(conflictLabel))];
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};

export function PatientScreen({ patient }: { patient: Patient }) {
  const { editing, saver, ready, status, error, conflict, leaving } = usePatientAutosave(patient);
  const me = useMe();
  const [panel, setPanel] = useState<'templates' | 'extraction'>();
  // The same functions on every render: the parts are memo'd, and this screen renders again on every keystroke.
  const close = useCallback(() => setPanel(undefined), []);
  const openTemplates = useCallback(() => setPanel('templates'), []);
  const openExtraction = useCallback(() => setPanel('extraction'), []);

  if (!ready) return <LoadingLock />;
  return (
    <PatientEditingContext value={editing}>
      <Stack gap="md">
        <Group justify="flex-end" mih={28}>
          <SaveStatusIndicator status={status} error={error} onRetry={() => void saver.retry()} />
        </Group>
        <PatientHeader onOpenTemplates={openTemplates} onOpenExtraction={openExtraction} />
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
      <PatientConflictDialog conflict={conflict} onResolve={(choice, theirsVersion) => saver.resolveConflict(choice, theirsVersion)} />
      <LeaveWithoutSavingDialog
        status={status}
        error={error}
        changed={changedList([...(Object.keys(saver.unsavedChanges()) as PatientDraftKey[]), ...(conflict?.fields ?? [])])}
        leaving={leaving}
      />
    </PatientEditingContext>
  );
}
