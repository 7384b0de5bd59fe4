// The chat page on the real app, a fake API (features/chat/chat-fixtures.ts) and a fake WebSocket: starting and loading
// chats, sending (and what disables Send), a reply streaming in from realtime pieces, failures, attachments, the
// not-set-up state, sanitized replies and the list of chats.
import { chatExchange, plainTextDeltaString, type ChatSession, type SentChatMessage } from '@chartside/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId, userDocument } from '../../../test/fixtures';
import { fakeMatchMedia } from '../../../test/match-media';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { aiMissing, chatMessage, chatSession, modelMessage, serveChats, type ChatStore } from '../chat-fixtures';
import { DELETED_CHAT_NOTICE, MISSING_CHAT_NOTICE } from './ChatPage';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
let store: ChatStore;

const exchange = chatSession({
  messages: [chatMessage(), modelMessage('<p>qSOFA counts <strong>three</strong> signs.</p>')],
  messageCount: 2,
});

beforeEach(() => {
  api = installSignedInBrowser();
  storeSessionId();
  store = serveChats(api, [exchange]);
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const wideScreen = () => vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query.startsWith('(min-width')));

const open = async (path = '/chat/c-1') => {
  const app = renderApp(path);
  await screen.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 });
  return { ...app, user: userEvent.setup() };
};

/** The realtime socket, open. */
const socket = async () => {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const ws = FakeWebSocket.latest();
  act(() => ws.serverOpens());
  return ws;
};

const push = (ws: FakeWebSocket, event: object) => act(() => ws.serverSends(event));

const messages = () => screen.getByRole('log', { name: 'Messages' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const sends = () => api.requests.filter((request) => request.method === 'POST' && /^\/chats\/[^/]+\/messages$/.test(request.path));

/** Sends `text` in chat c-1 and answers the id of the reply that streams. */
const sendText = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), text);
  await user.click(sendButton());
  await waitFor(() => expect(sends()).toHaveLength(1));
  const { messageId } = sends()[0]?.body as { messageId: string };
  return `${messageId}-reply`;
};

const replyArticle = async () => {
  const replies = await within(messages()).findAllByRole('article', { name: 'Assistant' });
  return replies.at(-1) as HTMLElement;
};

describe('ChatPage: starting and loading', () => {
  it('starts a chat with an id made in the browser and replaces /chat with /chat/{id}', async () => {
    const { router } = await open('/chat');
    const created = api.calls('POST', '/chats');
    expect(created).toHaveLength(1);
    const { id } = created[0]?.body as { id: string };
    expect(id).toMatch(/^[\w-]{8,64}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${id}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Chat will appear here')).toBeTruthy();
    expect(screen.getByText('Start a conversation by typing a message below')).toBeTruthy();
  });

  it('loads the chat of the route with its messages', async () => {
    await open();
    const log = messages();
    expect(within(log).getByRole('article', { name: 'You' }).textContent).toContain('What is the qSOFA score?');
    expect(within(within(log).getByRole('article', { name: 'Assistant' })).getByText('three').tagName).toBe('STRONG');
    expect(api.calls('GET', '/chats/c-1')).toHaveLength(1);
  });

  it('starts a new chat, saying why, for a missing or foreign id', async () => {
    const { router } = await open('/chat/nope');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/[\w-]{8,}$/));
    expect(screen.getByText(MISSING_CHAT_NOTICE)).toBeTruthy();
    expect(api.calls('POST', '/chats')).toHaveLength(1);
  });

  it('leaves for a new chat, saying why, when the open chat is deleted on another device', async () => {
    const { router } = await open();
    const ws = await socket();
    store.chats.delete('c-1');
    push(ws, { type: 'chat.updated', chatId: 'c-1', deleted: true });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/chat/c-1'));
    expect(await screen.findByText(DELETED_CHAT_NOTICE)).toBeTruthy();
  });

  it('refetches the open chat when it changed on another device', async () => {
    await open();
    const ws = await socket();
    store.put({ ...exchange, messages: [...exchange.messages, chatMessage({ id: 'm-2', parts: [{ type: 'text', text: 'Asked on the phone' }] })] });
    push(ws, { type: 'chat.updated', chatId: 'c-1' });
    expect(await within(messages()).findByText('Asked on the phone')).toBeTruthy();
  });
});

describe('ChatPage: sending', () => {
  it('disables Send until there is text, and sends it with the Fast model and a browser-made message id', async () => {
    const { user } = await open();
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Lactate cutoff?');
    expect(sendButton()).toHaveProperty('disabled', false);
    await user.click(sendButton());
    await waitFor(() => expect(sends()).toHaveLength(1));
    const body = sends()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ text: 'Lactate cutoff?', attachments: [], model: 'fast' });
    expect(body.messageId).toMatch(/^[\w-]{8,64}$/);
    // The message shows at once, the composer empties, the reply shows it is on its way.
    expect(await within(messages()).findByText('Lactate cutoff?')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', '');
    expect(within(await replyArticle()).getByRole('status', { name: 'The reply is on its way' })).toBeTruthy();
  });

  it('sends on Enter with the model chosen, and Shift+Enter starts a new line', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Slow' }));
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(sends()).toHaveLength(0);
    await user.type(input, '{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toMatchObject({ text: 'Line one\nline two', model: 'slow' });
  });

  it('keeps Send disabled while a reply streams, offers Stop, and stops it', async () => {
    const { user } = await open();
    const replyId = await sendText(user, 'Fluids?');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Next question');
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(api.calls('POST', `/chats/c-1/messages/${replyId}/stop`)).toHaveLength(1));
    expect(within(await replyArticle()).getByText('Stopped')).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('shows the server’s message when sending fails and keeps the text', async () => {
    const { user } = await open();
    api.on('POST', '/chats/{chatId}/messages', () => apiError(429, 'rate_limited', "You have used today's AI allowance. It renews at midnight UTC."));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Antibiotics for CAP?');
    await user.click(sendButton());
    expect(await screen.findByText("You have used today's AI allowance. It renews at midnight UTC.")).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'Antibiotics for CAP?');
    // The message shown while it was sent is taken out again: the chat holds what the server holds.
    await waitFor(() => expect(within(messages()).queryByText('Antibiotics for CAP?')).toBeNull());
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('sends a text file alone: uploaded first as a temporary file, then sent as a file part', async () => {
    const { user, container } = await open();
    api.on('POST', '/files/uploads', (request) => ({
      file: { name: 'labs.txt', fileId: 'f-1', filePath: 'userContent/user-1/temp/f-1.txt', extension: 'txt', mimeType: 'text/plain', isTemp: true },
      uploadUrl: 'http://localhost:3000/api/storage/f-1.txt',
      headers: { 'content-type': (request.body as { contentType: string }).contentType },
      expiresAt: '2025-03-01T10:00:00.000Z',
    }));
    api.on('PUT', '/storage/f-1.txt', () => undefined);
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['Na 134, K 5.9'], 'labs.txt', { type: 'text/plain' }));
    expect(within(await screen.findByRole('list', { name: 'Attachments' })).getByText('labs.txt')).toBeTruthy();
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    expect(api.calls('POST', '/files/uploads')[0]?.body).toMatchObject({ fileName: 'labs.txt', contentType: 'text/plain', temp: true });
    expect(api.calls('PUT', '/storage/f-1.txt')).toHaveLength(1);
    await user.click(sendButton());
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toMatchObject({
      text: '',
      attachments: [{ type: 'file', filePath: 'userContent/user-1/temp/f-1.txt', mimeType: 'text/plain', fileName: 'labs.txt' }],
    });
  });

  it('refuses a file it cannot attach, saying what can be', async () => {
    const { container } = await open();
    const user = userEvent.setup({ applyAccept: false });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'letter.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(await screen.findByText(/"letter\.docx" cannot be attached\. Attach an image, a PDF or a text file/)).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('puts a saved prompt, favourites listed first, at the caret from the prompts menu, and sends it', async () => {
    const prompt = (id: string, name: string, text: string) => ({ id, name, deltaText: plainTextDeltaString(text) });
    api.on('GET', '/me', () => userDocument({ prompts: [prompt('p1', 'Summary', 'Summarize this.'), prompt('p2', 'Differential', 'List a differential.')], favoritePrompts: ['p1'] }));
    const { user } = await open();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Fever 39.1, HR 112');
    await user.click(screen.getByRole('button', { name: 'Insert a saved prompt' }));
    // jsdom has no layout, so the menu's placement may take its button for one scrolled out of view and hide the menu:
    // the items are found hidden or not.
    const item = (name: string) => screen.findByRole('menuitem', { name, hidden: true });
    expect(await item('Favourite Summary')).toBeTruthy();
    expect(screen.getAllByRole('menuitem', { hidden: true }).map((each) => each.textContent)).toEqual(['Summary', 'Differential', 'Manage prompts']);
    await user.click(await item('Differential'));
    expect((input as HTMLTextAreaElement).value).toBe('Fever 39.1, HR 112\n\nList a differential.');
    expect(sends()).toHaveLength(0);
    await user.click(sendButton());
    await waitFor(() => expect(sends()[0]?.body).toMatchObject({ text: 'Fever 39.1, HR 112\n\nList a differential.' }));
  });

  it('offers to create a prompt when none is saved', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Insert a saved prompt' }));
    // Hidden or not: see the test above.
    expect((await screen.findByRole('menuitem', { name: 'Create a prompt', hidden: true })).getAttribute('href')).toBe('/tools/prompts');
    expect(screen.getByText('No saved prompts yet.')).toBeTruthy();
  });

  it('says plainly when AI is not set up, with what to set, and sends nothing', async () => {
    store.status.current = aiMissing;
    const { user } = await open();
    expect(await screen.findByText('AI is not set up on this server.')).toBeTruthy();
    expect(screen.getByText(aiMissing.setUpHint)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(sends()).toHaveLength(0);
  });
});

describe('ChatPage: a streaming reply', () => {
  const replyText = async () => (await replyArticle()).querySelector('div[class*="reply"]')?.textContent ?? '';

  it('fills the reply from the pieces in order, and shows no piece twice', async () => {
    const { user } = await open();
    const ws = await socket();
    const messageId = await sendText(user, 'Define septic shock');
    const piece = (offset: number, text: string) => push(ws, { type: 'chat.delta', chatId: 'c-1', messageId, offset, text });
    piece(0, 'Sepsis with ');
    piece(12, 'vasopressors ');
    piece(0, 'Sepsis with '); // pushed again
    piece(20, 'sors and lactate > 2.'); // overlaps what is held ('sors ')
    await waitFor(async () => expect(await replyText()).toBe('Sepsis with vasopressors and lactate > 2.'));
    expect(api.calls('GET', '/chats/c-1')).toHaveLength(1);
  });

  it('shows the pieces as they come, before the send is answered, and the answer then stands in for the two shown', async () => {
    const { user } = await open();
    const ws = await socket();
    let answer: (sent: SentChatMessage) => void = () => undefined;
    api.on('POST', '/chats/{chatId}/messages', () => new Promise<SentChatMessage>((resolve) => (answer = resolve)));
    const replyId = await sendText(user, 'Define septic shock');
    push(ws, { type: 'chat.delta', chatId: 'c-1', messageId: replyId, offset: 0, text: 'Sepsis with ' });
    await waitFor(async () => expect(await replyText()).toBe('Sepsis with'));
    const sent = sends()[0]?.body as { messageId: string };
    act(() => answer(chatExchange({ messageId: sent.messageId, text: 'Define septic shock', attachments: [] }, 'fast-model', new Date())));
    push(ws, { type: 'chat.delta', chatId: 'c-1', messageId: replyId, offset: 12, text: 'vasopressors.' });
    await waitFor(async () => expect(await replyText()).toBe('Sepsis with vasopressors.'));
    expect(within(messages()).getAllByText('Define septic shock')).toHaveLength(1);
    // No piece had to wait for the chat to be loaded again.
    expect(api.calls('GET', '/chats/c-1')).toHaveLength(1);
  });

  it('loads the chat again when a piece was missed, and goes on from there', async () => {
    const { user } = await open();
    const ws = await socket();
    const messageId = await sendText(user, 'MAP goal?');
    // The server saved the reply so far; this tab missed the first piece.
    const saved = store.chats.get('c-1') as ChatSession;
    store.put({ ...saved, messages: saved.messages.map((m) => (m.id === messageId ? { ...m, parts: [{ type: 'text', text: 'Aim for ' }], received: 8 } : m)) });
    push(ws, { type: 'chat.delta', chatId: 'c-1', messageId, offset: 8, text: 'MAP ≥ 65' });
    await waitFor(() => expect(api.calls('GET', '/chats/c-1')).toHaveLength(2));
    await waitFor(async () => expect(await replyText()).toBe('Aim for MAP ≥ 65'));
    push(ws, { type: 'chat.delta', chatId: 'c-1', messageId, offset: 16, text: ' mmHg.' });
    await waitFor(async () => expect(await replyText()).toBe('Aim for MAP ≥ 65 mmHg.'));
  });

  it('renders a reply inert: no script, no image, no javascript: link', async () => {
    (window as { pwned?: number }).pwned = 0;
    store.put(
      chatSession({
        messages: [
          chatMessage(),
          modelMessage('<p>Safe</p><script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"><a href="javascript:window.pwned=3">click</a>'),
        ],
      }),
    );
    await open();
    const reply = await replyArticle();
    expect(within(reply).getByText('Safe')).toBeTruthy();
    expect(reply.querySelector('script, img')).toBeNull();
    expect(within(reply).getByText('click').hasAttribute('href')).toBe(false);
    fireEvent.click(within(reply).getByText('click'));
    expect((window as { pwned?: number }).pwned).toBe(0);
  });

  it('shows a failed reply’s error', async () => {
    store.put(chatSession({ messages: [chatMessage(), modelMessage('', { status: 'failed', error: 'Chat request failed: The model could not be reached. Try again later.' })] }));
    await open();
    expect(within(await replyArticle()).getByText('Chat request failed: The model could not be reached. Try again later.')).toBeTruthy();
  });
});

describe('ChatPage: the list of chats', () => {
  beforeEach(() => {
    wideScreen();
    store.put(chatSession({ id: 'c-2', title: 'Older chat', lastUpdate: '2025-02-01T09:00:00.000Z' }));
  });

  it('lists the chats, the last changed first, and renames one in place', async () => {
    const { user } = await open();
    const nav = screen.getByRole('navigation', { name: 'Chats' });
    await waitFor(() => expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['New chat', expect.stringContaining('Sepsis questions'), expect.stringContaining('Older chat')]));
    await user.click(within(nav).getByRole('button', { name: 'Options for Older chat' }));
    // Hidden or not: see the prompts menu above.
    await user.click(await screen.findByRole('menuitem', { name: 'Rename', hidden: true }));
    const field = within(nav).getByRole('textbox', { name: 'New name for Older chat' });
    await user.clear(field);
    await user.type(field, 'Vasopressors{Enter}');
    await waitFor(() => expect(api.calls('PATCH', '/chats/c-2')[0]?.body).toEqual({ title: 'Vasopressors' }));
    expect(await within(nav).findByRole('link', { name: /Vasopressors/ })).toBeTruthy();
  });

  it('deletes a chat after confirmation', async () => {
    const { user } = await open();
    const nav = screen.getByRole('navigation', { name: 'Chats' });
    await user.click(await within(nav).findByRole('button', { name: 'Options for Older chat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this chat?' });
    expect(api.calls('DELETE', '/chats/c-2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete chat' }));
    await waitFor(() => expect(api.calls('DELETE', '/chats/c-2')).toHaveLength(1));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: /Older chat/ })).toBeNull());
  });
});
