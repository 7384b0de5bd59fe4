// Renders one part of the patient screen (a dialog, a drawer, the time-tracker bar) inside the app's providers and a
// patient editing context whose draft is plain React state: `change` and `changeSection` update it as the autosave's
// draft would, and `draft()` reads what the part has changed so far. The HTTP boundary is the FakeApi.
import type { Patient, PatientFields } from '@chartside/shared';
import { render } from '@testing-library/react';
import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { PatientEditingContext, type PatientEditing } from '../features/patient/patient-editing';
import { createPlatform } from '../platform/platform-context';
import { patientRecord, testConfig } from './fixtures';

/**
 * The editing context over a draft held in plain React state, as the autosave holds it (without saving). Each change
 * renders the holder again with a new context value, so every part reads the draft again: nothing to subscribe to.
 */
export const editingOverState = (patient: Patient, draft: PatientFields, setDraft: Dispatch<SetStateAction<PatientFields>>): PatientEditing => ({
  patient,
  currentDraft: () => draft,
  subscribe: () => () => undefined,
  change: (fields) => setDraft((current) => ({ ...current, ...fields })),
  changeSection: (section, value) => setDraft((current) => ({ ...current, fields: { ...current.fields, [section]: value } })),
  flush: async () => undefined,
  discard: () => undefined,
});

export function renderPatientPart(part: ReactNode, patient: Patient = patientRecord({ visibleFields: ['subjective', 'vitals', 'assessment'] })) {
  const queryClient = createQueryClient();
  const platform = createPlatform(testConfig, queryClient, { clientId: 'tab-1', reload: vi.fn(), clearPersistedData: vi.fn(async () => undefined) });
  let shown: PatientFields = patient;

  function EditingHarness() {
    const [draft, setDraft] = useState<PatientFields>(patient);
    shown = draft;
    return <PatientEditingContext value={editingOverState(patient, draft, setDraft)}>{part}</PatientEditingContext>;
  }

  const view = render(
    <AppProviders platform={platform} queryClient={queryClient} persister={null}>
      <EditingHarness />
    </AppProviders>,
  );
  return { ...view, queryClient, draft: () => shown };
}
