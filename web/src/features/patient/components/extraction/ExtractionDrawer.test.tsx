// The Content Extraction drawer on a real draft and the FakeApi: Regex runs in the browser on realistic assessment-and-
// plan text, results are edited, moved and removed, Prepend and Append add them to the assessment's problems, the model
// modes call POST /extraction and show its message when no model is configured, and a bad assessment structure shows
// the 'Error Adding Problems' toast.
import { NO_PROBLEMS_FOUND, modelNotConfiguredMessages, type AssessmentData } from '@chartside/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi, type FakeApiState } from '../../../../test/fake-api';
import { patientRecord } from '../../../../test/fixtures';
import { renderPatientPart } from '../../../../test/render-patient-part';
import { installSignedInBrowser } from '../../../../test/signed-in-browser';
import { ExtractionDrawer } from './ExtractionDrawer';
import { pressDragKey } from '../../../../test/keyboard-drag';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

Element.prototype.scrollIntoView ??= () => undefined;

const note = `68F with HFrEF (EF 25%) admitted with dyspnea.

Assessment and plan:
#1 Acute on chronic HFrEF exacerbation
Volume overloaded on exam, BNP 1450.
- IV furosemide 40 mg BID, goal net -1 L/day
- Daily weights, strict I/O
#2 Hypokalemia
- Replete K to goal > 4, Mg > 2
#3 T2DM
- Hold metformin while inpatient
- Lispro sliding scale, A1c in AM`;

const existing = { id: 'a-1', problem: 'CKD stage 3', assessment: 'Cr at baseline 1.4', plan: '- Renally dose meds' };

let api: FakeApi & { state: FakeApiState };

beforeEach(() => {
  api = installSignedInBrowser();
});
afterEach(() => vi.restoreAllMocks());

const openDrawer = async (fields = { assessment: { deltaString: '', data: { problems: [existing] } } }) => {
  const view = renderPatientPart(<ExtractionDrawer opened onClose={vi.fn()} />, patientRecord({ fields }));
  const drawer = await screen.findByRole('dialog', { name: 'Content Extraction' });
  return { ...view, drawer, user: userEvent.setup() };
};

const problemNames = (drawer: HTMLElement) =>
  within(drawer)
    .queryAllByRole('textbox', { name: /^Problem \d+$/ })
    .map((input) => (input as HTMLInputElement).value);

const assessmentProblems = (draft: ReturnType<typeof renderPatientPart>['draft']) => (draft().fields.assessment?.data as AssessmentData).problems;

describe('ExtractionDrawer', () => {
  it('runs Regex by default and lists each problem with its assessment and plan', async () => {
    const { drawer, user } = await openDrawer();
    expect(within(drawer).getByRole('combobox', { name: 'Mode' })).toHaveProperty('value', 'Regex');
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    expect(problemNames(drawer)).toEqual(['Acute on chronic HFrEF exacerbation', 'Hypokalemia', 'T2DM']);
    expect(within(drawer).getByRole('textbox', { name: 'Assessment and plan 1' })).toHaveProperty(
      'value',
      'Volume overloaded on exam, BNP 1450.\n- IV furosemide 40 mg BID, goal net -1 L/day\n- Daily weights, strict I/O',
    );
    expect(api.calls('POST', '/extraction')).toHaveLength(0);
  });

  it.each([['{Control>}{Enter}{/Control}'], ['{Meta>}{Enter}{/Meta}']])('runs on %s in the text box', async (keys) => {
    const { drawer, user } = await openDrawer();
    const input = within(drawer).getByRole('textbox', { name: 'Text to extract from' });
    fireEvent.change(input, { target: { value: note } });
    input.focus();
    await user.keyboard(keys);
    expect(problemNames(drawer)).toHaveLength(3);
  });

  it('says when the text has no problem line', async () => {
    const { drawer, user } = await openDrawer();
    await user.type(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), 'Feeling better today, ambulating.');
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    expect(within(drawer).getByText(NO_PROBLEMS_FOUND)).toBeTruthy();
  });

  it('edits, removes and prepends the results to the assessment, before the problems already there', async () => {
    const { drawer, user, draft } = await openDrawer();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    const name = within(drawer).getByRole('textbox', { name: 'Problem 3' });
    await user.clear(name);
    await user.type(name, 'Type 2 diabetes');
    await user.click(within(drawer).getByRole('button', { name: 'Remove Hypokalemia' }));
    expect(problemNames(drawer)).toEqual(['Acute on chronic HFrEF exacerbation', 'Type 2 diabetes']);

    await user.click(within(drawer).getByRole('button', { name: 'Prepend' }));
    const problems = assessmentProblems(draft);
    expect(problems.map((p) => p.problem)).toEqual(['Acute on chronic HFrEF exacerbation', 'Type 2 diabetes', 'CKD stage 3']);
    expect(problems[0]).toMatchObject({ assessment: 'Volume overloaded on exam, BNP 1450.', plan: '- IV furosemide 40 mg BID, goal net -1 L/day\n- Daily weights, strict I/O' });
    expect(problems[1]).toMatchObject({ assessment: '', plan: '- Hold metformin while inpatient\n- Lispro sliding scale, A1c in AM' });
    expect(new Set(problems.map((p) => p.id)).size).toBe(3);
    expect(problemNames(drawer)).toEqual([]);
    expect(await screen.findByText('Added 2 problems to the assessment.')).toBeTruthy();
  });

  it('moves a result with the keyboard and appends them after the problems already there; an empty assessment gets the structure', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('li');
      const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
      const shift = Number(/translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(row?.style.transform ?? '')?.[1] ?? 0);
      return DOMRect.fromRect({ x: 0, y: index * 120 + shift, width: 400, height: 120 });
    });
    const { drawer, user, draft } = await openDrawer({} as never);
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    const handle = within(drawer).getByRole('button', { name: 'Move T2DM' });
    handle.focus();
    for (const [target, code] of [[handle, 'Space'], [document, 'ArrowUp'], [document, 'ArrowUp'], [document, 'Space']] as const) await pressDragKey(target, code);
    // dnd-kit settles the drop on an animation frame: on a loaded machine that is after the last key.
    await waitFor(() => expect(problemNames(drawer)).toEqual(['T2DM', 'Acute on chronic HFrEF exacerbation', 'Hypokalemia']));
    await user.click(within(drawer).getByRole('button', { name: 'Append' }));
    expect(assessmentProblems(draft).map((p) => p.problem)).toEqual(['T2DM', 'Acute on chronic HFrEF exacerbation', 'Hypokalemia']);
  });

  it("shows 'Error Adding Problems' with the message when the assessment's structure is invalid, and keeps the results", async () => {
    const { drawer, user, draft } = await openDrawer({ assessment: { deltaString: '', data: { problems: 'not a list' } } } as never);
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    await user.click(within(drawer).getByRole('button', { name: 'Append' }));
    const toast = (await screen.findByText('Error Adding Problems')).closest('.mantine-Notification-root') as HTMLElement;
    expect(within(toast).getByText('Assessment data structure is invalid')).toBeTruthy();
    expect(draft().fields.assessment?.data).toEqual({ problems: 'not a list' });
    expect(problemNames(drawer)).toHaveLength(3);
  });

  it('Enhanced asks the API and lists what the model found', async () => {
    api.on('POST', '/extraction', () => ({ problems: [{ problem: 'Sepsis', assessmentAndPlan: '- Vancomycin and cefepime' }] }));
    const { drawer, user } = await openDrawer();
    await user.click(within(drawer).getByRole('combobox', { name: 'Mode' }));
    await user.click(await screen.findByRole('option', { name: 'Enhanced', hidden: true }));
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    await waitFor(() => expect(problemNames(drawer)).toEqual(['Sepsis']));
    expect(api.calls('POST', '/extraction')[0]!.body).toEqual({ text: note, mode: 'vertex' });
  });

  it.each([
    ['Enhanced', 'vertex'],
    ['Local model', 'local'],
  ] as const)('%s says so clearly when no model is configured', async (label, mode) => {
    api.on('POST', '/extraction', () => apiError(503, 'model_not_configured', modelNotConfiguredMessages[mode]));
    const { drawer, user } = await openDrawer();
    await user.click(within(drawer).getByRole('combobox', { name: 'Mode' }));
    await user.click(await screen.findByRole('option', { name: label, hidden: true }));
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    expect(await within(drawer).findByText(modelNotConfiguredMessages[mode])).toBeTruthy();
    expect(api.calls('POST', '/extraction')[0]!.body).toEqual({ text: note, mode });
  });

  it.each([
    ['Enhanced', 'Invalid response structure from server', apiError(502, 'bad_gateway', 'The model answered something else.')],
    ['Local model', 'Invalid response structure from server', apiError(502, 'bad_gateway', 'The model answered something else.')],
    ['Local model', 'Ollama query failed: connection refused', apiError(503, 'unavailable', 'Ollama query failed: connection refused')],
    ['Local model', 'Ollama query failed: Something went wrong.', apiError(500, 'internal', 'Something went wrong.')],
    ['Enhanced', "You have used today's AI allowance.", apiError(429, 'rate_limited', "You have used today's AI allowance.")],
  ] as const)('%s: a failed run reads %j', async (label, message, answer) => {
    api.on('POST', '/extraction', () => answer.clone());
    const { drawer, user } = await openDrawer();
    await user.click(within(drawer).getByRole('combobox', { name: 'Mode' }));
    await user.click(await screen.findByRole('option', { name: label, hidden: true }));
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    expect(await within(drawer).findByText(message)).toBeTruthy();
  });

  it('marks a mode with no model as not set up, says what to set when it is chosen, and still offers Regex', async () => {
    const setUpHint = 'Set OLLAMA_URL to an Ollama server and restart Chartside.';
    api.on('GET', '/ai/status', () => ({ chat: true, transformer: true, extraction: { vertex: false, local: true }, setUpHint }));
    const { drawer, user } = await openDrawer();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Text to extract from' }), { target: { value: note } });
    await user.click(within(drawer).getByRole('combobox', { name: 'Mode' }));
    await user.click(await screen.findByRole('option', { name: 'Enhanced (not set up)', hidden: true }));
    expect(within(drawer).getByText('AI is not set up on this server.')).toBeTruthy();
    expect(within(drawer).getByText(`Enhanced extraction needs a model. ${setUpHint} Regex mode works without one.`)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Extract' })).toHaveProperty('disabled', true);
    await user.click(within(drawer).getByRole('combobox', { name: 'Mode' }));
    expect(await screen.findByRole('option', { name: 'Local model', hidden: true })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Regex', hidden: true }));
    expect(within(drawer).queryByText('AI is not set up on this server.')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Extract' })).toHaveProperty('disabled', false);
    expect(api.calls('POST', '/extraction')).toHaveLength(0);
  });

  // A model answer that is held until the test releases it.
  const slowModel = () => {
    let release: (problems: { problem: string; assessmentAndPlan: string }[]) => void = () => undefined;
    api.on('POST', '/extraction', () => new Promise((resolve) => (release = (problems) => resolve({ problems }))));
    return (problems: { problem: string; assessmentAndPlan: string }[]) => act(async () => release(problems));
  };

  const chooseMode = async (drawer: HTMLElement, user: ReturnType<typeof userEvent.setup>, label: string) => {
    await user.click(within(drawer).getByRole('combobox', { name: 'Mode' }));
    await user.click(await screen.findByRole('option', { name: label, hidden: true }));
  };

  it('sends one model request while one is pending, whatever the shortcut is pressed', async () => {
    const answer = slowModel();
    const { drawer, user } = await openDrawer();
    await chooseMode(drawer, user, 'Enhanced');
    const input = within(drawer).getByRole('textbox', { name: 'Text to extract from' });
    fireEvent.change(input, { target: { value: note } });
    input.focus();
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(api.calls('POST', '/extraction')).toHaveLength(1);
    await answer([{ problem: 'Sepsis', assessmentAndPlan: '- Cultures' }]);
    await waitFor(() => expect(problemNames(drawer)).toEqual(['Sepsis']));
  });

  it('a slow model answer does not overwrite a later Regex run, nor come back after the results were added', async () => {
    const answer = slowModel();
    const { drawer, user, draft } = await openDrawer();
    await chooseMode(drawer, user, 'Enhanced');
    const input = within(drawer).getByRole('textbox', { name: 'Text to extract from' });
    fireEvent.change(input, { target: { value: note } });
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    await chooseMode(drawer, user, 'Regex');
    input.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(problemNames(drawer)).toEqual(['Acute on chronic HFrEF exacerbation', 'Hypokalemia', 'T2DM']);
    await answer([{ problem: 'Sepsis', assessmentAndPlan: '- Cultures' }]);
    expect(problemNames(drawer)).toEqual(['Acute on chronic HFrEF exacerbation', 'Hypokalemia', 'T2DM']);

    // Enhanced again, and the results already listed are appended before its answer lands.
    const late = slowModel();
    await chooseMode(drawer, user, 'Enhanced');
    await user.click(within(drawer).getByRole('button', { name: 'Extract' }));
    await user.click(within(drawer).getByRole('button', { name: 'Append' }));
    await late([{ problem: 'Sepsis', assessmentAndPlan: '- Cultures' }]);
    expect(problemNames(drawer)).toEqual([]);
    expect(assessmentProblems(draft).map((p) => p.problem)).toEqual(['CKD stage 3', 'Acute on chronic HFrEF exacerbation', 'Hypokalemia', 'T2DM']);
  });
});
