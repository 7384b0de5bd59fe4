// Export to Text Field from a chat reply into a patient's note section, saved as the patient screen saves: a PATCH with
// the version that names only that section, the text added after what the section held; a save that meets another
// device's save (409) is merged and saved again. Then the notice 'Exported to {section}'.
import { plainTextDeltaString, sectionPlainText, type Patient, type PatientPatch } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { patientRecord, storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { chatMessage, chatSession, modelMessage, serveChats } from '../chat-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
let patient: Patient;

const summaryOf = ({ fields: _fields, notes: _notes, ...summary }: Patient) => summary;

beforeEach(() => {
  api = installSignedInBrowser();
  storeSessionId();
  serveChats(api, [
    chatSession({ messages: [chatMessage(), modelMessage('<p>Lactate 4.1 mmol/L.</p><ul><li>Repeat in 2 h</li></ul>')], messageCount: 2 }),
  ]);
  patient = patientRecord({
    visibleFields: ['labs', 'assessment'],
    fields: { labs: { deltaString: plainTextDeltaString('Na 134') }, assessment: { deltaString: '' } },
  });
  api
    .on('GET', '/patients', () => ({ patients: [summaryOf(patient)] }))
    .on('GET', '/patients/{id}', (_request, { id }) => (id === patient.id ? patient : apiError(404, 'patient_not_found', 'No such patient.')))
    .on('PATCH', '/patients/{id}', (request) => {
      const { version, fields, ...top } = request.body as PatientPatch;
      if (version !== patient.version) return apiError(409, 'version_conflict', 'This patient changed on another device.');
      patient = { ...patient, ...top, fields: { ...patient.fields, ...fields }, version: patient.version + 1 };
      return { version: patient.version, lastSessionId: patient.lastSessionId, updatedAt: patient.updatedAt };
    });
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const openExport = async () => {
  renderApp('/chat/c-1');
  const user = userEvent.setup();
  const reply = await screen.findByRole('article', { name: 'Assistant' }, { timeout: 10_000 });
  await user.click(within(reply).getByRole('button', { name: 'Export to Text Field' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export to Text Field' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Patient' }));
  await user.click(await screen.findByRole('option', { name: 'Okafor, Adaeze · 40012345', hidden: true }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Section' }));
  await user.click(await screen.findByRole('option', { name: 'Labs', hidden: true }));
  return { user, dialog };
};

const patches = () => api.calls('PATCH', '/patients/p-1').map((request) => request.body as PatientPatch);

describe('Export to Text Field', () => {
  it('adds the reply’s text at the end of the chosen section, saved with the version, and says so', async () => {
    const { user, dialog } = await openExport();
    expect(within(dialog).getByRole('textbox', { name: 'Text to export' })).toHaveProperty('value', 'Lactate 4.1 mmol/L.\n\n- Repeat in 2 h');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported to Labs')).toBeTruthy();
    expect(patches()).toHaveLength(1);
    const patch = patches()[0] as PatientPatch;
    expect(patch.version).toBe(3);
    expect(Object.keys(patch.fields ?? {})).toEqual(['labs']);
    expect(sectionPlainText(patch.fields?.labs?.deltaString ?? '')).toBe('Na 134\nLactate 4.1 mmol/L.\n- Repeat in 2 h');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export to Text Field' })).toBeNull());
  });

  it('merges with a save made on another device meanwhile, and saves again on the newer version', async () => {
    const { user, dialog } = await openExport();
    // Another device saves the assessment after the export read the patient.
    let firstRead = true;
    api.on('GET', '/patients/{id}', () => {
      if (!firstRead) return patient;
      firstRead = false;
      const read = patient;
      patient = { ...patient, fields: { ...patient.fields, assessment: { deltaString: plainTextDeltaString('Sepsis, improving') } }, version: 4 };
      return read;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported to Labs')).toBeTruthy();
    expect(patches().map((patch) => patch.version)).toEqual([3, 4]);
    expect(sectionPlainText(patient.fields.assessment?.deltaString ?? '')).toBe('Sepsis, improving');
    expect(sectionPlainText(patient.fields.labs?.deltaString ?? '')).toBe('Na 134\nLactate 4.1 mmol/L.\n- Repeat in 2 h');
  });

  it('says why when the save is refused, and keeps the dialog open', async () => {
    const { user, dialog } = await openExport();
    api.on('PATCH', '/patients/{id}', () => apiError(422, 'validation_failed', 'This section is too long.'));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('This section is too long.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Export to Text Field' })).toBeTruthy();
  });
});
