// Case Chat in jsdom on the real app with a fake API: the picker (cases first, found by name, an empty library sent to
// the library), a chat about the picked resource started with its id and kept in the URL, the resource's earlier chats
// listed to go on with, a chat of the URL that is gone, and the 'not set up' state. Streaming replies are the browser
// test's (tests/e2e/ai-tools.test.ts).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { fakeMatchMedia } from '../../../test/match-media';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { aiMissing, chatMessage, chatSession, serveChats, type ChatStore } from '../../chat/chat-fixtures';
import { resourceFixture, serveResources } from '../../resources/resource-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
let chats: ChatStore;

const library = [
  resourceFixture({ id: 'g-1', name: 'Sepsis bundle', type: 'guide' }),
  resourceFixture({ id: 'c-1', name: 'Septic shock, 64M', type: 'case', tags: ['ICU'] }),
  resourceFixture({ id: 'c-2', name: 'Chest pain, 52F', type: 'case' }),
];

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
  vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === '(min-width: 62em)'));
  api = installSignedInBrowser();
  storeSessionId();
  serveResources(api, library);
  chats = serveChats(api);
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const open = async (path = '/tools/casechat') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Case Chat' }, { timeout: 10_000 });
  return { ...view, user: userEvent.setup() };
};
/** A chain of answers (the resources, the chats, a chat made, the chat chunk) under a loaded machine. */
const slow = { timeout: 5_000 };
const linksIn = (section: string) => within(screen.getByRole('region', { name: section })).getAllByRole('link').map((link) => link.textContent);
const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('Case Chat', () => {
  it('offers the cases first, then the other resources, and finds them by name or tag', async () => {
    const { user } = await open();
    await screen.findByRole('region', { name: 'Cases' }, slow);
    expect(linksIn('Cases')).toEqual([expect.stringContaining('Septic shock, 64M'), expect.stringContaining('Chest pain, 52F')]);
    expect(linksIn('Other resources')).toEqual([expect.stringContaining('Sepsis bundle')]);
    await user.type(screen.getByRole('searchbox', { name: 'Find a resource' }), 'icu');
    expect(linksIn('Cases')).toEqual([expect.stringContaining('Septic shock, 64M')]);
    expect(within(screen.getByRole('region', { name: 'Other resources' })).getByText('No other resource matches.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Tools' }).getAttribute('href')).toBe('/tools');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('starts a chat about the picked case, kept in the URL, and sends the message into it', async () => {
    const { user, router } = await open();
    await user.click(await screen.findByRole('link', { name: /Septic shock, 64M/ }, slow));
    await screen.findByText('Chat will appear here', {}, slow);
    expect(api.calls('POST', '/chats')[0]?.body).toMatchObject({ resourceId: 'c-1' });
    const chatId = (api.calls('POST', '/chats')[0]?.body as { id: string }).id;
    expect(search(router)).toEqual({ resource: 'c-1', chat: chatId });
    expect(screen.getByText('Septic shock, 64M')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Next step?{Enter}');
    await waitFor(() => expect(api.calls('POST', `/chats/${chatId}/messages`)).toHaveLength(1), slow);
  });

  it("opens the case's latest chat, lists its chats (not others) and goes on with an older one", async () => {
    chats.put(chatSession({ id: 'old', title: 'Vasopressors', resourceId: 'c-1', lastUpdate: '2025-03-01T08:00:00.000Z', messages: [chatMessage({ parts: [{ type: 'text', text: 'Which pressor?' }] })], messageCount: 1 }));
    chats.put(chatSession({ id: 'new', title: 'Fluids', resourceId: 'c-1', lastUpdate: '2025-03-02T08:00:00.000Z', messages: [chatMessage({ parts: [{ type: 'text', text: 'How much fluid?' }] })], messageCount: 1 }));
    chats.put(chatSession({ id: 'other', title: 'Troponin', resourceId: 'c-2' }));
    const { user, router } = await open('/tools/casechat?resource=c-1');
    expect(await screen.findByText('How much fluid?', {}, slow)).toBeTruthy();
    expect(search(router)).toEqual({ resource: 'c-1', chat: 'new' });
    const list = screen.getByRole('navigation', { name: 'Chats' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([expect.stringContaining('Fluids'), expect.stringContaining('Vasopressors')]), slow);
    await user.click(within(list).getByRole('link', { name: /Vasopressors/ }));
    expect(await screen.findByText('Which pressor?', {}, slow)).toBeTruthy();
    expect(search(router)).toEqual({ resource: 'c-1', chat: 'old' });
    expect(api.calls('POST', '/chats')).toHaveLength(0);
  });

  it('says so when the chat of the URL is gone, and opens another about the case', async () => {
    await open('/tools/casechat?resource=c-1&chat=gone');
    expect(await screen.findByText('That chat does not exist, or it was deleted.', {}, slow)).toBeTruthy();
    await screen.findByText('Chat will appear here', {}, slow);
    expect(api.calls('POST', '/chats')[0]?.body).toMatchObject({ resourceId: 'c-1' });
  });

  it('goes back to the picker, saying why, when the resource of the URL is not in the library', async () => {
    await open('/tools/casechat?resource=deleted-1');
    expect(await screen.findByText('That resource is not in your library any more. Pick another one.', {}, slow)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Cases' }, slow)).toBeTruthy();
    expect(api.calls('POST', '/chats')).toHaveLength(0);
  });

  it('sends a user with an empty library to the library to add a case', async () => {
    serveResources(api, []);
    await open();
    expect(await screen.findByRole('heading', { name: 'Your library has no resources yet' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a case in your library' }).getAttribute('href')).toBe('/resources');
  });

  it('says AI is not set up and what to set, and nothing can be sent', async () => {
    chats.status.current = aiMissing;
    const { user } = await open();
    expect(await screen.findByText('Set OLLAMA_URL to an Ollama server and restart Chartside.', {}, slow)).toBeTruthy();
    await user.click(await screen.findByRole('link', { name: /Chest pain, 52F/ }, slow));
    const message = await screen.findByRole('textbox', { name: 'Message' }, slow);
    await user.type(message, 'Anyone?');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(screen.getAllByText('AI is not set up on this server.').length).toBeGreaterThan(0);
  });
});
