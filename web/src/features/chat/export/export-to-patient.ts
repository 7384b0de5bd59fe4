// Appends a text to one note section of a patient, saved the way the patient screen saves (the patient autosave's
// RecordSaver, its PATCH with the version, its 409 merge and its query cache): the patient is read fresh, the section
// gets the text as new paragraphs at its end, and the save runs at once. An open patient screen takes the saved copy
// through the cache and merges it with its own unsaved edits. Two saves of the same section at the same moment are
// retried once on the newest copy; a save that fails says why.
import { patientSectionKey, type Patient, type PatientSection } from '@chartside/shared';
import type { QueryClient } from '@tanstack/react-query';
import { appendPlainText } from '../../../components/rich-text/stored-blocks';
import type { ApiClient } from '../../../platform/api/api-client';
import type { SaverState } from '../../../platform/autosave/record-saver';
import { createPatientSaver, type PatientDraft } from '../../patient/patient-saver';
import { getPatient, patchPatient, storePatient } from '../../patient/queries';

type PatientSaver = ReturnType<typeof createPatientSaver>;
type SaveState = SaverState<Patient, PatientDraft>;

const SETTLED = new Set(['saved', 'error', 'offline', 'conflict']);

/** The saver's state once its save has landed, failed, waits for the network, or met a conflict. */
const settled = (saver: PatientSaver): Promise<SaveState> =>
  new Promise((resolve) => {
    const unsubscribe = saver.subscribe(() => {
      const state = saver.getState();
      if (!SETTLED.has(state.status)) return;
      unsubscribe();
      resolve(state);
    });
  });

async function appendOnce(api: ApiClient, queryClient: QueryClient, patientId: string, section: PatientSection, text: string): Promise<SaveState> {
  const patient = await getPatient(api, patientId);
  storePatient(queryClient, patient);
  const saver = createPatientSaver({
    initial: patient,
    patch: (body, settings) => patchPatient(api, patientId, body, settings),
    fetchLatest: (settings) => getPatient(api, patientId, settings),
    onServerCopy: (copy, changed) => storePatient(queryClient, copy, { tagsChanged: 'tags' in changed }),
    // One export, one answer: the user reads a failure and tries again, nothing retries behind their back.
    retryDelaysMs: [],
  });
  const value = patient.fields[section];
  const result = settled(saver);
  saver.change({ [patientSectionKey(section)]: { ...value, deltaString: appendPlainText(value?.deltaString ?? '', text) } } as Partial<PatientDraft>);
  void saver.flush();
  try {
    return await result;
  } finally {
    saver.dispose();
  }
}

export async function appendToPatientSection(api: ApiClient, queryClient: QueryClient, patientId: string, section: PatientSection, text: string): Promise<void> {
  let state = await appendOnce(api, queryClient, patientId, section, text);
  if (state.status === 'conflict') state = await appendOnce(api, queryClient, patientId, section, text);
  if (state.status === 'saved') return;
  if (state.status === 'offline') throw new Error('Chartside cannot reach the server, so nothing was exported. Try again when you are back online.');
  if (state.status === 'conflict') throw new Error('This section was being changed on another device at the same moment, so nothing was exported. Try again.');
  throw new Error(state.error ?? 'The text was not exported. Try again.');
}
