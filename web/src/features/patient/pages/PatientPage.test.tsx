import 'fake-indexeddb/auto';
import { sectionTitle, type FieldValue, type Patient, type PatientPatch } from '@chartside/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDrafts, createDraftWriter, draftKey, readDraft } from '../../../platform/autosave/draft-store';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { patientDraftOf, type PatientDraft } from '../patient-saver';
import { MISSING_PATIENT_NOTICE } from './PatientPage';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const T0 = '2025-03-01T08:00:00.000Z';
const text = (line: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text: line, styles: {} }], children: [] }]) });

const patientFixture = (overrides: Partial<Patient> = {}): Patient => ({
  id: 'p-1',
  lastname: 'Okafor',
  firstname: 'Adaeze',
  dob: '1956-03-14',
  mrn: '40012345',
  room: '4B-12',
  appointment: '',
  attending: '',
  primarydx: '',
  oneliner: '',
  notes: '',
  tags: [],
  tasks: [],
  visibleFields: ['events', 'exam'],
  fields: { exam: text('Crackles left base') },
  lastAccessed: T0,
  version: 3,
  lastSessionId: 's-1',
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

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
      return current;
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
  await clearDrafts();
});

describe('PatientPage', { timeout: 20_000 }, () => {
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
});
