// /tools/texttospeech read by the server: the local runtime has no Polly unless AWS_ENDPOINT_URL_POLLY is set, and
// then uses the cloud's own adapter, here against a double speaking Polly's wire format.
import { sessionIdHeader } from '@chartside/shared';
import { SILENT_MP3_FRAME, startPollyDouble, type PollyDouble } from '@chartside/lambdas/test/polly-double';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Auth } from '../harness/api';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

/** POST /api/speech as the page calls it: the answer's bytes, not JSON. */
const readAloud = async (runtime: Pick<TestRuntime, 'url'>, auth: Auth, body: unknown) => {
  const response = await fetch(`${runtime.url}/api/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.token}`, [sessionIdHeader]: auth.sessionId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};
const errorOf = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as { error: { code: string; message: string } }).error;

describe('server speech without Polly (the shared runtime)', () => {
  const runtime = sharedRuntime();
  let auth: Auth;
  beforeAll(async () => {
    auth = await signedIn(runtime, await createUser(runtime));
  });

  it('says the browser reads aloud, and reading answers 503 naming the setting', async () => {
    expect((await api(runtime, auth)('GET', '/speech/status')).json).toEqual({ server: false, defaultVoice: 'Joanna' });
    const { status, bytes } = await readAloud(runtime, auth, { text: 'Hello.' });
    expect(status).toBe(503);
    expect(errorOf(bytes)).toMatchObject({ code: 'unavailable', message: expect.stringContaining('AWS_ENDPOINT_URL_POLLY') });
  });
});

describe('server speech with Polly (a runtime pointed at the Polly double)', () => {
  let polly: PollyDouble;
  let runtime: TestRuntime;
  let alice: Auth;
  let bob: Auth;

  beforeAll(async () => {
    polly = await startPollyDouble();
    runtime = await startRuntime({ env: { AWS_ENDPOINT_URL_POLLY: polly.url, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'polly-double-secret', SPEECH_VOICE: 'Matthew' } });
    [alice, bob] = await Promise.all([signedIn(runtime, await createUser(runtime)), signedIn(runtime, await createUser(runtime))]);
  });
  afterAll(async () => {
    await runtime?.stop();
    await polly?.close();
  });

  it('says the server reads aloud, with the configured voice', async () => {
    expect((await api(runtime, alice)('GET', '/speech/status')).json).toEqual({ server: true, defaultVoice: 'Matthew' });
  });

  it('answers the MP3 Polly read, with the voice asked for', async () => {
    const before = polly.requests.length;
    const { status, contentType, bytes } = await readAloud(runtime, alice, { text: 'Hold metoprolol if the heart rate is under 55.', voice: 'Amy' });
    expect([status, contentType]).toEqual([200, 'audio/mpeg']);
    const calls = polly.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ signed: true, body: { Text: 'Hold metoprolol if the heart rate is under 55.', VoiceId: 'Amy', Engine: 'neural', OutputFormat: 'mp3' } });
    expect(bytes.equals(calls[0]!.audio!)).toBe(true);
    expect(bytes.subarray(0, SILENT_MP3_FRAME.length).equals(SILENT_MP3_FRAME)).toBe(true);
  });

  it('reads a text longer than one Polly call piece by piece, as one MP3', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `Sentence number ${i} of a long handout.`).join(' ');
    const before = polly.requests.length;
    const { status, bytes } = await readAloud(runtime, alice, { text });
    const calls = polly.requests.slice(before);
    expect(status).toBe(200);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((call) => call.body.VoiceId === 'Matthew')).toBe(true);
    expect(bytes.equals(Buffer.concat(calls.map((call) => call.audio!)))).toBe(true);
  });

  it.each([
    [{}, 'The text to read is required.'],
    [{ text: '   ' }, 'There is no text to read.'],
    [{ text: 'x'.repeat(5_001) }, 'The text can be at most 5,000 characters.'],
    [{ text: 'Hello.', voice: 'Nobody' }, 'voice'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const before = polly.requests.length;
    const { status, bytes } = await readAloud(runtime, alice, body);
    expect(status).toBe(400);
    expect(JSON.stringify(errorOf(bytes))).toContain(message);
    expect(polly.requests.length).toBe(before);
  });

  it('answers a text Polly refuses as a 400 with its reason, and another user is unaffected', async () => {
    polly.fail('ValidationException', 'Text contains unsupported characters');
    const refused = await readAloud(runtime, alice, { text: 'Hello.' });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.bytes).message).toBe('Amazon Polly could not read this text: Text contains unsupported characters');
    const other = await readAloud(runtime, bob, { text: 'Good morning.' });
    expect([other.status, other.contentType]).toEqual([200, 'audio/mpeg']);
  });
});
