// The note sections in jsdom. The whole patient page (`/panel/{id}` through the real app, the FakeApi answering) shows
// the sections in order, a section with no value empty and editable, and saves what the sections change
// through the real autosave; the other actions run against a draft held by a small parent, as the autosave holds it,
// so each test reads the draft at once instead of waiting out the 2 s autosave.
import type { FieldValue, Patient, PatientFields, PatientSection } from '@chartside/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../app/query-client';
import { createPlatform } from '../../../../platform/platform-context';
import { storeSessionId, testConfig, userDocument } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { editingOverState } from '../../../../test/render-patient-part';
import { installSignedInBrowser } from '../../../../test/signed-in-browser';
import { PatientEditingContext } from '../../patient-editing';
import { PatientSections } from './PatientSections';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const T0 = '2026-11-20T08:00:00.000Z';
/** A body as the editor stores it: one paragraph per line. */
const rich = (...lines: string[]) => JSON.stringify(lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line, styles: {} }], children: [] })));
const plain = (value: FieldValue | undefined) => {
  const blocks = JSON.parse(value?.deltaString || '[]') as { content: { text: string }[] }[];
  return blocks.map((block) => block.content.map((part) => part.text).join('')).join('\n');
};

const patient = (fields: PatientFields['fields'], visibleFields: PatientSection[]): Patient => ({
  id: 'p1',
  lastname: 'Okafor',
  firstname: 'Adaeze',
  dob: '1956-03-14',
  mrn: '40012345',
  room: '10A',
  appointment: '',
  attending: 'Dr. Patel',
  primarydx: '',
  oneliner: '',
  notes: '',
  tags: [],
  tasks: [],
  visibleFields,
  fields,
  lastAccessed: T0,
  version: 3,
  lastSessionId: 'session-1',
  createdAt: T0,
  updatedAt: T0,
});

/** The draft the sections edit, kept where the test can read it. */
let stored: PatientFields;

function Harness({ initial }: { initial: Patient }) {
  const [draft, setDraft] = useState<PatientFields>(initial);
  useEffect(() => {
    stored = draft;
  }, [draft]);
  return (
    <PatientEditingContext value={editingOverState(initial, draft, setDraft)}>
      <PatientSections />
    </PatientEditingContext>
  );
}

/** The sections inside the app's providers (Mantine, notifications, queries, the platform), on a draft of `initial`. */
const renderSections = async (initial: Patient) => {
  const queryClient = createQueryClient();
  const platform = createPlatform(testConfig, queryClient, { clientId: 'tab-1', reload: vi.fn(), clearPersistedData: vi.fn(async () => undefined) });
  const router = createMemoryRouter([{ path: '/panel/:id', element: <Harness initial={initial} /> }], { initialEntries: ['/panel/p1'] });
  render(
    <AppProviders platform={platform} queryClient={queryClient} persister={null}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The editors are a lazy chunk: until they load, each shows its text in a busy placeholder.
  if (initial.visibleFields.length > 0) {
    await waitFor(() => expect(document.querySelector('[contenteditable="true"]')).not.toBeNull(), { timeout: 15_000 });
  }
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 15_000 });
};

const region = (name: string) => screen.getByRole('region', { name });
const inRegion = (name: string) => within(region(name));
const editorText = (name: string) => inRegion(name).getByRole('textbox', { name }).textContent;
/** The 'Undo' of the notification titled `title`. */
const undoOf = async (title: string) => within((await screen.findByText(title)).closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Undo' });

describe('PatientSections', () => {
  beforeAll(() => import('../../../../components/rich-text/BlockNoteRichText'), 60_000);
  let api: ReturnType<typeof installSignedInBrowser>;
  beforeEach(() => {
    api = installSignedInBrowser({ me: userDocument({ inpatient: true, attendings: ['Dr. Patel', 'Dr. Nguyen'] }) });
    storeSessionId('session-1');
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
    Element.prototype.scrollIntoView ??= () => undefined;
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the visible sections in the patient's order on the patient page, one with no value empty and editable", async () => {
    const okafor = patient({ events: { deltaString: rich('Transferred from ICU overnight') }, labs: { deltaString: '' }, assessment: { deltaString: rich('Improving.') } }, ['events', 'vitals', 'labs', 'assessment']);
    api.on('GET', '/patients/p1', okafor);
    renderApp('/panel/p1');
    const list = await screen.findByRole('list', { name: 'Note sections' }, { timeout: 15_000 });
    expect(within(list).getAllByRole('region').map((section) => section.getAttribute('data-section'))).toEqual(['events', 'vitals', 'labs', 'assessment']);
    expect(within(list).getAllByRole('button', { expanded: true }).map((title) => title.textContent)).toEqual(['Events', 'Vitals', 'Labs', 'Assessment & Plan']);
    // Each section carries its icon.
    for (const section of ['events', 'vitals', 'labs', 'assessment']) expect(screen.getByTestId(`section-icon-${section}`).querySelector('svg')).not.toBeNull();
    expect(inRegion('Vitals').getByRole('textbox', { name: 'Vitals' }).getAttribute('aria-readonly')).toBeNull();
    expect(screen.queryByText(/Field Value Error/)).toBeNull();
    expect(inRegion('Labs').getByRole('button', { name: 'Send to Lab Results' })).toBeTruthy();
    expect(inRegion('Events').queryByRole('button', { name: /^Send to/ })).toBeNull();
  });

  it('saves a forwarded problem list and a collapse through the real autosave of the patient page', async () => {
    let server = patient({ assessment: { deltaString: rich('#1 Sepsis from LLL pneumonia', '- Ceftriaxone day 3 of 5', '#2 AKI', '- Hold lisinopril') } }, ['assessment', 'events']);
    api.on('GET', '/patients/p1', () => server).on('PATCH', '/patients/{id}', (request) => {
      const { version, fields, ...top } = request.body as Partial<Patient> & { version: number };
      server = { ...server, ...top, fields: { ...server.fields, ...fields }, version: version + 1 };
      return { version: server.version, lastSessionId: server.lastSessionId, updatedAt: server.updatedAt };
    });
    const user = userEvent.setup();
    renderApp('/panel/p1');
    await user.click(await screen.findByRole('button', { name: 'Send to Problem List' }, { timeout: 15_000 }));
    await user.click(inRegion('Events').getByRole('button', { name: 'Events' }));
    await user.click(inRegion('Assessment & Plan').getByRole('button', { name: 'Assessment & Plan' }));
    await waitFor(
      () => {
        expect((server.fields.assessment?.data as { problems: { problem: string }[] } | undefined)?.problems.map((p) => p.problem)).toEqual(['Sepsis from LLL pneumonia', 'AKI']);
        expect(server.fields.assessment?.expanded).toBe(false);
        expect(server.fields.events).toEqual({ deltaString: '', expanded: false });
      },
      { timeout: 10_000 },
    );
    expect(api.calls('PATCH', '/patients/p1')[0]?.body).toMatchObject({ version: 3 });
  });

  // Typing into it is the browser test's (tests/e2e/new-patient.test.ts): jsdom has no layout for the editor.
  it('shows a section that has no value as an empty, expanded editor and stores nothing for it until it changes', async () => {
    await renderSections(patient({}, ['vitals']));
    const vitals = inRegion('Vitals').getByRole('textbox', { name: 'Vitals' });
    await waitFor(() => expect(vitals.getAttribute('contenteditable')).toBe('true'), { timeout: 10_000 });
    expect(vitals.textContent).toBe('');
    expect(inRegion('Vitals').getByRole('button', { name: 'Vitals' }).getAttribute('aria-expanded')).toBe('true');
    expect(stored.fields.vitals).toBeUndefined();
    expect(screen.queryByText(/Field Value Error/)).toBeNull();
    await userEvent.click(inRegion('Vitals').getByRole('button', { name: 'No updates/new information' }));
    expect(plain(stored.fields.vitals)).toBe('No updates/new information');
  });

  it("shows 'Field Value Error' with the stored text for a value that cannot be read, and starts it again after asking", async () => {
    const damaged = '{"deltaString":{"ops":[{"insert":"BP 128/76"}]}}';
    await renderSections(patient({ vitals: { deltaString: '', unreadable: damaged }, events: { deltaString: rich('Rapid response') } }, ['vitals', 'events']));
    expect(inRegion('Vitals').getByText('Field Value Error for vitals')).toBeTruthy();
    expect(inRegion('Vitals').getByText(damaged)).toBeTruthy();
    expect(inRegion('Vitals').queryByRole('textbox')).toBeNull();
    await userEvent.click(inRegion('Vitals').getByRole('button', { name: 'Start this section again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Vitals again?' });
    expect(stored.fields.vitals?.unreadable).toBe(damaged);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    expect(stored.fields.vitals).toEqual({ deltaString: '', expanded: true });
    await waitFor(() => expect(inRegion('Vitals').getByRole('textbox', { name: 'Vitals' }).getAttribute('contenteditable')).toBe('true'), { timeout: 10_000 });
    expect(screen.queryByText('Field Value Error for vitals')).toBeNull();
  });

  it('collapses and expands a section from its title, keeping the choice in the value', async () => {
    await renderSections(patient({ events: { deltaString: rich('Rapid response at 02:00 for hypotension') } }, ['events']));
    const title = inRegion('Events').getByRole('button', { name: 'Events' });
    await userEvent.click(title);
    expect(title.getAttribute('aria-expanded')).toBe('false');
    expect(stored.fields.events?.expanded).toBe(false);
    await userEvent.click(title);
    expect(title.getAttribute('aria-expanded')).toBe('true');
    expect(stored.fields.events?.expanded).toBe(true);
  });

  it('auto-formats, copies, marks no updates and clears, each replacing action with an Undo', async () => {
    const user = userEvent.setup();
    await renderSections(patient({ exam: { deltaString: rich('• Lungs: crackles R base   ', '', '', '• Ext: 2+ edema') } }, ['exam']));

    await user.click(inRegion('Exam').getByRole('button', { name: 'Auto-format' }));
    expect(plain(stored.fields.exam)).toBe('- Lungs: crackles R base\n- Ext: 2+ edema');
    await waitFor(() => expect(editorText('Exam')).toContain('- Lungs: crackles R base'));

    await user.click(inRegion('Exam').getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('- Lungs: crackles R base\n- Ext: 2+ edema');

    await user.click(inRegion('Exam').getByRole('button', { name: 'No updates/new information' }));
    expect(plain(stored.fields.exam)).toBe('No updates/new information');
    await waitFor(() => expect(editorText('Exam')).toBe('No updates/new information'));
    await user.click(await undoOf('Exam: marked as no updates'));
    expect(plain(stored.fields.exam)).toBe('- Lungs: crackles R base\n- Ext: 2+ edema');
    await waitFor(() => expect(editorText('Exam')).toContain('- Ext: 2+ edema'));

    await user.click(inRegion('Exam').getByRole('button', { name: 'Clear' }));
    expect(stored.fields.exam?.deltaString).toBe('');
    await user.click(await undoOf('Exam: cleared'));
    expect(plain(stored.fields.exam)).toBe('- Lungs: crackles R base\n- Ext: 2+ edema');
  });

  it('sends the assessment text to the problem list, edits and removes a problem (with Undo), and hides the free text', async () => {
    const user = userEvent.setup();
    const text = ['#1 Acute on chronic HFrEF', 'Diuresing well.', '- Furosemide 80 mg IV BID', '#2 AKI on CKD 3a', '- Trend Cr'];
    await renderSections(patient({ assessment: { deltaString: rich(...text) } }, ['assessment']));
    const assessment = inRegion('Assessment & Plan');
    expect(assessment.getByText(/No problems yet/)).toBeTruthy();

    await user.click(assessment.getByRole('button', { name: 'Send to Problem List' }));
    const problems = () => (stored.fields.assessment?.data as { problems: { problem: string; assessment: string; plan: string }[] }).problems;
    expect(problems().map(({ problem, assessment: a, plan: p }) => ({ problem, a, p }))).toEqual([
      { problem: 'Acute on chronic HFrEF', a: 'Diuresing well.', p: '- Furosemide 80 mg IV BID' },
      { problem: 'AKI on CKD 3a', a: '', p: '- Trend Cr' },
    ]);
    expect((assessment.getByRole('textbox', { name: 'Problem 1' }) as HTMLInputElement).value).toBe('Acute on chronic HFrEF');
    expect((assessment.getByRole('textbox', { name: 'Plan of problem 2' }) as HTMLTextAreaElement).value).toBe('- Trend Cr');
    expect(assessment.getByRole('button', { name: 'Move problem 2: AKI on CKD 3a' })).toBeTruthy();

    await user.type(assessment.getByRole('textbox', { name: 'Plan of problem 2' }), '\n- Renal US');
    expect(problems()[1]?.plan).toBe('- Trend Cr\n- Renal US');

    await user.click(assessment.getByRole('button', { name: 'Remove problem 1' }));
    expect(problems().map((p) => p.problem)).toEqual(['AKI on CKD 3a']);
    await user.click(await undoOf('Problem removed'));
    expect(problems().map((p) => p.problem)).toEqual(['Acute on chronic HFrEF', 'AKI on CKD 3a']);

    await user.click(assessment.getByRole('button', { name: 'Add problem' }));
    expect(problems()).toHaveLength(3);

    await user.click(assessment.getByRole('switch', { name: 'Show free text' }));
    expect(stored.fields.assessment?.showFreeText).toBe(false);
    expect(assessment.queryByRole('textbox', { name: 'Assessment & Plan' })).toBeNull();
  });

  it('sends lab lines to the results table, reminders to the checklist, codes to billing, and the statement to the attestation', async () => {
    const user = userEvent.setup();
    await renderSections(
      patient(
        {
          labs: { deltaString: rich('BMP this AM:', 'Na 134 L, K 3.1 L', 'Hgb 9.8 g/dL', 'Cr 1.4 (H)') },
          reminders: { deltaString: rich('- Call daughter re: goals of care', '[x] Consent signed') },
          billing: { deltaString: rich('Pneumonia J18.9', 'Sepsis A41.9', 'Subsequent visit 99232') },
          attending: { deltaString: rich('I saw and examined the patient and agree with the plan.') },
        },
        ['labs', 'reminders', 'billing', 'attending'],
      ),
    );

    await user.click(inRegion('Labs').getByRole('button', { name: 'Send to Lab Results' }));
    const table = inRegion('Labs').getByRole('table', { name: 'Lab results' });
    const value = (label: string) => (within(table).getByRole(label.startsWith('Flag') ? 'combobox' : 'textbox', { name: label }) as HTMLInputElement).value;
    expect([1, 2, 3, 4].map((n) => `${value(`Name of result ${n}`)} ${value(`Value of result ${n}`)} ${value(`Unit of result ${n}`)} ${value(`Flag of result ${n}`)}`.trim())).toEqual([
      'Na 134  L',
      'K 3.1  L',
      'Hgb 9.8 g/dL',
      'Cr 1.4  H',
    ]);
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Flag of result 3' }), 'L');
    expect((stored.fields.labs?.data as { results: { flag: string }[] }).results[2]?.flag).toBe('L');

    await user.click(inRegion('Reminders').getByRole('button', { name: 'Send to Reminders Checklist' }));
    expect((inRegion('Reminders').getByRole('textbox', { name: 'Reminder 1' }) as HTMLInputElement).value).toBe('Call daughter re: goals of care');
    expect((inRegion('Reminders').getByRole('checkbox', { name: 'Done: reminder 2' }) as HTMLInputElement).checked).toBe(true);
    await user.click(inRegion('Reminders').getByRole('checkbox', { name: 'Done: reminder 1' }));
    expect((stored.fields.reminders?.data as { items: { done: boolean }[] }).items.map((item) => item.done)).toEqual([true, true]);

    await user.click(inRegion('Billing').getByRole('button', { name: 'Send to Billing Codes' }));
    expect(stored.fields.billing?.data).toMatchObject({ emLevel: '99232', diagnoses: [{ code: 'J18.9', description: 'Pneumonia' }, { code: 'A41.9', description: 'Sepsis' }] });
    expect((inRegion('Billing').getByRole('textbox', { name: 'Code of diagnosis 2' }) as HTMLInputElement).value).toBe('A41.9');

    await user.click(inRegion('Attending').getByRole('button', { name: 'Send to Attestation' }));
    expect((inRegion('Attending').getByRole('textbox', { name: 'Attestation statement' }) as HTMLTextAreaElement).value).toBe('I saw and examined the patient and agree with the plan.');
    expect((inRegion('Attending').getByLabelText('Attesting attending') as HTMLInputElement).value).toBe('Dr. Patel');
  });

  it('shows what is typed into a problem exactly, and stored block JSON as its text', async () => {
    const user = userEvent.setup();
    const problem = { id: 'p1', problem: rich('Sepsis'), assessment: '', plan: '' };
    await renderSections(patient({ assessment: { deltaString: '', data: { problems: [problem, { ...problem, id: 'p2', problem: '' }] } } }, ['assessment']));
    const assessment = inRegion('Assessment & Plan');
    const input = (name: string) => assessment.getByRole('textbox', { name }) as HTMLInputElement;
    expect(input('Problem 1').value).toBe('Sepsis');
    // user-event reads '[[' as a typed '['.
    await user.type(input('Problem 2'), '"stable"');
    await user.type(input('Assessment of problem 1'), '[[1]');
    await user.type(input('Plan of problem 1'), ' [[]');
    await user.type(input('Assessment of problem 2'), '  leading space');
    expect(input('Problem 2').value).toBe('"stable"');
    expect(input('Assessment of problem 1').value).toBe('[1]');
    expect(input('Plan of problem 1').value).toBe(' []');
    expect(input('Assessment of problem 2').value).toBe('  leading space');
    const problems = (stored.fields.assessment?.data as { problems: { problem: string; assessment: string; plan: string }[] }).problems;
    expect(problems.map(({ problem: name, assessment: a, plan: p }) => [name, a, p])).toEqual([
      [rich('Sepsis'), '[1]', ' []'],
      ['"stable"', '  leading space', ''],
    ]);
  });

  it("offers an Undo when 'Send to Attestation' replaces a statement, and cannot undo once the statement was edited", async () => {
    const user = userEvent.setup();
    await renderSections(patient({ attending: { deltaString: rich('Agree with the plan.'), data: { attending: 'Dr. Nguyen', statement: 'Seen and examined.' } } }, ['attending']));
    const statement = () => inRegion('Attending').getByRole('textbox', { name: 'Attestation statement' }) as HTMLTextAreaElement;
    const notice = 'Attending: sent to the Attestation, replacing what was there';

    await user.click(inRegion('Attending').getByRole('button', { name: 'Send to Attestation' }));
    expect(statement().value).toBe('Agree with the plan.');
    await user.click(await undoOf(notice));
    expect(statement().value).toBe('Seen and examined.');
    expect(stored.fields.attending?.data).toEqual({ attending: 'Dr. Nguyen', statement: 'Seen and examined.' });
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull());

    await user.click(inRegion('Attending').getByRole('button', { name: 'Send to Attestation' }));
    await user.type(statement(), ' Discussed with family.');
    await user.click(await undoOf(notice));
    expect(await screen.findByText('It cannot be undone because the Attestation changed since.')).toBeTruthy();
    expect(statement().value).toBe('Agree with the plan. Discussed with family.');
  });

  it("starts the attesting attending as the patient's attending, and keeps it empty once emptied", async () => {
    const user = userEvent.setup();
    await renderSections(patient({ attending: { deltaString: '' } }, ['attending']));
    const attending = () => inRegion('Attending').getByLabelText('Attesting attending') as HTMLInputElement;
    expect(attending().value).toBe('Dr. Patel');
    await user.type(inRegion('Attending').getByRole('textbox', { name: 'Attestation statement' }), 'Agree.');
    expect(stored.fields.attending?.data).toEqual({ attending: 'Dr. Patel', statement: 'Agree.' });
    await user.clear(attending());
    await user.tab();
    expect(attending().value).toBe('');
    expect(stored.fields.attending?.data).toEqual({ attending: '', statement: 'Agree.' });
  });

  it('undoes only what an action changed: not a collapse or a problem list edit since, and not text changed since', async () => {
    const user = userEvent.setup();
    const problem = { id: 'p1', problem: 'Sepsis', assessment: '', plan: '' };
    await renderSections(patient({ assessment: { deltaString: rich('#1 Sepsis   ', '', '', '- Cultures'), data: { problems: [problem] } }, exam: { deltaString: rich('Lungs clear') } }, ['assessment', 'exam']));
    const assessment = inRegion('Assessment & Plan');

    await user.click(assessment.getByRole('button', { name: 'Auto-format' }));
    expect(plain(stored.fields.assessment)).toBe('#1 Sepsis\n- Cultures');
    await user.click(assessment.getByRole('button', { name: 'Add problem' }));
    await user.click(assessment.getByRole('button', { name: 'Assessment & Plan' }));
    await user.click(await undoOf('Assessment & Plan: formatted'));
    expect(plain(stored.fields.assessment)).toBe('#1 Sepsis   \n\n\n- Cultures');
    expect((stored.fields.assessment?.data as { problems: unknown[] }).problems).toHaveLength(2);
    expect(stored.fields.assessment?.expanded).toBe(false);

    await user.click(inRegion('Exam').getByRole('button', { name: 'No updates/new information' }));
    await user.click(inRegion('Exam').getByRole('button', { name: 'Clear' }));
    await user.click(await undoOf('Exam: marked as no updates'));
    expect(await screen.findByText('It cannot be undone because the text changed since.')).toBeTruthy();
    expect(stored.fields.exam?.deltaString).toBe('');
  });

  it('keeps keys of special data it does not know when the component edits it', async () => {
    const user = userEvent.setup();
    const labs = { results: [{ id: 'r1', name: 'K', value: '3.1', unit: '', flag: '' }], panel: 'BMP' };
    await renderSections(patient({ labs: { deltaString: '', data: labs } }, ['labs']));
    await user.selectOptions(inRegion('Labs').getByRole('combobox', { name: 'Flag of result 1' }), 'L');
    expect(stored.fields.labs?.data).toEqual({ results: [{ ...labs.results[0], flag: 'L' }], panel: 'BMP' });
  });

  it('says when forwarding finds nothing, and shows unreadable stored data as free text only, changing nothing', async () => {
    const user = userEvent.setup();
    const broken = { problems: 'not a list' };
    await renderSections(patient({ assessment: { deltaString: rich('#1 Sepsis', '- Cultures'), data: broken, showFreeText: false }, labs: { deltaString: rich('Labs pending') } }, ['assessment', 'labs']));
    expect(inRegion('Assessment & Plan').getByText('The stored Problem List could not be read')).toBeTruthy();
    // The free text shows even though showFreeText is off: it is all that can be read.
    expect(editorText('Assessment & Plan')).toContain('#1 Sepsis');
    await user.click(inRegion('Assessment & Plan').getByRole('button', { name: 'Send to Problem List' }));
    await screen.findByText('The stored Problem List could not be read, so nothing was added to it.');
    expect(stored.fields.assessment?.data).toBe(broken);

    await user.click(inRegion('Labs').getByRole('button', { name: 'Send to Lab Results' }));
    await screen.findByText('Nothing in the text could be added to the Lab Results.');
    expect(stored.fields.labs?.data).toBeUndefined();
    await act(async () => undefined);
  });
});
