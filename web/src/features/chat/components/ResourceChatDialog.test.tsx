// The chat of the resource screen: a floating button opens it on a phone, docked and minimized on a wide screen; its
// chat is made with the resource's id (or the latest chat about the resource is picked up), and Export to Text Field
// can put a reply into the resource itself, saved through the resource's autosave.
import { sectionPlainText, type ResourcePatch } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { fakeMatchMedia } from '../../../test/match-media';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { resourceFixture, serveResources } from '../../resources/resource-fixtures';
import { chatMessage, chatSession, modelMessage, serveChats, type ChatStore } from '../chat-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
let chats: ChatStore;

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
  api = installSignedInBrowser();
  storeSessionId();
  serveResources(api, [resourceFixture()]);
  chats = serveChats(api);
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const openResource = async () => {
  renderApp('/resources/r-1');
  await screen.findByRole('heading', { level: 1, name: 'Sepsis bundle' }, { timeout: 10_000 });
  return userEvent.setup();
};

const chatDialog = () => screen.getByRole('complementary', { name: 'Chat about this resource' });
/** The dialog comes with the chat chunk: the first time, it is waited for. */
const shownDialog = () => screen.findByRole('complementary', { name: 'Chat about this resource' }, { timeout: 5_000 });

describe('the chat of a resource', () => {
  it('opens from the floating button on a phone, with a chat made for the resource, and minimizes and closes', async () => {
    const user = await openResource();
    expect(api.calls('POST', '/chats')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Chat about this resource' }));
    expect(await within(await shownDialog()).findByText('Chat will appear here')).toBeTruthy();
    expect(api.calls('POST', '/chats')[0]?.body).toMatchObject({ resourceId: 'r-1' });
    await user.click(within(chatDialog()).getByRole('button', { name: 'Minimize the chat' }));
    expect(within(chatDialog()).queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(within(chatDialog()).getByRole('button', { name: 'Open the chat' }));
    expect(within(chatDialog()).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    await user.click(within(chatDialog()).getByRole('button', { name: 'Close the chat' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Chat about this resource' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Chat about this resource' })).toBeTruthy();
  });

  it('waits minimized on a wide screen, and picks up the latest chat about the resource when opened', async () => {
    vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === '(min-width: 48em)'));
    chats.put(chatSession({ id: 'c-r', resourceId: 'r-1', messages: [chatMessage({ parts: [{ type: 'text', text: 'Bundle timing?' }] })], messageCount: 1 }));
    const user = await openResource();
    expect(within(await shownDialog()).queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(within(chatDialog()).getByRole('button', { name: 'Open the chat' }));
    expect(await within(chatDialog()).findByText('Bundle timing?')).toBeTruthy();
    expect(api.calls('POST', '/chats')).toHaveLength(0);
  });

  it('exports a reply into a new section of the resource', async () => {
    chats.put(chatSession({ id: 'c-r', resourceId: 'r-1', messages: [chatMessage(), modelMessage('<p>Start within 1 hour.</p>')], messageCount: 2 }));
    const user = await openResource();
    await user.click(screen.getByRole('button', { name: 'Chat about this resource' }));
    const reply = await within(await shownDialog()).findByRole('article', { name: 'Assistant' });
    await user.click(within(reply).getByRole('button', { name: 'Export to Text Field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to Text Field' });
    expect(within(dialog).getByRole('radio', { name: 'This resource' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported to From AI chat')).toBeTruthy();
    await waitFor(() => expect(api.calls('PATCH', '/resources/r-1')).toHaveLength(1));
    const { textSections } = api.calls('PATCH', '/resources/r-1')[0]?.body as ResourcePatch;
    expect(textSections?.map((section) => [section.title, sectionPlainText(section.deltaString)])).toEqual([['From AI chat', 'Start within 1 hour.']]);
  });
});
