// The cloud's dictation path without AWS: the API's presigner signs a URL for the Transcribe Medical double (which
// checks the signature as the service does), the browser's transport streams PCM frames to it over a real WebSocket in
// event-stream format, and its results come back as the contract's messages, voice commands taken out.
import { DICTATION_FRAME_SAMPLES, defaultTranscriptionConfig, type TranscriptionServerMessage } from '@chartside/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { transcribeMedicalSessions } from '@chartside/lambdas/adapters/aws/transcribe-medical-sessions';
import { startTranscribeDouble, type TranscribeDouble } from '@chartside/lambdas/test/transcribe-double';
import { openTranscribeMedicalTransport } from '../../web/src/components/dictation/transcribe-medical';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' };

let double: TranscribeDouble;
beforeAll(async () => {
  double = await startTranscribeDouble({ credentials, region: 'us-east-1' });
});
afterAll(() => double.close());
/**
 * Node 20 has no WebSocket global; `ws` speaks the browser's API (binaryType, onmessage, onclose). As in a browser, a
 * refused handshake is an error event followed by the close, not a throw.
 */
class BrowserWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    this.on('error', () => undefined);
  }
}
beforeEach(() => {
  vi.stubGlobal('WebSocket', BrowserWebSocket);
});

const presign = (options: { signedWith?: typeof credentials; signedAt?: Date } = {}) =>
  transcribeMedicalSessions({
    region: 'us-east-1',
    specialty: 'PRIMARYCARE',
    type: 'DICTATION',
    credentials: options.signedWith ?? credentials,
    clock: { now: () => options.signedAt ?? new Date() },
    endpoint: double.url,
  }).open('user-1');

/** Opens the transport on a fresh URL; `ended` says how the socket ended. */
const dictate = async (options: Parameters<typeof presign>[0] = {}) => {
  const messages: TranscriptionServerMessage[] = [];
  let settle: (how: 'finished' | 'lost') => void = () => undefined;
  const ended = new Promise<'finished' | 'lost'>((resolve) => (settle = resolve));
  const transport = openTranscribeMedicalTransport({
    url: (await presign(options)).url,
    config: defaultTranscriptionConfig,
    token: 'unused-by-transcribe',
    uid: 'user-1',
    onMessage: (message) => messages.push(message),
    onConnectionLost: () => settle('lost'),
    onFinished: () => settle('finished'),
  });
  return { transport, messages, ended };
};

const frame = (seed: number) => Int16Array.from({ length: DICTATION_FRAME_SAMPLES }, (_, i) => ((seed * 7919 + i * 31) % 65536) - 32768);
const bytesOf = (frames: Int16Array[]) => Buffer.concat(frames.map((f) => Buffer.from(f.buffer, f.byteOffset, f.byteLength)));

describe('dictation to Transcribe Medical through a presigned URL', () => {
  it('streams the audio, passes results on as heard, settles the last words after the end, and finishes', async () => {
    double.say('Chest pain since Monday.', 'Start list.', 'Aspirin daily.');
    const streamsBefore = double.streams.length;
    const { transport, messages, ended } = await dictate();
    const frames = [frame(1), frame(2), frame(3)];
    for (const f of frames) transport.sendAudio(f);
    await expect.poll(() => messages.length).toBe(4);
    transport.finish();
    expect(await ended).toBe('finished');

    const stream = double.streams[streamsBefore];
    expect(stream?.query).toMatchObject({ 'language-code': 'en-US', 'media-encoding': 'pcm', 'sample-rate': '16000', specialty: 'PRIMARYCARE', type: 'DICTATION' });
    expect(Buffer.concat(stream?.audio ?? [])).toEqual(bytesOf(frames));
    expect(stream?.ended).toBe(true);
    expect(messages).toEqual([
      { type: 'status', status: 'connected' },
      { type: 'transcript', text: 'Chest', isFinal: false },
      { type: 'transcript', text: 'Chest pain', isFinal: false },
      { type: 'transcript', text: 'Chest pain since', isFinal: false },
      // Sent after the end of the stream: the words still being settled when the user stopped.
      { type: 'transcript', text: 'Chest pain since Monday.', isFinal: true, commands: [], listMode: false },
      { type: 'transcript', text: 'Start', isFinal: false },
      { type: 'transcript', text: '', isFinal: true, commands: [{ action: 'start_list' }], listMode: true },
      { type: 'transcript', text: 'Aspirin', isFinal: false },
      { type: 'transcript', text: 'Aspirin daily.', isFinal: true, commands: [], listMode: true },
    ]);
  });

  it('shows Transcribe’s exception as the error, with no connection error after it', async () => {
    double.fail('LimitExceededException', 'You have exceeded the maximum number of concurrent streams.');
    const { transport, messages, ended } = await dictate();
    transport.sendAudio(frame(4));
    await expect.poll(() => messages.at(-1)).toEqual({ type: 'error', error: 'You have exceeded the maximum number of concurrent streams.' });
    // Transcribe closes the socket after an exception: that close must not also say 'Connection error occurred'.
    expect(await Promise.race([ended, sleep(300).then(() => 'quiet')])).toBe('quiet');
    transport.close();
  });

  it('reports a connection cut mid-dictation as lost', async () => {
    double.drop();
    const { transport, ended } = await dictate();
    transport.sendAudio(frame(5));
    expect(await ended).toBe('lost');
  });

  it('cannot connect with a URL signed by other credentials, or one older than 5 minutes', async () => {
    const streamsBefore = double.streams.length;
    const forged = await dictate({ signedWith: { ...credentials, secretAccessKey: 'another-secret' } });
    expect(await forged.ended).toBe('lost');
    const stale = await dictate({ signedAt: new Date(Date.now() - 301_000) });
    expect(await stale.ended).toBe('lost');
    expect(forged.messages).toEqual([]);
    expect(double.streams).toHaveLength(streamsBefore);
  });
});
