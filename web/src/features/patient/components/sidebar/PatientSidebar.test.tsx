// The sidebar inside the real app providers (Mantine, TanStack Query, the platform talking to the FakeApi), with the
// patient's draft held in a plain useState: what the sidebar writes through `change` is the draft it shows next.
import { defaultTasks, type Patient, type PatientFields, type Task } from '@chartside/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../app/query-client';
import { createPlatform } from '../../../../platform/platform-context';
import { FakeWebSocket } from '../../../../test/fake-web-socket';
import { patientRecord, storeSessionId, testConfig, userDocument } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { editingOverState } from '../../../../test/render-patient-part';
import { installSignedInBrowser } from '../../../../test/signed-in-browser';
import { PatientEditingContext } from '../../patient-editing';
import { PatientSidebar } from './PatientSidebar';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

Element.prototype.scrollIntoView ??= () => undefined;
// A shared, busy machine: the screen can take seconds to appear; waiting longer costs nothing when it is quick.

const HOUR_MS = 3_600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

const task = (text: string, overrides: Partial<Task> = {}): Task => ({
  id: `task-${text}`,
  text,
  details: '',
  completed: false,
  priority: 3,
  dueDate: null,
  created: '2026-11-01T10:00:00.000Z',
  tags: [],
  ...overrides,
});

const patient = (overrides: Partial<Patient> = {}): Patient =>
  patientRecord({ mrn: '', room: '10A', version: 1, lastSessionId: 'session-1', ...overrides });

let api: ReturnType<typeof installSignedInBrowser>;
/** The draft as the sidebar last left it. */
let draft: PatientFields;

function EditingHarness({ initial }: { initial: Patient }) {
  const [current, setCurrent] = useState<PatientFields>(initial);
  useEffect(() => {
    draft = current;
  }, [current]);
  return (
    <PatientEditingContext value={editingOverState(initial, current, setCurrent)}>
      <PatientSidebar />
    </PatientEditingContext>
  );
}

const renderSidebar = (initial: Patient) => {
  const queryClient = createQueryClient();
  const platform = createPlatform(testConfig, queryClient, { clientId: 'tab-1', reload: vi.fn(), clearPersistedData: vi.fn(async () => undefined) });
  const router = createMemoryRouter([{ path: '/panel/:id', element: <EditingHarness initial={initial} /> }], { initialEntries: [`/panel/${initial.id}`] });
  render(
    <AppProviders platform={platform} queryClient={queryClient} persister={null}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup();
};

beforeEach(() => {
  api = installSignedInBrowser({ me: userDocument({ attendings: ['Dr. Reyes', 'Dr. McNeil'] }) });
  api.on('PATCH', '/me', (request) => {
    const { version, ...change } = request.body as { version: number };
    api.state.me = { ...api.state.me, ...change, version: version + 1 };
    return api.state.me;
  });
  storeSessionId('session-1');
  Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
});

afterEach(() => {
  FakeWebSocket.instances = [];
  vi.restoreAllMocks();
});

const taskNames = () =>
  within(screen.getByRole('list', { name: 'Tasks' }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('li')?.querySelector('label')?.textContent);

describe('PatientSidebar', () => {
  it('shows ID, Attending, Tasks and Notes; Follow-up only when the user is not inpatient', async () => {
    renderSidebar(patient());
    expect(await screen.findByRole('heading', { name: 'ID' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Attending' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tasks' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Follow-up' })).toBeNull();
  });

  it('shows Follow-up for a clinic user', async () => {
    api.state.me = { ...api.state.me, inpatient: false };
    renderSidebar(patient());
    expect(await screen.findByRole('heading', { name: 'Follow-up' })).toBeTruthy();
  });

  it('lists tasks open first by due date, marks the overdue one, and offers delete only for a completed task', async () => {
    renderSidebar(
      patient({
        tasks: [
          task('Done already', { completed: true }),
          task('No due date'),
          task('Call family', { dueDate: fromNow(-2 * HOUR_MS) }),
          task('Discharge', { dueDate: fromNow(48 * HOUR_MS) }),
        ],
      }),
    );
    await screen.findByRole('list', { name: 'Tasks' });
    expect(taskNames()).toEqual(['Call family', 'Discharge', 'No due date', 'Done already']);
    const overdueRow = screen.getByRole('checkbox', { name: 'Call family' }).closest('li') as HTMLElement;
    expect(within(overdueRow).getByText('Overdue')).toBeTruthy();
    expect(screen.getAllByText('Overdue')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete Call family' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Done already' })).toBeTruthy();
  });

  it('adds a task on Enter with priority 3 and no due date, and clears the field', async () => {
    const user = renderSidebar(patient());
    const input = await screen.findByRole('textbox', { name: 'New task' });
    await user.type(input, '   {Enter}');
    expect(draft.tasks).toHaveLength(0);
    await user.type(input, '  Call pharmacy re: vanc trough {Enter}');
    expect(draft.tasks).toEqual([expect.objectContaining({ text: 'Call pharmacy re: vanc trough', priority: 3, dueDate: null, completed: false })]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Call pharmacy re: vanc trough' })).toBeTruthy();
  });

  it('does not add the task on the Enter that ends an input method composition', async () => {
    const user = renderSidebar(patient());
    const input = await screen.findByRole('textbox', { name: 'New task' });
    fireEvent.change(input, { target: { value: '薬剤部に電話' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(draft.tasks).toHaveLength(0);
    await user.type(input, '{Enter}');
    expect(draft.tasks).toEqual([expect.objectContaining({ text: '薬剤部に電話' })]);
  });

  it("'OP' appends the default tasks once", async () => {
    const user = renderSidebar(patient({ tasks: [task('Call family')] }));
    const op = await screen.findByRole('button', { name: 'OP: add the default tasks' });
    expect(op.textContent).toBe('OP');
    await user.click(op);
    expect(draft.tasks.map((t) => t.text)).toEqual(['Call family', ...defaultTasks]);
    await user.click(op);
    expect(draft.tasks).toHaveLength(1 + defaultTasks.length);
    expect(new Set(draft.tasks.map((t) => t.id)).size).toBe(draft.tasks.length);
  });

  it('completes a task, then deletes it; changes the priority', async () => {
    const user = renderSidebar(patient({ tasks: [task('Call family'), task('Sign note')] }));
    await user.click(await screen.findByRole('checkbox', { name: 'Call family' }));
    expect(draft.tasks.find((t) => t.text === 'Call family')?.completed).toBe(true);
    expect(taskNames()).toEqual(['Sign note', 'Call family']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority of Sign note' }), 'P1');
    expect(draft.tasks.find((t) => t.text === 'Sign note')?.priority).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Delete Call family' }));
    expect(draft.tasks.map((t) => t.text)).toEqual(['Sign note']);
  });

  it('sets a due date with the picker: day, hour, 15-minute step, AM/PM, quick shifts, and clears it', async () => {
    const user = renderSidebar(patient({ tasks: [task('Call family')] }));
    await user.click(await screen.findByRole('button', { name: 'Set a due date for Call family' }));
    // The dropdown stays in its opening transition in jsdom (display: none; no transitions end there): hidden: true.
    const picker = await screen.findByRole('dialog', { name: 'Due date of Call family', hidden: true });
    const select = (name: string) => within(picker).getByRole('combobox', { name, hidden: true });
    const button = (name: string) => within(picker).getByRole('button', { name, hidden: true });
    expect(within(picker).getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['1', '12', '00', '15', '30', '45', 'AM', 'PM']),
    );

    fireEvent.change(within(picker).getByLabelText('Date'), { target: { value: '2027-01-15' } });
    await user.selectOptions(select('Hour'), '9');
    await user.selectOptions(select('Minute'), '30');
    await user.selectOptions(select('AM/PM'), 'PM');
    const due = () => new Date(draft.tasks[0]?.dueDate ?? NaN);
    expect([due().getFullYear(), due().getMonth() + 1, due().getDate(), due().getHours(), due().getMinutes()]).toEqual([2027, 1, 15, 21, 30]);

    await user.click(button('+1 day'));
    await user.click(button('+1 hour'));
    expect([due().getDate(), due().getHours(), due().getMinutes()]).toEqual([16, 22, 30]);
    await user.click(button('-1 week'));
    expect([due().getMonth() + 1, due().getDate()]).toEqual([1, 9]);
    expect((within(picker).getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-09');

    await user.click(button('Clear due date'));
    expect(draft.tasks[0]?.dueDate).toBeNull();
  });

  it('suggests the user’s attendings, and adds a new name to them when committed', async () => {
    const user = renderSidebar(patient());
    const input = await screen.findByRole('combobox', { name: 'Attending' });
    await user.click(input);
    expect(await screen.findByRole('option', { name: 'Dr. Reyes', hidden: true })).toBeTruthy();

    await user.type(input, '  Dr.  Osei ');
    await user.tab();
    expect(draft.attending).toBe('Dr. Osei');
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(1));
    expect(api.calls('PATCH', '/me')[0]?.body).toEqual({ version: 1, attendings: ['Dr. Reyes', 'Dr. McNeil', 'Dr. Osei'] });
  });

  it('does not add a name the list already has', async () => {
    const user = renderSidebar(patient());
    const input = await screen.findByRole('combobox', { name: 'Attending' });
    await user.type(input, 'dr. reyes{Enter}');
    await user.tab();
    expect(draft.attending).toBe('dr. reyes');
    expect(api.calls('PATCH', '/me')).toHaveLength(0);
  });
});

describe('PatientSidebar on the patient page', () => {
  it('saves the tasks, the attending and the follow-up through the autosave (PATCH with the version)', async () => {
    let stored = patient({ version: 4, tasks: [task('Call family')] });
    api.state.me = { ...api.state.me, inpatient: false };
    api
      .on('GET', '/patients', () => ({ patients: [] }))
      .on('GET', '/patients/{id}', () => stored)
      .on('PATCH', '/patients/{id}', (request) => {
        const { version, fields, ...top } = request.body as Partial<Patient> & { version: number };
        stored = { ...stored, ...top, fields: { ...stored.fields, ...fields }, version: version + 1 };
        return { version: stored.version, lastSessionId: stored.lastSessionId, updatedAt: stored.updatedAt };
      });
    const user = userEvent.setup();
    renderApp('/panel/p-1');
    await user.click(await screen.findByRole('checkbox', { name: 'Call family' }));
    await user.click(screen.getByRole('button', { name: 'OP: add the default tasks' }));
    await user.type(screen.getByRole('combobox', { name: 'Attending' }), 'Dr. Osei');
    await user.tab();

    await waitFor(() => expect(stored.tasks.map((t) => [t.text, t.completed])).toEqual([['Call family', true], ...defaultTasks.map((text) => [text, false])]));
    await waitFor(() => expect(stored.attending).toBe('Dr. Osei'));
    const bodies = api.calls('PATCH', '/patients/p-1').map((request) => request.body as Record<string, unknown>);
    expect(bodies[0]?.version).toBe(4);
    expect(screen.getByRole('heading', { name: 'Follow-up' })).toBeTruthy();
  });
});
