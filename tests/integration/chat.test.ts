// Chat, the text transformer and model-backed extraction on the real runtime, its AI pointed at the model double
// (Ollama's wire format): a reply streams over the WebSocket piece by piece and is stored once complete; a retried send
// starts nothing twice; Stop keeps the text so far; failures and bad input answer clearly; nobody reaches another's chat.
import { setTimeout as sleep } from 'node:timers/promises';
import { ATTACHMENTS_ONLY_TEXT, CHAT_MESSAGE_REQUIRED, clientIdHeader, MAX_CHAT_MESSAGES, type ChatSession, type SentChatMessage } from '@chartside/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@chartside/lambdas/data/table';
import { api, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { sharedModel } from '../harness/shared-model';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket, type TestSocket } from '../harness/socket';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
const model = sharedModel();
/** The user's text with this file's key, so the model double answers it from this file's script. */
const keyed = (text: string) => `${text} (${model.key})`;
let alice: Auth;
let aliceId: string;
let asAlice: Api;
let asBob: Api;

/** A 1×1 PNG. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  const [aliceUser, bobUser] = await Promise.all([createUser(runtime), createUser(runtime)]);
  alice = await signedIn(runtime, aliceUser);
  aliceId = aliceUser.userId;
  asAlice = api(runtime, alice);
  asBob = api(runtime, await signedIn(runtime, bobUser));
});

afterEach(() => model.reset());

let ids = 0;
const newId = (what: string) => `${what}-${Date.now()}-${(ids += 1)}`;

const ok = async <T>(call: Promise<{ status: number; json: unknown; text: string }>) => {
  const { status, json, text } = await call;
  if (status !== 200) throw new Error(`answered ${status}: ${text}`);
  return json as T;
};

const newChat = (body: Record<string, unknown> = {}) => ok<ChatSession>(asAlice('POST', '/chats', { id: newId('chat'), ...body }));
const send = (chatId: string, body: Record<string, unknown>) => asAlice('POST', `/chats/${chatId}/messages`, { messageId: newId('msg'), ...body });
const chatOf = (chatId: string) => ok<ChatSession>(asAlice('GET', `/chats/${chatId}`));
const replyOf = async (chatId: string, replyId: string) => (await chatOf(chatId)).messages.find((m) => m.id === replyId)!;

/** The deltas of one reply, joined in the order their offsets say, checking none overlaps or leaves a gap. */
const streamedText = (socket: TestSocket, messageId: string) => {
  const deltas = socket.messages.filter((m): m is { type: string; messageId: string; offset: number; text: string } => (m as { type?: string }).type === 'chat.delta' && (m as { messageId?: string }).messageId === messageId);
  let text = '';
  for (const delta of deltas) {
    expect(delta.offset).toBe(text.length);
    text += delta.text;
  }
  return { text, count: deltas.length };
};

describe('a chat', () => {
  it('says which AI features have a model', async () => {
    expect(await ok(asAlice('GET', '/ai/status'))).toMatchObject({ chat: true, transformer: true, extraction: { vertex: true, local: true } });
  });

  it('streams a reply piece by piece to every open connection of the user, then stores it whole', async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-chat' });
    const chat = await newChat();
    await model.reply({ pieces: ['<p>Furosemide ', '40 mg ', 'IV ', 'twice daily.</p>'] });
    const sent = (await ok(send(chat.id, { text: `  ${keyed('What dose of furosemide?')}  `, model: 'fast' }))) as SentChatMessage;
    expect(sent.message).toMatchObject({ role: 'user', parts: [{ type: 'text', text: keyed('What dose of furosemide?') }], status: 'complete' });
    expect(sent.reply).toMatchObject({ role: 'model', status: 'streaming', received: 0, model: 'llama3.2' });

    await expect.poll(async () => (await replyOf(chat.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    await socket.next((m) => m.type === 'chat.updated' && m.chatId === chat.id);
    const streamed = streamedText(socket, sent.reply.id);
    expect(streamed.text).toBe('<p>Furosemide 40 mg IV twice daily.</p>');
    expect(streamed.count).toBeGreaterThan(1);
    const stored = await chatOf(chat.id);
    expect(stored.title).toBe(keyed('What dose of furosemide?'));
    expect(stored.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['model', 'complete'],
    ]);
    expect(stored.messages[1]).toMatchObject({ parts: [{ type: 'text', text: streamed.text }], received: streamed.text.length });
    // The model was asked with the system prompt and the user's text.
    const [asked] = await model.requests();
    expect(asked).toMatchObject({ operation: 'chat', stream: true, lastUserText: keyed('What dose of furosemide?') });
    socket.close();
  });

  it("tells the user's other tabs of a sent message, and not the tab that sent it", async () => {
    const sender = await openSocket(runtime, { ...alice, clientId: 'tab-sender' });
    const other = await openSocket(runtime, { ...alice, clientId: 'tab-other' });
    const chat = await newChat();
    const sent = await ok<SentChatMessage>(asAlice('POST', `/chats/${chat.id}/messages`, { messageId: newId('msg'), text: 'Hello' }, { [clientIdHeader]: 'tab-sender' }));
    await expect.poll(async () => (await replyOf(chat.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const updates = (socket: TestSocket) => socket.messages.filter((m) => (m as { type?: string }).type === 'chat.updated' && (m as { chatId?: string }).chatId === chat.id).length;
    // The other tab hears of the exchange, then of the complete reply; the sender, which has the exchange from its answer,
    // only of the complete reply.
    await expect.poll(() => [updates(other), updates(sender)], { timeout: 5_000 }).toEqual([2, 1]);
    sender.close();
    other.close();
  });

  it('sends the conversation so far with each new message, and a retried send starts nothing twice', async () => {
    const chat = await newChat();
    const first = (await ok(send(chat.id, { text: keyed('First question') }))) as SentChatMessage;
    await expect.poll(async () => (await replyOf(chat.id, first.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const messageId = newId('msg');
    const body = { messageId, text: keyed('Second question') };
    const again = [await ok<SentChatMessage>(asAlice('POST', `/chats/${chat.id}/messages`, body)), await ok<SentChatMessage>(asAlice('POST', `/chats/${chat.id}/messages`, body))];
    expect(again[1]!.reply.id).toBe(again[0]!.reply.id);
    await expect.poll(async () => (await replyOf(chat.id, again[0]!.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const requests = await model.requests();
    expect(requests).toHaveLength(2);
    const messages = (requests[1]!.body as { messages: { role: string; content: string }[] }).messages;
    expect(messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content])).toEqual([
      ['user', keyed('First question')],
      ['assistant', `Reply to: ${keyed('First question')}`],
      ['user', keyed('Second question')],
    ]);
    expect((await chatOf(chat.id)).messages).toHaveLength(4);
  });

  it("sends images inline and asks 'What does this file show?' when only attachments are sent", async () => {
    const chat = await newChat();
    // The chat's first message carries the key; the conversation sent with the image carries it too.
    const first = (await ok(send(chat.id, { text: keyed('An image follows') }))) as SentChatMessage;
    await expect.poll(async () => (await replyOf(chat.id, first.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const sent = (await ok(send(chat.id, { text: '', attachments: [{ type: 'image', mimeType: 'image/png', data: PIXEL }] }))) as SentChatMessage;
    expect(sent.message.parts[0]).toEqual({ type: 'text', text: ATTACHMENTS_ONLY_TEXT });
    await expect.poll(async () => (await replyOf(chat.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const asked = (await model.requests()).at(-1);
    const last = (asked!.body as { messages: { role: string; content: string; images?: string[] }[] }).messages.at(-1)!;
    expect(last).toMatchObject({ role: 'user', content: ATTACHMENTS_ONLY_TEXT, images: [PIXEL] });
  });

  it('gives the model a stored text file of the user as part of the message', async () => {
    const bytes = new TextEncoder().encode('Discharge summary: furosemide 40 mg daily, recheck K in 1 week.');
    const granted = await ok<{ file: { filePath: string }; uploadUrl: string; headers: Record<string, string> }>(
      asAlice('POST', '/files/uploads', { fileName: 'discharge.txt', size: bytes.length, temp: true }),
    );
    expect((await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: bytes })).status).toBe(200);
    const chat = await newChat();
    const sent = (await ok(send(chat.id, { text: keyed('What dose is in the summary?'), attachments: [{ type: 'file', filePath: granted.file.filePath, mimeType: 'text/plain', fileName: 'discharge.txt' }] }))) as SentChatMessage;
    await expect.poll(async () => (await replyOf(chat.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const [asked] = await model.requests();
    const last = (asked!.body as { messages: { role: string; content: string }[] }).messages.at(-1)!;
    expect(last.content).toContain('What dose is in the summary?');
    expect(last.content).toContain('Discharge summary: furosemide 40 mg daily');
  });

  it('gives the model a file of an encrypted resource, sealed at rest, decrypted', async () => {
    const bytes = new TextEncoder().encode('Sealed letter: bisoprolol 2.5 mg daily, review in clinic.');
    const granted = await ok<{ file: { filePath: string } & Record<string, unknown>; uploadUrl: string; headers: Record<string, string> }>(
      asAlice('POST', '/files/uploads', { fileName: 'letter.txt', size: bytes.length }),
    );
    expect((await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: bytes })).status).toBe(200);
    const resource = await ok<{ id: string; version: number }>(asAlice('POST', '/resources', { name: 'Sealed letters', type: 'files' }));
    await ok(asAlice('PATCH', `/resources/${resource.id}`, { version: resource.version, encrypted: true, files: [granted.file] }));
    expect((await asAlice('POST', '/files/download-url', { filePath: granted.file.filePath })).json).toEqual({ sealed: true });
    const chat = await newChat();
    const sent = (await ok(send(chat.id, { text: keyed('What dose is in the letter?'), attachments: [{ type: 'file', filePath: granted.file.filePath, mimeType: 'text/plain', fileName: 'letter.txt' }] }))) as SentChatMessage;
    await expect.poll(async () => (await replyOf(chat.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const [asked] = await model.requests();
    expect((asked!.body as { messages: { content: string }[] }).messages.at(-1)!.content).toContain('Sealed letter: bisoprolol 2.5 mg daily');
  });

  it('keeps the text so far when the user presses Stop, and the reply stays stopped', async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-stop' });
    const chat = await newChat();
    await model.reply({ pieces: Array.from({ length: 40 }, (_, i) => `word${i} `), delayMs: 100 });
    const sent = (await ok(send(chat.id, { text: keyed('A long answer, please') }))) as SentChatMessage;
    await socket.next((m) => m.type === 'chat.delta' && m.messageId === sent.reply.id, 10_000);
    await sleep(300);
    const stopped = await ok<{ status: string }>(asAlice('POST', `/chats/${chat.id}/messages/${sent.reply.id}/stop`));
    expect(stopped.status).toBe('stopped');
    await sleep(2_500); // past the reply's next save, when its writer notices the Stop
    const reply = await replyOf(chat.id, sent.reply.id);
    expect(reply.status).toBe('stopped');
    const text = (reply.parts[0] as { text: string }).text;
    expect(text.startsWith('word0 ')).toBe(true);
    expect(text).not.toContain('word39');
    // What the screen showed is what is kept: every piece pushed is in the stored text.
    expect(text.startsWith(streamedText(socket, sent.reply.id).text)).toBe(true);
    socket.close();
  });

  it("stores a failed reply with the spec's message, and keeps the user's message", async () => {
    const chat = await newChat();
    await model.fail({ status: 500, message: 'model crashed' });
    const sent = (await ok(send(chat.id, { text: keyed('Will this fail?') }))) as SentChatMessage;
    await expect.poll(async () => (await replyOf(chat.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('failed');
    const stored = await chatOf(chat.id);
    expect(stored.messages[0]).toMatchObject({ role: 'user', parts: [{ type: 'text', text: keyed('Will this fail?') }] });
    expect(stored.messages[1]!.error).toMatch(/^Chat request failed: /);
  });
});

describe("the day's allowance", () => {
  it("refuses with 429 once the user's tokens for the day are spent, and leaves other users alone", async () => {
    const spender = await signedIn(runtime, await createUser(runtime));
    const asSpender = api(runtime, spender);
    const chat = await ok<ChatSession>(asSpender('POST', '/chats', { id: newId('chat') }));
    await model.reply({ pieces: ['A long answer.'], usage: { inputTokens: 499_990, outputTokens: 20 } });
    const sent = await ok<SentChatMessage>(asSpender('POST', `/chats/${chat.id}/messages`, { messageId: newId('msg'), text: keyed('Summarize everything') }));
    await expect.poll(async () => (await ok<ChatSession>(asSpender('GET', `/chats/${chat.id}`))).messages.find((m) => m.id === sent.reply.id)?.status, { timeout: 10_000 }).toBe('complete');
    const refused = await asSpender('POST', `/chats/${chat.id}/messages`, { messageId: newId('msg'), text: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toMatch(/today's AI allowance/);
    expect((await asSpender('POST', '/transform', { images: [{ type: 'image', mimeType: 'image/png', data: PIXEL }] })).status).toBe(429);
    expect((await asSpender('POST', '/extraction', { text: '#CHF', mode: 'vertex' })).status).toBe(429);
    // Another user's day is their own.
    const other = await newChat();
    expect((await send(other.id, { text: 'Still allowed?' })).status).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['no text', {}],
    ['text that is not a string', { text: 42 }],
    ['empty text and no attachments', { text: '   ' }],
  ])("answers 400 '%s' with the spec's message", async (_case, body) => {
    const chat = await newChat();
    const { status, json } = await send(chat.id, body);
    expect(status).toBe(400);
    expect(json.error?.message).toBe(CHAT_MESSAGE_REQUIRED);
  });

  it('refuses a file that is not one of the user’s uploads', async () => {
    const chat = await newChat();
    const { status, json } = await send(chat.id, { text: 'Read this', attachments: [{ type: 'file', filePath: 'userContent/someone-else/x.pdf', mimeType: 'application/pdf', fileName: 'x.pdf' }] });
    expect(status).toBe(400);
    expect(json.error?.message).toContain('x.pdf');
  });

  it('refuses a message to a full chat before the model is asked, and streams nothing', async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-full' });
    const chat = await newChat();
    const table = localTable(runtime);
    const head = await table.get(keys.user(aliceId), keys.chat(chat.id));
    await table.put({ ...head, messageCount: MAX_CHAT_MESSAGES - 1 });
    const { status, json } = await send(chat.id, { text: keyed('One more?') });
    expect(status).toBe(400);
    expect(json.error?.message).toBe('This chat is full. Start a new chat to go on.');
    expect(await model.requests()).toEqual([]);
    expect(socket.messages.filter((m) => (m as { type?: string }).type === 'chat.delta')).toEqual([]);
    socket.close();
  });

  it('answers 404 for a chat that does not exist', async () => {
    expect((await send('no-such-chat-1', { text: 'hello' })).status).toBe(404);
  });
});

describe('the chat list', () => {
  it('lists chats last changed first; renames, deletes a message, and deletes a chat', async () => {
    const older = await newChat();
    const newer = await newChat();
    const sent = (await ok(send(older.id, { text: 'Bump this one' }))) as SentChatMessage;
    await expect.poll(async () => (await replyOf(older.id, sent.reply.id)).status, { timeout: 10_000 }).toBe('complete');
    const { chats } = await ok<{ chats: { id: string }[] }>(asAlice('GET', '/chats'));
    expect(chats.findIndex((c) => c.id === older.id)).toBeLessThan(chats.findIndex((c) => c.id === newer.id));

    expect(await ok(asAlice('PATCH', `/chats/${older.id}`, { title: 'Heart failure dosing' }))).toMatchObject({ title: 'Heart failure dosing' });
    await ok(asAlice('DELETE', `/chats/${older.id}/messages/${sent.reply.id}`));
    expect((await chatOf(older.id)).messages.map((m) => m.id)).toEqual([sent.message.id]);
    await ok(asAlice('DELETE', `/chats/${older.id}`));
    expect((await asAlice('GET', `/chats/${older.id}`)).status).toBe(404);
  });

  it("never shows or changes another user's chat", async () => {
    const chat = await newChat();
    const sent = (await ok(send(chat.id, { text: 'Private' }))) as SentChatMessage;
    expect((await asBob('GET', `/chats/${chat.id}`)).status).toBe(404);
    expect((await asBob('POST', `/chats/${chat.id}/messages`, { messageId: newId('msg'), text: 'hi' })).status).toBe(404);
    expect((await asBob('PATCH', `/chats/${chat.id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await asBob('DELETE', `/chats/${chat.id}/messages/${sent.message.id}`)).status).toBe(404);
    expect((await asBob('DELETE', `/chats/${chat.id}`)).status).toBe(404);
    expect((await ok<{ chats: { id: string }[] }>(asBob('GET', '/chats'))).chats.map((c) => c.id)).not.toContain(chat.id);
    expect((await api(runtime)('GET', `/chats/${chat.id}`)).status).toBe(401);
    expect((await chatOf(chat.id)).messages).toHaveLength(2);
  });
});

describe('the text transformer and extraction', () => {
  it('reads images with the vision model', async () => {
    await model.reply('Na 134 mmol/L\nK 4.1 mmol/L');
    const result = await ok<{ text: string; model: string }>(
      asAlice('POST', '/transform', { images: [{ type: 'image', mimeType: 'image/png', data: PIXEL }], instruction: keyed('Transcribe the labs') }),
    );
    expect(result).toEqual({ text: 'Na 134 mmol/L\nK 4.1 mmol/L', model: 'llama3.2-vision' });
    const [asked] = await model.requests();
    expect(asked).toMatchObject({ operation: 'generate', stream: false, model: 'llama3.2-vision' });
    expect((asked!.body as { images: string[] }).images).toEqual([PIXEL]);
  });

  it.each(['vertex', 'local'] as const)('extracts problems with the %s mode’s model', async (mode) => {
    await model.reply(JSON.stringify([{ problem: 'Hypokalemia', assessmentAndPlan: '- Replete K' }]));
    expect(await ok(asAlice('POST', '/extraction', { text: keyed('#Hypokalemia\n- Replete K'), mode }))).toEqual({ problems: [{ problem: 'Hypokalemia', assessmentAndPlan: '- Replete K' }] });
  });

  it("answers 'Invalid response structure from server' when the model's answer is not the list asked for", async () => {
    await model.reply('I am not sure.');
    const { status, json } = await asAlice('POST', '/extraction', { text: keyed('#CHF'), mode: 'vertex' });
    expect(status).toBe(502);
    expect(json.error?.message).toBe('Invalid response structure from server');
  });
});
