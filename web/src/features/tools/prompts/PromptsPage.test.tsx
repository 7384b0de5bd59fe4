// The prompts page in jsdom on the real app, a fake API: a brand-new user's explanation, the list favourites first,
// a favourite saved with the document's version, a refused save shown with the server's reason (the prompts go back),
// and without a model the page says so and offers no 'Use in chat' while the prompts stay manageable. Typing into the
// rich text and the chat are the browser test's (tests/e2e/prompts.test.ts).
import { plainTextDeltaString, type AiStatus, type Prompt, type UserDocument } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId, userDocument } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const prompt = (id: string, name: string, text: string): Prompt => ({ id, name, deltaText: plainTextDeltaString(text) });
const saved = [prompt('p1', 'Discharge summary', 'Write a discharge summary.'), prompt('p2', 'Differential', 'List a differential.')];
const withModel: AiStatus = { chat: true, transformer: true, extraction: { vertex: true, local: true }, setUpHint: '' };
const noModel: AiStatus = { chat: false, transformer: false, extraction: { vertex: false, local: false }, setUpHint: 'Set OLLAMA_URL to an Ollama server and restart Chartside.' };

let api: FakeApi & { state: { me: UserDocument } };

const serve = (me: UserDocument, status: AiStatus) => {
  api = installSignedInBrowser({ me });
  api.on('GET', '/ai/status', () => status).on('PATCH', '/me', (request) => {
    const { version, ...changes } = request.body as Partial<UserDocument> & { version: number };
    api.state.me = { ...api.state.me, ...changes, version: version + 1 };
    return api.state.me;
  });
};

const open = async () => {
  renderApp('/tools/prompts');
  await screen.findByRole('heading', { level: 1, name: 'Prompts' }, { timeout: 10_000 });
  return userEvent.setup();
};
const rows = async () => within(await screen.findByRole('list', { name: 'Saved prompts' })).getAllByRole('listitem');
const names = async () => (await rows()).map((row) => within(row).getAllByRole('button')[0]!.getAttribute('aria-label'));

beforeEach(() => storeSessionId());
afterEach(() => {
  FakeWebSocket.instances = [];
});

describe('PromptsPage', () => {
  it('tells a brand-new user what prompts are and how to use them', async () => {
    serve(userDocument(), withModel);
    await open();
    expect(await screen.findByRole('heading', { name: 'No saved prompts yet' })).toBeTruthy();
    expect(screen.getByText(/Use in chat starts a chat with the prompt in the message/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New prompt' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('lists favourites first and saves a favourite with the version it was based on', async () => {
    serve(userDocument({ prompts: saved, favoritePrompts: [], version: 4 }), withModel);
    const user = await open();
    expect(await names()).toEqual(['Favourite: Differential', 'Favourite: Discharge summary']);
    await user.click(screen.getByRole('button', { name: 'Favourite: Discharge summary' }));
    expect(await names()).toEqual(['Favourite: Discharge summary', 'Favourite: Differential']);
    expect(screen.getByRole('button', { name: 'Favourite: Discharge summary' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(api.calls('PATCH', '/me')[0]?.body).toEqual({ version: 4, prompts: saved, favoritePrompts: ['p1'] }));
  });

  it("says why a save was refused, and shows the prompts as they are stored", async () => {
    serve(userDocument({ prompts: saved }), withModel);
    const reason = 'Your settings, templates and lists would take 301 KB; at most 300 KB fit. Remove some templates or prompts first.';
    api.on('PATCH', '/me', apiError(413, 'payload_too_large', reason));
    const user = await open();
    await user.click(within((await rows())[1]!).getByRole('button', { name: 'Delete Discharge summary' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Delete the prompt 'Discharge summary'?" })).getByRole('button', { name: 'Delete prompt' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByText('The prompt was not deleted')).toBeTruthy();
    await waitFor(async () => expect(await names()).toEqual(['Favourite: Differential', 'Favourite: Discharge summary']));
  });

  it('says AI is not set up, as the chat does, and offers no Use in chat; prompts are still managed', async () => {
    serve(userDocument({ prompts: saved }), noModel);
    const user = await open();
    expect(await screen.findByText('AI is not set up on this server.')).toBeTruthy();
    expect(screen.getByText('Set OLLAMA_URL to an Ollama server and restart Chartside.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use in chat: Differential' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Favourite: Differential' }));
    await waitFor(() => expect(api.calls('PATCH', '/me')[0]?.body).toMatchObject({ favoritePrompts: ['p2'] }));
  });

  it('will not save a prompt with neither a name nor text', async () => {
    serve(userDocument(), withModel);
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'New prompt' }));
    await user.click(within(screen.getByRole('form', { name: 'New prompt' })).getByRole('button', { name: 'Save prompt' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the prompt a name or some text.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Sign-out summary  ');
    await user.click(screen.getByRole('button', { name: 'Save prompt' }));
    await waitFor(() => expect(api.calls('PATCH', '/me')[0]?.body).toMatchObject({ prompts: [{ name: 'Sign-out summary', deltaText: '' }] }));
    expect(await names()).toEqual(['Favourite: Sign-out summary']);
  });
});
