// The Note Templates dialog on a real draft and the FakeApi: template buttons show a template on the patient, the
// columns edit a selection (search, click, keyboard drag), and templates are added, saved and deleted in the user
// document with its version.
import { UserDocumentPatch, sectionTitle, type UserDocument } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi, FakeApiState } from '../../../../test/fake-api';
import { userDocument } from '../../../../test/fixtures';
import { patientRecord } from '../../../../test/fixtures';
import { renderPatientPart } from '../../../../test/render-patient-part';
import { installSignedInBrowser } from '../../../../test/signed-in-browser';
import { NoteTemplatesDialog } from './NoteTemplatesDialog';
import { pressDragKey } from '../../../../test/keyboard-drag';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

// jsdom has no layout: Mantine's select scrolls its highlighted option into view.
Element.prototype.scrollIntoView ??= () => undefined;

const rounds = { label: 'ICU Rounds', value: ['vitals', 'infusions', 'airway', 'assessment'] };
const clinic = { label: 'Clinic', value: ['cc', 'hpi', 'assessment'] };

let api: FakeApi & { state: FakeApiState };

beforeEach(() => {
  api = installSignedInBrowser({ me: userDocument({ noteTemplate: [rounds, clinic] }) });
  api.on('PATCH', '/me', (request) => {
    const { version, ...change } = request.body as { version: number };
    api.state.me = { ...api.state.me, ...change, version: version + 1 } as UserDocument;
    return api.state.me;
  });
});
afterEach(() => vi.restoreAllMocks());

const openDialog = async (onClose = vi.fn()) => {
  const view = renderPatientPart(<NoteTemplatesDialog opened onClose={onClose} />, patientRecord({ visibleFields: ['subjective', 'vitals', 'assessment'] }));
  const dialog = await screen.findByRole('dialog', { name: 'Note Templates' });
  await within(dialog).findByRole('button', { name: 'ICU Rounds' });
  return { ...view, dialog, onClose };
};

const selectedTitles = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Selected Fields' }))
    .getAllByRole('button', { name: /^Remove / })
    .map((button) => button.textContent);

describe('NoteTemplatesDialog', () => {
  it("has a button per saved template plus 'Current View', and the three columns", async () => {
    const { dialog } = await openDialog();
    const choices = within(within(dialog).getByRole('group', { name: 'Show a template' })).getAllByRole('button');
    expect(choices.map((button) => button.textContent)).toEqual(['Current View', 'ICU Rounds', 'Clinic']);
    for (const column of ['Available Fields', 'Selected Fields', 'Templates']) expect(within(dialog).getByRole('heading', { name: column })).toBeTruthy();
    expect(selectedTitles(dialog)).toEqual(['Subjective', 'Vitals', sectionTitle('assessment')]);
  });

  it('a template button sets the patient’s visible fields; Current View sets them back', async () => {
    const user = userEvent.setup();
    const { dialog, draft } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'ICU Rounds' }));
    expect(draft().visibleFields).toEqual(['vitals', 'infusions', 'airway', 'assessment']);
    expect(selectedTitles(dialog)).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Current View' }));
    expect(draft().visibleFields).toEqual(['vitals', 'infusions', 'airway', 'assessment']);
  });

  it("filters Available Fields with 'Search Name', adds by click, removes by click, and Apply Selection shows it", async () => {
    const user = userEvent.setup();
    const { dialog, draft } = await openDialog();
    const available = within(dialog).getByRole('list', { name: 'Available Fields' });
    expect(within(available).queryByRole('button', { name: 'Add Vitals' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search Name' }), 'lab');
    expect(within(available).getAllByRole('button').map((b) => b.textContent)).toEqual([sectionTitle('labs')]);
    await user.click(within(available).getByRole('button', { name: `Add ${sectionTitle('labs')}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Subjective' }));
    expect(draft().visibleFields).toEqual(['subjective', 'vitals', 'assessment']);
    await user.click(within(dialog).getByRole('button', { name: 'Apply Selection' }));
    expect(draft().visibleFields).toEqual(['vitals', 'assessment', 'labs']);
  });

  it('reorders Selected Fields with the keyboard', async () => {
    // jsdom lays nothing out; dnd-kit's keyboard sensor needs boxes: each row gets 40 px by its place in the list.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('li');
      const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
      const shift = Number(/translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(row?.style.transform ?? '')?.[1] ?? 0);
      return DOMRect.fromRect({ x: 0, y: index * 40 + shift, width: 240, height: 40 });
    });
    const user = userEvent.setup();
    const { dialog, draft } = await openDialog();
    const handle = within(dialog).getByRole('button', { name: `Move ${sectionTitle('assessment')}` });
    handle.focus();
    await pressDragKey(handle, 'Space');
    await pressDragKey(document, 'ArrowUp');
    await pressDragKey(document, 'Space');
    expect(selectedTitles(dialog)).toEqual(['Subjective', sectionTitle('assessment'), 'Vitals']);
    await user.click(within(dialog).getByRole('button', { name: 'Apply Selection' }));
    expect(draft().visibleFields).toEqual(['subjective', 'assessment', 'vitals']);
  });

  it("adds a new template from the selection; 'Add New Template' is disabled while the name is empty and a taken name says why", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    const add = within(dialog).getByRole('button', { name: 'Add New Template' });
    expect(add).toHaveProperty('disabled', true);
    const name = within(dialog).getByRole('textbox', { name: 'New Template Name' });
    await user.type(name, 'clinic');
    expect(within(dialog).getByText("A template named 'clinic' already exists.")).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
    await user.clear(name);
    await user.type(name, '  Progress Note ');
    expect(add).toHaveProperty('disabled', false);
    await user.click(add);
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(1));
    expect(api.calls('PATCH', '/me')[0]!.body).toEqual({
      version: 1,
      noteTemplate: [rounds, clinic, { label: 'Progress Note', value: ['subjective', 'vitals', 'assessment'] }],
    });
    expect(await within(dialog).findByRole('button', { name: 'Progress Note' })).toBeTruthy();
  });

  it('loads a template to edit, saves the selection into it, and deletes it', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Clinic', hidden: true }));
    expect(selectedTitles(dialog)).toEqual([sectionTitle('cc'), sectionTitle('hpi'), sectionTitle('assessment')]);
    await user.click(within(dialog).getByRole('button', { name: `Remove ${sectionTitle('cc')}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(1));
    expect(api.calls('PATCH', '/me')[0]!.body).toMatchObject({ noteTemplate: [rounds, { label: 'Clinic', value: ['hpi', 'assessment'] }] });

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(2));
    expect(api.calls('PATCH', '/me')[1]!.body).toEqual({ version: 2, noteTemplate: [rounds] });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Clinic' })).toBeNull());
  });

  it('applies a change again to the latest templates when another device changed them meanwhile', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    // Another device added a template: the server's version moved on.
    api.state.me = { ...api.state.me, version: 5, noteTemplate: [rounds, clinic, { label: 'Night', value: ['events'] }] };
    api.on('PATCH', '/me', (request) => {
      const { version, ...change } = request.body as { version: number };
      if (version !== api.state.me.version) return new Response(JSON.stringify({ error: { code: 'version_conflict', message: 'changed' } }), { status: 409 });
      api.state.me = { ...api.state.me, ...change, version: version + 1 } as UserDocument;
      return api.state.me;
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'New Template Name' }), 'Day');
    await user.click(within(dialog).getByRole('button', { name: 'Add New Template' }));
    await waitFor(() => expect(api.state.me.version).toBe(6));
    expect(api.state.me.noteTemplate.map((t) => t.label)).toEqual(['ICU Rounds', 'Clinic', 'Night', 'Day']);
  });

  it('shows templates and fields stored twice once each, and saves the templates without the repeat', async () => {
    api.state.me = { ...api.state.me, noteTemplate: [rounds, clinic, { label: 'Clinic', value: ['hpi'] }, rounds] };
    const user = userEvent.setup();
    renderPatientPart(<NoteTemplatesDialog opened onClose={vi.fn()} />, patientRecord({ visibleFields: ['subjective', 'vitals', 'subjective', 'assessment'] }));
    const dialog = await screen.findByRole('dialog', { name: 'Note Templates' });
    await within(dialog).findByRole('button', { name: 'ICU Rounds' });
    const choices = within(within(dialog).getByRole('group', { name: 'Show a template' })).getAllByRole('button');
    expect(choices.map((button) => button.textContent)).toEqual(['Current View', 'ICU Rounds', 'Clinic']);
    expect(selectedTitles(dialog)).toEqual([sectionTitle('subjective'), sectionTitle('vitals'), sectionTitle('assessment')]);

    // Mantine refuses a dropdown with repeated options: opening it must list each template once.
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['ICU Rounds', 'Clinic']);
    await user.click(options[1]!);

    await user.type(within(dialog).getByRole('textbox', { name: 'New Template Name' }), 'Night');
    await user.click(within(dialog).getByRole('button', { name: 'Add New Template' }));
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(1));
    const body = api.calls('PATCH', '/me')[0]!.body;
    expect(UserDocumentPatch.safeParse(body).success).toBe(true);
    expect(body).toEqual({ version: 1, noteTemplate: [rounds, clinic, { label: 'Night', value: ['cc', 'hpi', 'assessment'] }] });
  });

  it('Close calls onClose', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
