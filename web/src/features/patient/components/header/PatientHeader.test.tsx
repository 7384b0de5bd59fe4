// The header on the real route /panel/{id}: the FakeApi answers GET /patients/{id} and the user document.
import { PatientPatch, type Patient } from '@chartside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../../test/fake-api';
import { FakeWebSocket } from '../../../../test/fake-web-socket';
import { storeSessionId, userDocument } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { installSignedInBrowser } from '../../../../test/signed-in-browser';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

Element.prototype.scrollIntoView ??= () => undefined;
// A shared, busy machine: the screen can take seconds to appear; waiting longer costs nothing when it is quick.

const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]);

/** Born on this day 67 years ago: 67 today, whatever today is. */
const sixtySevenToday = () => {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear() - 67}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
};

const patient = (overrides: Partial<Patient> = {}): Patient => ({
  id: 'p-okafor',
  lastname: 'Okafor',
  firstname: 'Adaeze',
  dob: sixtySevenToday(),
  mrn: '400123456',
  room: '10A',
  appointment: '2026-12-01T09:30',
  attending: '',
  primarydx: '',
  oneliner: '',
  notes: '',
  tags: ['Icu'],
  tasks: [],
  visibleFields: ['subjective', 'assessment'],
  fields: { subjective: { deltaString: paragraph('Slept well, no chest pain.') }, assessment: { deltaString: paragraph('CAP improving.') } },
  lastAccessed: '2026-11-20T10:00:00.000Z',
  version: 3,
  lastSessionId: 'session-1',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

let api: ReturnType<typeof installSignedInBrowser>;
let stored: Patient;

beforeEach(() => {
  stored = patient();
  api = installSignedInBrowser({ me: userDocument({ patientTags: ['Icu', 'Team Blue'] }) });
  api
    .on('GET', '/patients', () => ({ patients: [] }))
    .on('GET', '/patients/{id}', (_request, { id }) => (id === stored.id ? stored : apiError(404, 'patient_not_found')))
    .on('DELETE', '/patients/{id}', () => ({ deleted: true }))
    .on('PATCH', '/patients/{id}', (request) => {
      const { version, fields, ...top } = request.body as Partial<Patient> & { version: number };
      stored = { ...stored, ...top, fields: { ...stored.fields, ...fields }, version: version + 1 };
      return { version: stored.version, lastSessionId: stored.lastSessionId, updatedAt: stored.updatedAt };
    });
  storeSessionId('session-1');
  // BlockNote's side menu hit-tests the pointer; jsdom has no layout to test against.
  Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
});

afterEach(() => {
  FakeWebSocket.instances = [];
  vi.restoreAllMocks();
});

const openPatient = async () => {
  const user = userEvent.setup();
  const app = renderApp(`/panel/${stored.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Okafor, Adaeze' });
  return { ...app, user };
};

describe('PatientHeader', () => {
  it('shows the name, the age from the date of birth, the date of birth and a link back to the panel', async () => {
    await openPatient();
    expect(screen.getByText('Age 67')).toBeTruthy();
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe(stored.dob);
    expect(screen.getByRole('link', { name: 'Back to the panel' }).getAttribute('href')).toBe('/panel');
  });

  it('with cprs on shows the MRN formatted and a click copies it formatted', async () => {
    api.state.me = { ...api.state.me, cprs: true };
    const { user } = await openPatient();
    await user.click(await screen.findByRole('button', { name: 'Copy MRN 400-12-3456' }));
    expect(await navigator.clipboard.readText()).toBe('400-12-3456');
    expect(screen.getByRole('button', { name: 'MRN 400-12-3456 copied' }).textContent).toContain('Copied');
  });

  it('with cprs off copies the raw MRN', async () => {
    const { user } = await openPatient();
    await user.click(screen.getByRole('button', { name: 'Copy MRN 400123456' }));
    expect(await navigator.clipboard.readText()).toBe('400123456');
  });

  it('says so when the browser refuses the clipboard', async () => {
    const { user } = await openPatient();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy MRN 400123456' }));
    expect(await screen.findByText('Could not copy')).toBeTruthy();
  });

  it('shows the room when inpatient, the appointment otherwise', async () => {
    const first = await openPatient();
    expect((screen.getByRole('textbox', { name: 'Room' }) as HTMLInputElement).value).toBe('10A');
    expect(screen.queryByLabelText('Appointment')).toBeNull();
    first.unmount();

    api.state.me = { ...api.state.me, inpatient: false };
    await openPatient();
    await waitFor(() => expect((screen.getByLabelText('Appointment') as HTMLInputElement).value).toBe('2026-12-01T09:30'));
    expect(screen.queryByRole('textbox', { name: 'Room' })).toBeNull();
  });

  it('the pencil reveals the name and MRN fields and Delete Patient, and hides the tags', async () => {
    const { user } = await openPatient();
    expect(screen.getByRole('combobox', { name: 'Tags' })).toBeTruthy();
    const pencil = screen.getByRole('button', { name: 'Edit name and MRN' });
    expect(pencil.getAttribute('aria-pressed')).toBe('false');
    await user.click(pencil);
    expect(pencil.getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('textbox', { name: 'Last name' }) as HTMLInputElement).value).toBe('Okafor');
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Adaeze');
    expect((screen.getByRole('textbox', { name: 'MRN' }) as HTMLInputElement).value).toBe('400123456');
    expect(screen.queryByRole('combobox', { name: 'Tags' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Patient' })).toBeTruthy();
  });

  it('Delete Patient asks first; Cancel keeps the patient, confirming deletes it and returns to the panel', async () => {
    const { user, router } = await openPatient();
    await user.click(screen.getByRole('button', { name: 'Edit name and MRN' }));
    await user.click(screen.getByRole('button', { name: 'Delete Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('DELETE', '/patients/p-okafor')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Patient' }));
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
    await user.click(within(again).getByRole('button', { name: 'Delete Patient' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/panel'));
    expect(api.calls('DELETE', '/patients/p-okafor')).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    api.on('DELETE', '/patients/{id}', () => apiError(503, 'unavailable', 'The service is unavailable.'));
    const { user, router } = await openPatient();
    await user.click(screen.getByRole('button', { name: 'Edit name and MRN' }));
    await user.click(screen.getByRole('button', { name: 'Delete Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Patient' }));
    expect(await within(dialog).findByText('Could not delete the patient')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/panel/p-okafor');
  });

  it('copies every visible field with text: the title in upper case, a 70-dash rule, the text', async () => {
    const { user } = await openPatient();
    await user.click(screen.getByRole('button', { name: 'Copy all as text' }));
    const rule = '-'.repeat(70);
    expect(await navigator.clipboard.readText()).toBe(`SUBJECTIVE\n${rule}\nSlept well, no chest pain.\n\nASSESSMENT & PLAN\n${rule}\nCAP improving.`);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('says there is nothing to copy when every visible field is empty', async () => {
    stored = patient({ fields: {} });
    const { user } = await openPatient();
    await user.click(screen.getByRole('button', { name: 'Copy all as text' }));
    expect(await screen.findByText('Nothing to copy')).toBeTruthy();
  });

  it('offers Note Templates and Content Extraction', async () => {
    await openPatient();
    expect(screen.getByRole('button', { name: 'Note Templates' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Content Extraction' })).toBeTruthy();
  });

  it('shows tags stored twice once, opens the tag dropdown, and saves a new tag without the repeat', async () => {
    api.state.me = { ...api.state.me, patientTags: ['Icu', 'Team Blue', 'Icu', 'Team Blue'] };
    stored = patient({ tags: ['Icu', 'Icu'] });
    const { user } = await openPatient();
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    // Mantine refuses a dropdown with repeated options: opening it must list each tag once.
    await user.click(tags);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Team Blue']);
    expect(screen.getAllByText('Icu')).toHaveLength(1);

    await user.type(tags, 'Cardiology{Enter}');
    await waitFor(() => expect(stored.tags).toEqual(['Icu', 'Cardiology']));
    for (const request of api.calls('PATCH', '/patients/p-okafor')) expect(PatientPatch.safeParse(request.body).success).toBe(true);
  });

  it('saves what is typed in the header: the room, the date of birth, a new tag, and the name behind the pencil', async () => {
    const { user } = await openPatient();
    const room = screen.getByRole('textbox', { name: 'Room' });
    await user.clear(room);
    await user.type(room, '12B');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1956-03-14' } });
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'team blue{Enter}');
    await user.click(screen.getByRole('button', { name: 'Edit name and MRN' }));
    const last = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(last);
    await user.type(last, 'Okafor-Reyes');
    expect(screen.getByRole('heading', { level: 1, name: 'Okafor-Reyes, Adaeze' })).toBeTruthy();

    await waitFor(() => expect(stored).toMatchObject({ room: '12B', dob: '1956-03-14', tags: ['Icu', 'Team Blue'], lastname: 'Okafor-Reyes' }));
    const bodies = api.calls('PATCH', '/patients/p-okafor').map((request) => request.body as Record<string, unknown>);
    // One save or several (the typing may outlast the 2 s pause on a busy machine): each names the version it builds on.
    expect(bodies[0]?.version).toBe(3);
    expect(Object.assign({}, ...bodies)).toMatchObject({ room: '12B', lastname: 'Okafor-Reyes', tags: ['Icu', 'Team Blue'] });
  });
});
