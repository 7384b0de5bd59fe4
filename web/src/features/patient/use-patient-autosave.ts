// The autosave of the open patient: the generic record autosave with the patient's saver, its API calls and its query
// cache, and the editing context every part of the screen uses. A failed save shows the spec's toast once per run of
// failed tries and is retried by itself (a refusal for good shows its own message); offline, the edits are kept on
// this device and saved when the network is back.
import { patientSectionKey, type Patient, type PatientFields } from '@chartside/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { deleteDraft, draftKey } from '../../platform/autosave/draft-store';
import { useRecordAutosave } from '../../platform/autosave/use-record-autosave';
import { useApi } from '../../platform/platform-context';
import { useMe } from '../../platform/user-document';
import type { PatientEditing } from './patient-editing';
import { createPatientSaver, patientFieldsOf, type PatientDraft } from './patient-saver';
import { getPatient, patchPatient, storePatient } from './queries';

/** Spec: 'Save Error: Failed to save changes. Please try again.' (error, 5 s). */
const SAVE_ERROR_TITLE = 'Save Error';
const SAVE_ERROR_MESSAGE = 'Failed to save changes. Please try again.';
const SAVE_ERROR_MS = 5_000;

/**
 * The parts read the draft as PatientFields: made once per draft, so what a part selects of it (usePatientDraft) stays
 * the same object until the draft changes.
 */
const fieldsByDraft = new WeakMap<PatientDraft, PatientFields>();
const fieldsOfDraft = (draft: PatientDraft): PatientFields => {
  let fields = fieldsByDraft.get(draft);
  if (!fields) fieldsByDraft.set(draft, (fields = patientFieldsOf(draft)));
  return fields;
};

export function usePatientAutosave(patient: Patient) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useMe().data?.userId;
  const keptDraftKey = userId === undefined ? undefined : draftKey(userId, 'patient', patient.id);
  const autosave = useRecordAutosave({
    record: patient,
    draftKey: keptDraftKey,
    createSaver: () =>
      createPatientSaver({
        initial: patient,
        patch: (body, settings) => patchPatient(api, patient.id, body, settings),
        fetchLatest: (settings) => getPatient(api, patient.id, settings),
        onServerCopy: (copy, changed) => storePatient(queryClient, copy, { tagsChanged: 'tags' in changed }),
      }),
  });
  const { saver, base } = autosave;

  useEffect(() => {
    let status = saver.getState().status;
    return saver.subscribe(() => {
      const { status: next, failure, error } = saver.getState();
      // Once per run of failed tries (a save that lands or a new edit starts a new run), not on every retry.
      if (next === 'error' && status !== 'error' && failure?.attempts === 1) {
        notifications.show({ color: 'red', title: SAVE_ERROR_TITLE, message: failure.retrying ? SAVE_ERROR_MESSAGE : error, autoClose: SAVE_ERROR_MS });
      }
      status = next;
    });
  }, [saver]);

  const currentDraft = useCallback(() => fieldsOfDraft(saver.getState().draft), [saver]);
  // The same function for the screen's life: a section that did not change is not rendered again on a keystroke.
  const changeSection = useCallback<PatientEditing['changeSection']>(
    (section, value) => saver.change({ [patientSectionKey(section)]: value } as Partial<PatientDraft>),
    [saver],
  );
  const editing = useMemo<PatientEditing>(
    () => ({
      patient: base,
      currentDraft,
      subscribe: saver.subscribe,
      change: (changes) => saver.change(changes),
      changeSection,
      flush: () => saver.flush(),
      discard: () => {
        saver.discard();
        if (keptDraftKey) void deleteDraft(keptDraftKey);
      },
    }),
    [base, currentDraft, saver, changeSection, keptDraftKey],
  );

  return { ...autosave, editing };
}
