import { blankPatient, PANEL_EXPORT_FORMAT, PANEL_EXPORT_VERSION, type Patient, type PatientSummary, type Task } from '@chartside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId, userDocument } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { firstCards } from '../progressive-render';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

// jsdom has no layout: Mantine's select scrolls its highlighted option into view.
Element.prototype.scrollIntoView ??= () => undefined;

const NOW = new Date();
const iso = (daysFromNow: number) => new Date(NOW.getTime() + daysFromNow * 86_400_000).toISOString();

const task = (text: string, overrides: Partial<Task> = {}): Task => ({
  id: `task-${text}`,
  text,
  details: '',
  completed: false,
  priority: 3,
  dueDate: null,
  created: iso(-10),
  tags: [],
  ...overrides,
});

const summary = (id: string, overrides: Partial<PatientSummary> = {}): PatientSummary => {
  const { fields: _fields, notes: _notes, ...blank } = blankPatient(id, iso(-1));
  return { ...blank, lastname: 'Doe', firstname: 'Jane', version: 1, lastSessionId: 'session-1', createdAt: iso(-30), ...overrides };
};

const whole = (patient: PatientSummary): Patient => ({ ...patient, fields: {}, notes: '' });

const okafor = summary('p-okafor', {
  lastname: 'Okafor',
  firstname: 'Adaeze',
  dob: '1956-03-14',
  mrn: '40012345',
  room: '10A',
  tags: ['Icu', 'Team Blue'],
  tasks: [task('Call family', { dueDate: iso(-1) }), task('See patient', { completed: true })],
  oneliner: JSON.stringify([{ type: 'paragraph', content: '68F with HFrEF admitted with CAP' }]),
});
const brown = summary('p-brown', { lastname: 'Brown', firstname: 'Sam', room: '2B', tags: ['Team Blue'], tasks: [task('Discharge', { dueDate: iso(2) })] });
const chen = summary('p-chen', { lastname: 'Chen', firstname: 'Li', room: '', tags: ['Ward'] });

let api: ReturnType<typeof fakeApi>;
let patients: PatientSummary[];

beforeEach(() => {
  patients = [okafor, brown, chen];
  api = installSignedInBrowser({ me: userDocument({ patientTags: ['Icu', 'Team Blue', 'Ward'] }) });
  api
    .on('GET', '/patients', () => ({ patients }))
    .on('PATCH', '/me', (request) => {
      const { version, ...change } = request.body as { version: number };
      api.state.me = { ...api.state.me, ...change, version: version + 1 };
      return api.state.me;
    });
  storeSessionId('session-1');
});

afterEach(() => {
  FakeWebSocket.instances = [];
  vi.restoreAllMocks();
});

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Patients' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const openPanel = async (path = '/panel') => {
  const app = renderApp(path);
  await screen.findByRole('list', { name: 'Patients' });
  return { ...app, user: userEvent.setup() };
};

const openMenuItem = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: 'Panel actions' }));
  // The dropdown may still be in its opening transition (display: none in jsdom, which has no transitions to end).
  await user.click(await screen.findByRole('menuitem', { name, hidden: true }, { timeout: 2_000 }));
};

describe('PanelPage', () => {
  it('shows a card per patient with name, age, MRN, room, tags, the next task (overdue) and the one-liner', async () => {
    await openPanel();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel' })).toBeTruthy();
    expect(cardNames()).toEqual(['Brown, Sam', 'Chen, Li', 'Okafor, Adaeze']);
    const card = screen.getByRole('link', { name: 'Okafor, Adaeze' }).closest('li');
    if (!card) throw new Error('No card');
    expect(screen.getByRole('link', { name: 'Okafor, Adaeze' }).getAttribute('href')).toBe('/panel/p-okafor');
    const text = card.textContent ?? '';
    expect(text).toContain('MRN 40012345');
    expect(text).toContain('Room 10A');
    expect(text).toContain('Next task: Call family');
    expect(text).toContain('68F with HFrEF admitted with CAP');
    expect(text).toMatch(/Age \d+/);
    expect(within(card).getByText('Overdue')).toBeTruthy();
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Icu', 'Team Blue']);
    expect(screen.getByText('3 patients')).toBeTruthy();
  });

  it('uses the saved tags and sort, and saves a new sort to the user document with its version', async () => {
    api.state.me = { ...api.state.me, panelTagsSelected: ['team blue'], panelSortSelection: 'room' };
    const { user } = await openPanel();
    expect(cardNames()).toEqual(['Brown, Sam', 'Okafor, Adaeze']);
    expect(screen.getByText('2 of 3 patients')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Task', hidden: true }));
    await waitFor(() => expect(cardNames()).toEqual(['Okafor, Adaeze', 'Brown, Sam']));
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(1));
    expect(api.calls('PATCH', '/me')[0]?.body).toEqual({ version: 1, panelSortSelection: 'task' });
  });

  it('keeps Invert and Compact in the URL; compact shows one line per patient and no overflow menu', async () => {
    const { user, router } = await openPanel();
    await user.click(screen.getByRole('checkbox', { name: 'Invert' }));
    await waitFor(() => expect(cardNames()).toEqual(['Okafor, Adaeze', 'Chen, Li', 'Brown, Sam']));
    expect(router.state.location.search).toBe('?invert=1');
    expect(screen.getByRole('button', { name: 'Panel actions' })).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Compact' }));
    await waitFor(() => expect(router.state.location.search).toBe('?invert=1&compact=1'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Panel actions' })).toBeNull());
    const row = screen.getByRole('link', { name: 'Okafor, Adaeze' }).closest('li');
    expect(row?.textContent).toContain('Room 10A');
    expect(row?.textContent).toContain('Next: Call family (overdue)');
  });

  it("says 'No patients match query' when nothing matches after loading", async () => {
    api.state.me = { ...api.state.me, panelTagsSelected: ['Nobody has this'] };
    renderApp('/panel');
    expect(await screen.findByText('No patients match query')).toBeTruthy();
  });

  it('shows the load failure toast and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('GET', '/patients', apiError(403, 'forbidden', 'No access.'));
    renderApp('/panel');
    expect(await screen.findByText('Error Loading Panel')).toBeTruthy();
    expect(screen.getByText('Failed to load panel. Please check the console for details.')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'No access.' }));
    expect(screen.queryByText('No patients match query')).toBeNull();
  });

  it('fetches a patient as its card is pressed, before the click opens it; a press elsewhere fetches nothing', async () => {
    api.on('GET', '/patients/p-okafor', () => whole(okafor));
    await openPanel();
    fireEvent.pointerDown(screen.getByText('3 patients'));
    fireEvent.pointerDown(screen.getByRole('list', { name: 'Patients' }));
    expect(api.calls('GET', '/patients/p-okafor')).toHaveLength(0);
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Okafor, Adaeze' }));
    await waitFor(() => expect(api.calls('GET', '/patients/p-okafor')).toHaveLength(1));
  });

  it('adds a patient and opens its page', async () => {
    api.on('POST', '/patients', (request) => whole(summary('p-new', request.body as Partial<PatientSummary>)));
    const { user, router } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Add patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add patient' });
    const add = within(dialog).getByRole('button', { name: 'Add patient' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Garcia');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Maria');
    await user.type(within(dialog).getByRole('textbox', { name: /^MRN/ }), '555');
    await user.type(within(dialog).getByRole('textbox', { name: /^Room/ }), '7C');
    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/panel/p-new'));
    expect(api.calls('POST', '/patients')[0]?.body).toEqual({ lastname: 'Garcia', firstname: 'Maria', mrn: '555', room: '7C' });
  });

  it('asks before deleting all patients, saying it cannot be undone; Cancel deletes nothing', async () => {
    const { user } = await openPanel();
    await openMenuItem(user, 'Delete All');
    const dialog = await screen.findByRole('dialog', { name: 'Delete all patients?' });
    expect(within(dialog).getByText('This deletes every patient on your panel. This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST', '/patients/delete-all')).toHaveLength(0);
    expect(cardNames()).toHaveLength(3);
  });

  it('deletes all patients once confirmed', async () => {
    api.on('POST', '/patients/delete-all', () => {
      const deleted = patients.length;
      patients = [];
      return { deleted };
    });
    const { user } = await openPanel();
    await openMenuItem(user, 'Delete All');
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete all patients?' })).getByRole('button', { name: 'Delete All' }));
    expect(await screen.findByText('No patients match query')).toBeTruthy();
    expect(screen.getByText('Deleted 3 patients.')).toBeTruthy();
    expect(api.calls('POST', '/patients/delete-all')).toHaveLength(1);
  });

  describe('a long panel', () => {
    const LONG = 130;
    // Rendering 130 cards in jsdom on a busy machine.
    const SLOW = { timeout: 10_000 };
    // Created in reverse, so the name sort has work to do.
    const many = Array.from({ length: LONG }, (_, i) => summary(`p-${i}`, { lastname: `Patient ${String(LONG - 1 - i).padStart(3, '0')}`, room: String(i) }));
    const byName = many.map((patient) => `${patient.lastname}, Jane`).sort();
    const printRows = () => document.querySelectorAll('[data-testid="panel-print"] tbody tr').length;

    /** Calls `first` with the page as the patients list is first inserted (in the commit that inserts it). */
    const whenListAppears = (first: (list: Element) => void) => {
      const observer = new MutationObserver(() => {
        const list = document.querySelector('ul[aria-label="Patients"]');
        if (!list) return;
        observer.disconnect();
        first(list);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    };

    beforeEach(() => {
      patients = many;
    });

    it('renders the first screenful of cards first, then the rest in sort order, then the print table', async () => {
      let first: { cards: number; printRows: number } | undefined;
      whenListAppears((list) => (first = { cards: list.children.length, printRows: printRows() }));
      renderApp('/panel');
      await waitFor(() => expect(cardNames()).toHaveLength(LONG), SLOW);
      expect(first).toEqual({ cards: firstCards('cards'), printRows: 0 });
      expect(cardNames()).toEqual(byName);
      expect(screen.getByText(`${LONG} patients`)).toBeTruthy();
      await waitFor(() => expect(printRows()).toBe(LONG), SLOW);
      expect(document.querySelector('[data-testid="panel-print"] tbody tr td')?.textContent).toBe(byName[0]);
    });

    it('renders the whole print table at once when the user prints before the cards are all rendered', async () => {
      let printed: number | undefined;
      whenListAppears(() => {
        window.dispatchEvent(new Event('beforeprint'));
        printed = printRows();
      });
      renderApp('/panel');
      await waitFor(() => expect(printed).toBe(LONG), SLOW);
    });

    it('keeps every card in order when inverted and when compact, and the print table follows', async () => {
      const { user } = await openPanel();
      await waitFor(() => expect(cardNames()).toHaveLength(LONG), SLOW);
      await user.click(screen.getByRole('checkbox', { name: 'Invert' }));
      await waitFor(() => expect(cardNames()).toEqual([...byName].reverse()), SLOW);
      await user.click(screen.getByRole('checkbox', { name: 'Compact' }));
      await waitFor(() => expect(cardNames()).toEqual([...byName].reverse()), SLOW);
      await waitFor(() => expect(printRows()).toBe(LONG), SLOW);
      expect(document.querySelector('[data-testid="panel-print"] tbody tr td')?.textContent).toBe(byName.at(-1));
    });
  });

  describe('Import/Export', () => {
    const exportFile = (list: Patient[]) =>
      new File([JSON.stringify({ format: PANEL_EXPORT_FORMAT, version: PANEL_EXPORT_VERSION, exportedAt: iso(0), patients: list })], 'panel.json', {
        type: 'application/json',
      });

    const chooseFile = async (user: ReturnType<typeof userEvent.setup>, file: File) => {
      await openMenuItem(user, 'Import/Export');
      const dialog = await screen.findByRole('dialog', { name: 'Import/Export' });
      const input = document.querySelector<HTMLInputElement>('input[type=file]');
      if (!input) throw new Error('No file input');
      await user.upload(input, file);
      return dialog;
    };

    it('preselects new and newer patients, imports the chosen ones and says what changed', async () => {
      api.on('POST', '/patients/import', (request) => {
        const sent = (request.body as { patients: Patient[] }).patients;
        return { created: sent.filter((p) => !patients.some((here) => here.id === p.id)).length, updated: sent.filter((p) => patients.some((here) => here.id === p.id)).length };
      });
      const { user } = await openPanel();
      const incoming = [
        whole(summary('p-new', { lastname: 'New', firstname: 'One' })),
        whole({ ...brown, lastAccessed: iso(0) }),
        whole(okafor),
        whole({ ...chen, lastAccessed: iso(-5) }),
      ];
      const dialog = await chooseFile(user, exportFile(incoming));
      const group = await within(dialog).findByRole('group', { name: 'Patients in the file' });
      const checked = (name: string) => (within(group).getByRole('checkbox', { name }) as HTMLInputElement).checked;
      expect([checked('New, One'), checked('Brown, Sam'), checked('Okafor, Adaeze'), checked('Chen, Li')]).toEqual([true, true, false, false]);
      expect(within(group).getAllByText(/^(new|newer|unchanged|older)$/).map((badge) => badge.textContent)).toEqual(['new', 'newer', 'unchanged', 'older']);

      await user.click(within(group).getByRole('checkbox', { name: 'Chen, Li' }));
      await user.click(within(dialog).getByRole('button', { name: 'Import 3 patients' }));
      expect(await within(dialog).findByText('1 created, 2 updated.')).toBeTruthy();
      expect((api.calls('POST', '/patients/import')[0]?.body as { patients: Patient[] }).patients.map((p) => p.id)).toEqual(['p-new', 'p-brown', 'p-chen']);
    });

    it('sends a large import in batches of 20', async () => {
      api.on('POST', '/patients/import', (request) => ({ created: (request.body as { patients: Patient[] }).patients.length, updated: 0 }));
      const { user } = await openPanel();
      const many = Array.from({ length: 45 }, (_, i) => whole(summary(`bulk-${i}`, { lastname: `Bulk ${i}` })));
      const dialog = await chooseFile(user, exportFile(many));
      await user.click(await within(dialog).findByRole('button', { name: 'Import 45 patients' }));
      expect(await within(dialog).findByText('45 created, 0 updated.')).toBeTruthy();
      expect(api.calls('POST', '/patients/import').map((call) => (call.body as { patients: Patient[] }).patients.length)).toEqual([20, 20, 5]);
    });

    it('refuses a bad file with a clear message and sends nothing', async () => {
      const { user } = await openPanel();
      const dialog = await chooseFile(user, new File(['{"format":"something-else"}'], 'other.json', { type: 'application/json' }));
      expect(await within(dialog).findByText('This file is not a Chartside panel export.')).toBeTruthy();
      expect(within(dialog).queryByRole('group', { name: 'Patients in the file' })).toBeNull();

      await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['not json'], 'broken.json', { type: 'application/json' }));
      expect(await within(dialog).findByText('This file is not a Chartside panel export: it is not valid JSON.')).toBeTruthy();
      expect(api.calls('POST', '/patients/import')).toHaveLength(0);
    });

    it('downloads the export as chartside-panel-<date>.json', async () => {
      api.on('GET', '/patients/export', { format: PANEL_EXPORT_FORMAT, version: PANEL_EXPORT_VERSION, exportedAt: iso(0), patients: patients.map(whole) });
      const blobs: Blob[] = [];
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:panel'), revokeObjectURL: () => undefined }));
      const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        expect(this.download).toMatch(/^chartside-panel-\d{4}-\d{2}-\d{2}\.json$/);
      });
      const { user } = await openPanel();
      await openMenuItem(user, 'Import/Export');
      await user.click(within(await screen.findByRole('dialog', { name: 'Import/Export' })).getByRole('button', { name: 'Export panel' }));
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      const saved = JSON.parse(await blobs[0]!.text()) as { format: string; patients: Patient[] };
      expect(saved.format).toBe(PANEL_EXPORT_FORMAT);
      expect(saved.patients.map((p) => p.id)).toEqual(['p-okafor', 'p-brown', 'p-chen']);
    });
  });
});
