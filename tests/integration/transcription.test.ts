// Dictation on the local runtime: the session call, and the /transcribeV2 socket fed speech synthesized by Debian's flite
// in real time, transcribed by Debian's pocketsphinx (the suite's runtime) or by a Whisper server (a double speaking
// OpenAI's transcription API); voice commands; every way a client can get it wrong; and a runtime with no engine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultTranscriptionConfig, TranscriptionServerMessage } from '@chartside/shared';
import { startWhisperDouble, type WhisperDouble } from '@chartside/lambdas/test/whisper-double';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Auth } from '../harness/api';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocketAt, type TestSocket } from '../harness/socket';
import { speechSamples, streamSpeech, type SpeechOptions } from '../harness/speech';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
let alice: TestUser;
let aliceAuth: Auth;

beforeAll(async () => {
  alice = await createUser(runtime);
  aliceAuth = await signedIn(runtime, alice);
});

const sessionOf = async (target: Pick<TestRuntime, 'url'>, auth: Auth) => {
  const { status, json, text } = await api(target, auth)('POST', '/transcription/session');
  if (status !== 200) throw new Error(`session call answered ${status}: ${text}`);
  return json as { kind: string; url: string; engine: string };
};

const transcripts = (socket: TestSocket) => socket.messages.map((m) => TranscriptionServerMessage.parse(m)).filter((m) => m.type === 'transcript');
const finals = (socket: TestSocket) => transcripts(socket).filter((m) => m.isFinal);
const isFinal = (m: Record<string, unknown>) => m.type === 'transcript' && m.isFinal === true;

/** Opens the socket the session call names and sends the config message; resolves once the engine said 'connected'. */
const dictation = async (target: Pick<TestRuntime, 'url'>, auth: Auth, user: TestUser) => {
  const socket = await openSocketAt((await sessionOf(target, auth)).url);
  socket.send({ type: 'config', token: auth.token, uid: user.userId, config: defaultTranscriptionConfig });
  await socket.next((m) => m.type === 'status' || m.type === 'error', 20_000);
  expect(socket.messages[0]).toEqual({ type: 'status', status: 'connected' });
  return socket;
};

/** Speaks the phrases in real time (or `speed` times faster), each followed by a pause long enough to end it. */
const speak = (socket: TestSocket, phrases: string[], options: SpeechOptions & { speed?: number } = {}) =>
  streamSpeech(socket, speechSamples(phrases, { leadingSilenceMs: 300, pauseMs: 900, trailingSilenceMs: 900, ...options }), options.speed);

/** A socket refused after its first message: the error text, then the close code. */
const refusal = async (socket: TestSocket) => {
  const error = await socket.next((m) => m.type === 'error', 10_000);
  return { error: error.error, code: await socket.closed };
};

const pythonEnginePids = () =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('pocketsphinx-stream.py') && !line.includes('--check'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

/**
 * A dictation and the engine process started for it: the one that appeared meanwhile. Other files dictate on the same
 * runtime, so when two appeared, it tries again.
 */
const dictationWithItsEngine = async () => {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const before = new Set(pythonEnginePids());
    const socket = await dictation(runtime, aliceAuth, alice);
    const started = pythonEnginePids().filter((pid) => !before.has(pid));
    if (started.length === 1) return { socket, pid: started[0]! };
    socket.close();
  }
  throw new Error('No dictation of five started exactly one engine process.');
};

describe('the session call', () => {
  it('needs a token and a live login session', async () => {
    expect((await api(runtime)('POST', '/transcription/session')).status).toBe(401);
    expect((await api(runtime, 'not-a-token')('POST', '/transcription/session')).status).toBe(401);
    const tokenOnly = await api(runtime, aliceAuth.token)('POST', '/transcription/session');
    expect(tokenOnly.status).toBe(401);
  });

  it("names this runtime's socket on the host and port the browser called, and the engine", async () => {
    expect(await sessionOf(runtime, aliceAuth)).toEqual({ kind: 'socket', url: `ws://localhost:${runtime.port}/transcribeV2`, engine: 'pocketsphinx' });
    const byAddress = { url: `http://127.0.0.1:${runtime.port}` };
    expect((await sessionOf(byAddress, aliceAuth)).url).toBe(`ws://127.0.0.1:${runtime.port}/transcribeV2`);
  });
});

describe('dictation with pocketsphinx', () => {
  it('sends partial text while a phrase is spoken and its final text once it ends', async () => {
    const socket = await dictation(runtime, aliceAuth, alice);
    await speak(socket, ['the patient is stable']);
    const final = await socket.next(isFinal, 5_000);
    expect(final).toMatchObject({ type: 'transcript', isFinal: true, text: 'the patient is stable', listMode: false });
    expect(final).not.toHaveProperty('commands');
    const partials = transcripts(socket).filter((m) => !m.isFinal);
    expect(partials.length).toBeGreaterThan(1);
    expect(partials.at(-1)!.text).toMatch(/patient/);
    socket.close();
  });

  it('takes voice commands out of the final text and keeps list mode', async () => {
    const socket = await dictation(runtime, aliceAuth, alice);
    await speak(socket, ['start list', 'chest pain', 'end list', 'clear all']);
    await expect.poll(() => finals(socket).length, { timeout: 5_000 }).toBe(4);
    expect(finals(socket).map(({ text, commands, listMode }) => ({ text, commands, listMode }))).toEqual([
      { text: '', commands: [{ action: 'start_list' }], listMode: true },
      { text: 'chest pain', commands: undefined, listMode: true },
      { text: '', commands: [{ action: 'end_list' }], listMode: false },
      { text: '', commands: [{ action: 'clear_all' }], listMode: false },
    ]);
    socket.close();
  });

  it('settles the words still being spoken on {type: end}, then closes normally', async () => {
    const socket = await dictation(runtime, aliceAuth, alice);
    await streamSpeech(socket, speechSamples('aspirin daily', { leadingSilenceMs: 300 }));
    socket.send({ type: 'end' });
    expect(await socket.closed).toBe(1000);
    expect(finals(socket).map((m) => m.text)).toEqual(['aspirin daily']);
  });

  it('takes audio faster than real time', async () => {
    const socket = await dictation(runtime, aliceAuth, alice);
    await streamSpeech(socket, speechSamples('blood pressure is normal', { leadingSilenceMs: 300, trailingSilenceMs: 900 }), 4);
    expect((await socket.next(isFinal, 10_000)).text).toBe('blood pressure is normal');
    socket.close();
  });

  it('takes a recording sent much faster than the engine hears it, holding the socket back until it catches up', async () => {
    const socket = await dictation(runtime, aliceAuth, alice);
    const phrases = ['the patient is stable', 'chest pain', 'aspirin daily', 'blood pressure is normal', 'chest pain', 'aspirin daily', 'the patient is stable'];
    // About 20 s of audio in well under a second: more than the engine's 10 s backlog, were the socket not held back.
    await speak(socket, phrases, { speed: 100 });
    socket.send({ type: 'end' });
    expect(await socket.closed).toBe(1000);
    expect(socket.messages.map((m) => TranscriptionServerMessage.parse(m)).filter((m) => m.type === 'error')).toEqual([]);
    expect(finals(socket).map((m) => m.text)).toEqual(phrases);
  });

  it('stops the engine process when the browser goes away', async () => {
    const { socket, pid } = await dictationWithItsEngine();
    await streamSpeech(socket, speechSamples('chest pain', { leadingSilenceMs: 200 }), 4);
    socket.close();
    await expect.poll(() => pythonEnginePids().includes(pid), { timeout: 5_000 }).toBe(false);
  });
});

describe('a client getting the protocol wrong', () => {
  const open = async () => openSocketAt((await sessionOf(runtime, aliceAuth)).url);
  const config = (overrides: Record<string, unknown> = {}) => ({ type: 'config', token: aliceAuth.token, uid: alice.userId, config: defaultTranscriptionConfig, ...overrides });

  it('is refused without a valid token', async () => {
    const socket = await open();
    socket.send(config({ token: 'not-a-token' }));
    expect(await refusal(socket)).toEqual({ error: 'The access token is invalid or has expired. Sign in again.', code: 1008 });
  });

  it("is refused with another user's uid", async () => {
    const bob = await createUser(runtime);
    const socket = await open();
    socket.send(config({ uid: bob.userId }));
    expect(await refusal(socket)).toEqual({ error: 'The uid is not the signed-in user.', code: 1008 });
  });

  it('is refused when audio comes before the config', async () => {
    const socket = await open();
    socket.sendBinary(new Uint8Array(2048));
    expect(await refusal(socket)).toMatchObject({ error: expect.stringMatching(/^The first message must be the config message/), code: 1008 });
  });

  it.each([
    ['a string', 'hello'],
    ['another message', { type: 'end' }],
    ['a config without its settings', { type: 'config', token: 'x', uid: 'y' }],
    ['a config for another language', { type: 'config', token: 'x', uid: 'y', config: { ...defaultTranscriptionConfig, languageCode: 'fr-FR' } }],
  ])('is refused when the first message is %s, saying what was wrong', async (_what, first) => {
    const socket = await open();
    socket.send(first);
    const { error, code } = await refusal(socket);
    expect(error).toMatch(/^The first message must be the config message/);
    expect(code).toBe(1008);
  });

  it('is refused on audio that is not 16-bit samples, or too large', async () => {
    for (const frame of [new Uint8Array(2047), new Uint8Array(64 * 1024 - 2)]) {
      const socket = await dictation(runtime, aliceAuth, alice);
      socket.sendBinary(frame);
      expect(await refusal(socket)).toEqual({ error: 'Audio must be 16-bit PCM at 16 kHz, mono, in frames of up to 8192 bytes (an even number).', code: 1003 });
    }
  });

  it('is refused on a text message other than end after the config', async () => {
    const socket = await dictation(runtime, aliceAuth, alice);
    socket.send({ type: 'config' });
    expect(await refusal(socket)).toEqual({ error: 'After the config message only audio frames and {"type":"end"} may follow.', code: 1008 });
  });

  it('leaves the runtime answering', async () => {
    expect((await fetch(`${runtime.url}/api/health`)).status).toBe(200);
  });
});

describe('a runtime without pocketsphinx or WHISPER_URL', () => {
  let bare: TestRuntime;
  let auth: Auth;
  let user: TestUser;

  beforeAll(async () => {
    bare = await startRuntime({ env: { POCKETSPHINX_MODEL_DIR: mkdtempSync(path.join(os.tmpdir(), 'no-model-')) } });
    user = await createUser(bare);
    auth = await signedIn(bare, user);
  });
  afterAll(() => bare?.stop());

  it('answers the session call with 503 and what to install or set', async () => {
    const { status, json } = await api(bare, auth)('POST', '/transcription/session');
    expect(status).toBe(503);
    expect(json.error?.code).toBe('unavailable');
    expect(json.error?.message).toMatch(
      /^Dictation is not set up on this server: install Debian's python3-pocketsphinx and pocketsphinx-en-us, or set WHISPER_URL to an OpenAI-compatible transcription server, and restart Chartside\. \(pocketsphinx: pocketsphinx model files missing: /,
    );
  });

  it('says the same on its socket', async () => {
    const socket = await openSocketAt(`ws://localhost:${bare.port}/transcribeV2`);
    socket.send({ type: 'config', token: auth.token, uid: user.userId, config: defaultTranscriptionConfig });
    const { error, code } = await refusal(socket);
    expect(error).toMatch(/^Dictation is not set up on this server/);
    expect(code).toBe(1011);
  });
});

describe('a runtime with WHISPER_URL', () => {
  let whisper: WhisperDouble;
  let withWhisper: TestRuntime;
  let auth: Auth;
  let user: TestUser;

  beforeAll(async () => {
    whisper = await startWhisperDouble();
    withWhisper = await startRuntime({ env: { WHISPER_URL: whisper.url, WHISPER_MODEL: 'Systran/faster-whisper-small.en' } });
    user = await createUser(withWhisper);
    auth = await signedIn(withWhisper, user);
  });
  afterAll(async () => {
    await withWhisper?.stop();
    await whisper?.close();
  });

  it('dictates with the Whisper server: each phrase sent as a WAV once it ends, its text final, commands taken out', async () => {
    expect(await sessionOf(withWhisper, auth)).toMatchObject({ kind: 'socket', engine: 'whisper' });
    const socket = await dictation(withWhisper, auth, user);
    whisper.reply('The patient is stable.', 'Start list.', 'Aspirin, 81 mg daily.');
    await speak(socket, ['the patient is stable', 'start list', 'aspirin daily'], { speed: 2 });
    await expect.poll(() => finals(socket).length, { timeout: 10_000 }).toBe(3);
    expect(finals(socket).map(({ text, commands, listMode }) => ({ text, commands, listMode }))).toEqual([
      { text: 'The patient is stable.', commands: undefined, listMode: false },
      { text: '', commands: [{ action: 'start_list' }], listMode: true },
      { text: 'Aspirin, 81 mg daily.', commands: undefined, listMode: true },
    ]);
    expect(transcripts(socket).every((m) => m.isFinal)).toBe(true);
    expect(whisper.requests).toHaveLength(3);
    expect(whisper.requests[0]).toMatchObject({ model: 'Systran/faster-whisper-small.en', fileType: 'audio/wav', sampleRate: 16_000, channels: 1 });
    // flite's 'the patient is stable' is about 1.9 s, with up to 0.2 s before it and the 0.5 s pause that ended it.
    expect(whisper.requests[0]!.durationMs).toBeGreaterThan(1_500);
    expect(whisper.requests[0]!.durationMs).toBeLessThan(3_000);
    socket.close();
  });

  it("passes the server's failure to the browser and closes", async () => {
    const socket = await dictation(withWhisper, auth, user);
    whisper.fail({ status: 503, message: 'Model is loading' });
    await speak(socket, ['chest pain'], { speed: 2 });
    const { error, code } = await refusal(socket);
    expect(error).toMatch(/^Dictation stopped: the Whisper server at http:\/\/127\.0\.0\.1:\d+ answered 503 .*Model is loading/);
    expect(code).toBe(1011);
  });
});
