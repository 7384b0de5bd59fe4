import 'fake-indexeddb/auto';
import { sectionTitle, type FieldValue, type Patient, type PatientPatch } from '@chartside/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDrafts, createDraftWriter, draftKey, readDraft } from '../../../platform/autosave/draft-store';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { patientRecord, storeSessionId, userDocument } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { patientKeys } from '../../panel/queries';
import { PATIENT_DELETED_MESSAGE, patientDraftOf, type PatientDraft } from '../patient-saver';
import { MISSING_PATIENT_NOTICE } from './PatientPage';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const text = (line: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text: line, styles: {} }], children: [] }]) });

const patientFixture = (overrides: Partial<Patient> = {}): Patient =>
  patientRecord({ visibleFields: ['events', 'exam'], fields: { exam: text('Crackles left base') }, ...overrides });

let api: FakeApi;
let current: Patient;

/** The patient API as the server answers it: PATCH version-checked, `fields` replacing only the sections it names. */
const servePatient = () =>
  api
    .on('GET', '/patients', () => ({ patients: [] }))
    .on('GET', '/patients/{id}', (_request, { id }) => (id === current.id ? current : apiError(404, 'patient_not_found', 'No such patient.')))
    .on('PATCH', '/patients/{id}', (request) => {
      const { version, fields, ...top } = request.body as PatientPatch;
      if (version !== current.version) return apiError(409, 'version_conflict', 'This patient changed on another device.');
      current = { ...current, ...top, fields: { ...current.fields, ...fields }, version: current.version + 1 };
      return { version: current.version, lastSessionId: current.lastSessionId, updatedAt: current.updatedAt };
    });

const patches = () => api.calls('PATCH', '/patients/p-1').map((request) => request.body as PatientPatch);
const keep = (base: Patient, changes: Partial<PatientDraft>) => createDraftWriter<Patient, PatientDraft>(draftKey('user-1', 'patient', base.id), () => ({ base, changes })).flush();

beforeEach(() => {
  storeSessionId();
  api = installSignedInBrowser();
  current = patientFixture();
  servePatient();
});

afterEach(async () => {
  FakeWebSocket.instances = [];
  vi.restoreAllMocks();
  await clearDrafts();
});

const keptDraft = () => readDraft<Patient, PatientDraft>(draftKey('user-1', 'patient', 'p-1'));

describe('PatientPage', () => {
  it('shows the loading lock while the patient loads, then the screen', async () => {
    let answer: () => void = () => undefined;
    api.on('GET', '/patients/p-1', () => new Promise<Patient>((resolve) => (answer = () => resolve(current))));
    renderApp('/panel/p-1');
    expect(await screen.findByRole('status', { name: 'Loading the patient' })).toBeTruthy();
    act(() => answer());
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the patient' })).toBeNull());
    expect(patches()).toEqual([]);
  });

  it('sends a missing or foreign id to the panel, with a notice', async () => {
    const { router } = renderApp('/panel/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/panel'));
    expect(await screen.findByText(MISSING_PATIENT_NOTICE)).toBeTruthy();
  });

  it('restores edits kept on this device and saves them', async () => {
    await keep(current, { room: '5C', 'section:events': text('Typed offline') });
    renderApp('/panel/p-1');
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ version: 3, room: '5C', fields: { events: text('Typed offline') } });
    expect(await screen.findByText('Saved')).toBeTruthy();
    // Saved: the kept copy goes.
    await waitFor(async () => expect(await readDraft(draftKey('user-1', 'patient', 'p-1'))).toBeUndefined());
  });

  it('merges kept edits into a newer server copy; the same section changed on both shows both versions', async () => {
    const kept = current;
    current = { ...current, room: '6D', fields: { ...current.fields, exam: text('Clear to auscultation') }, version: 4 };
    await keep(kept, { 'section:exam': text('Crackles, improving') });
    const user = userEvent.setup();
    renderApp('/panel/p-1');
    const dialog = await screen.findByRole('dialog', { name: 'This patient changed on another device' });
    expect(within(dialog).getByRole('heading', { name: sectionTitle('exam') })).toBeTruthy();
    expect(within(dialog).getByText('Crackles, improving')).toBeTruthy();
    expect(within(dialog).getByText('Clear to auscultation')).toBeTruthy();
    expect(patches()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ version: 4, fields: { exam: text('Crackles, improving') } });
    expect(current).toMatchObject({ room: '6D', fields: { exam: text('Crackles, improving') } });
  });

  it("shows the spec's Save Error toast when a save fails, and keeps the edit", async () => {
    api.on('PATCH', '/patients/p-1', () => apiError(503, 'unavailable', 'The service is busy.'));
    await keep(current, { room: '5C' });
    renderApp('/panel/p-1');
    expect(await screen.findByText('Save Error')).toBeTruthy();
    expect(screen.getByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect(await screen.findByText('Not saved: The service is busy.')).toBeTruthy();
    const kept = await readDraft<Patient, PatientDraft>(draftKey('user-1', 'patient', 'p-1'));
    expect(kept?.changes).toMatchObject({ room: '5C' });
    expect(patientDraftOf(kept!.base)).toEqual(patientDraftOf(current));
  });

  it('shows the Save Error toast once per run of failed tries, while the save is retried by itself', async () => {
    api.on('PATCH', '/patients/p-1', () => apiError(503, 'unavailable', 'The service is busy.'));
    await keep(current, { room: '5C' });
    renderApp('/panel/p-1');
    expect(await screen.findByText('Save Error')).toBeTruthy();
    // The first retry comes after 2 s; the toast stays 5 s, so a second one would be on screen with it.
    await waitFor(() => expect(patches()).toHaveLength(2), { timeout: 8_000 });
    await waitFor(() => expect(screen.getByText('Not saved: The service is busy.')).toBeTruthy());
    expect(screen.getAllByText('Save Error')).toHaveLength(1);
  });

  it('says the patient was deleted on another device when its save finds it gone, and keeps the edit', async () => {
    api.on('PATCH', '/patients/p-1', () => apiError(404, 'patient_not_found', 'No such patient.'));
    await keep(current, { room: '5C' });
    renderApp('/panel/p-1');
    expect(await screen.findByText(`Not saved: ${PATIENT_DELETED_MESSAGE}`)).toBeTruthy();
    expect(screen.getByText('Save Error')).toBeTruthy();
    expect(screen.getAllByText(PATIENT_DELETED_MESSAGE, { exact: false }).length).toBeGreaterThanOrEqual(2);
    expect((await keptDraft())?.changes).toMatchObject({ room: '5C' });
  });

  it('deletes a patient whose save fails: no save first, its kept edits dropped, back to the panel without asking', async () => {
    // Refused for good: not retried, so the one PATCH is the autosave's, and a save before the delete would be a second.
    api.on('PATCH', '/patients/p-1', () => apiError(422, 'validation_failed', 'The room is too long.'));
    api.on('DELETE', '/patients/{id}', () => ({ deleted: 1 }));
    await keep(current, { room: '5C' });
    // jsdom has no elementsFromPoint; the rich-text editors' side menus call it on pointer moves.
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
    const user = userEvent.setup();
    const { router } = renderApp('/panel/p-1');
    expect(await screen.findByText('Not saved: The room is too long.')).toBeTruthy();
    const tries = patches().length;
    await user.click(screen.getByRole('button', { name: 'Edit name and MRN' }));
    await user.click(screen.getByRole('button', { name: 'Delete Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Patient' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/panel'));
    expect(api.calls('DELETE', '/patients/p-1')).toHaveLength(1);
    expect(patches()).toHaveLength(tries);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    await waitFor(async () => expect(await keptDraft()).toBeUndefined());
  });

  it('keeps the loading lock until the user is known and their kept edits are restored, so no editor opens on text about to change', async () => {
    let answerMe: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    api.on('GET', '/me', async () => {
      await meAnswered;
      return userDocument();
    });
    await keep(current, { room: '5C' });
    const { queryClient } = renderApp('/panel/p-1');
    await waitFor(() => expect(queryClient.getQueryData(patientKeys.detail('p-1'))).toBeTruthy());
    expect(screen.getByRole('status', { name: 'Loading the patient' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit name and MRN' })).toBeNull();
    act(() => answerMe());
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ version: 3, room: '5C' });
  });

  it('neither overwrites nor deletes kept edits it could not read', async () => {
    await keep(current, { room: '5C' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementationOnce(() => {
      throw new DOMException('The read failed.', 'UnknownError');
    });
    const { unmount } = renderApp('/panel/p-1');
    expect(await screen.findByRole('button', { name: 'Edit name and MRN' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read'), expect.anything());
    read.mockRestore();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await keptDraft())?.changes).toMatchObject({ room: '5C' });
  });
});
