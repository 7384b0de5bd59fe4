// The Whisper engine against the Whisper double (OpenAI's transcription API): phrases cut at pauses, each sent as a WAV
// once it ends, texts given in order; the end settles the last phrase; a failing, slow or absent server stops it clearly.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWhisperDouble, type WhisperDouble } from '../../test/whisper-double';
import type { SpeechListener, SpeechStream } from '../../ports/speech-engine';
import { whisperSpeechEngine } from './whisper-speech-engine';

const RATE = 16_000;
const silence = (ms: number) => new Int16Array((RATE * ms) / 1000);
const tone = (ms: number) => Int16Array.from({ length: (RATE * ms) / 1000 }, (_, i) => Math.round(6_000 * Math.sin((2 * Math.PI * 300 * i) / RATE)));
const pcm = (...parts: Int16Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));

let whisper: WhisperDouble;
beforeAll(async () => {
  whisper = await startWhisperDouble();
});
afterEach(() => whisper.reset());
afterAll(() => whisper.close());

const listen = () => {
  const heard: { text: string; isFinal: boolean }[] = [];
  let failure: string | undefined;
  let ended = false;
  let drained = 0;
  const listener: SpeechListener = {
    text: (text, isFinal) => heard.push({ text, isFinal }),
    failed: (message) => (failure = message),
    ended: () => (ended = true),
    drained: () => (drained += 1),
  };
  return { listener, heard, failure: () => failure, ended: () => ended, drained: () => drained };
};

const open = async (options: { url?: string; timeoutMs?: number } = {}) => {
  const engine = whisperSpeechEngine({ url: options.url ?? whisper.url, model: 'Systran/faster-whisper-small.en', timeoutMs: options.timeoutMs ?? 5_000 });
  const events = listen();
  const stream: SpeechStream = await engine.open(events.listener);
  return { engine, stream, ...events };
};

/** Writes the audio in the browser's 1024-sample frames; answers what the last write answered. */
const write = (stream: SpeechStream, audio: Buffer) => {
  let taken = true;
  for (let at = 0; at < audio.length; at += 2048) taken = stream.write(audio.subarray(at, at + 2048));
  return taken;
};

describe('whisperSpeechEngine', () => {
  it('sends each phrase as a 16 kHz mono WAV once its pause comes, and gives the texts in order as final', async () => {
    const dictation = await open();
    expect(dictation.engine.name).toBe('whisper');
    whisper.reply({ text: ' The patient is stable. ', delayMs: 150 }, 'Start list.');
    write(dictation.stream, pcm(silence(400), tone(1_200), silence(700), tone(600), silence(700)));
    await expect.poll(() => dictation.heard).toEqual([
      { text: 'The patient is stable.', isFinal: true },
      { text: 'Start list.', isFinal: true },
    ]);
    expect(whisper.requests).toEqual([
      expect.objectContaining({ model: 'Systran/faster-whisper-small.en', fileType: 'audio/wav', sampleRate: RATE, channels: 1 }),
      expect.objectContaining({ sampleRate: RATE, channels: 1 }),
    ]);
    // Each phrase: 200 ms from before it, the speech, and the 500 ms pause that ended it.
    expect(whisper.requests.map((r) => r.durationMs)).toEqual([1_900, 1_300]);
    dictation.stream.close();
  });

  it('sends nothing for silence', async () => {
    const dictation = await open();
    write(dictation.stream, pcm(silence(3_000)));
    dictation.stream.end();
    await expect.poll(() => dictation.ended()).toBe(true);
    expect(whisper.requests).toEqual([]);
  });

  it('settles the phrase still being spoken at the end, then says it ended', async () => {
    const dictation = await open();
    whisper.reply('Chest pain');
    write(dictation.stream, pcm(silence(300), tone(800)));
    expect(whisper.requests).toEqual([]);
    dictation.stream.end();
    await expect.poll(() => dictation.ended()).toBe(true);
    expect(dictation.heard).toEqual([{ text: 'Chest pain', isFinal: true }]);
  });

  it.each([
    ['answers an error', async () => whisper.fail({ status: 500, message: 'CUDA out of memory' }), /^Dictation stopped: the Whisper server at http:\/\/127\.0\.0\.1:\d+ answered 500 .*CUDA out of memory/],
    ['is too slow', async () => whisper.reply({ text: 'late', delayMs: 2_000 }), /^Dictation stopped: the Whisper server at http:\/\/127\.0\.0\.1:\d+ took longer than 300 ms\.$/],
  ])(
    'stops with a clear message when the server %s',
    async (_what, script, message) => {
      await script();
      const dictation = await open({ timeoutMs: 300 });
      write(dictation.stream, pcm(tone(500), silence(600)));
      await expect.poll(() => dictation.failure(), { timeout: 20_000 }).toMatch(message);
      expect(dictation.heard).toEqual([]);
    },
    // Longer than the poll's 20 s: on a loaded machine the test's default 5 s ran out first (and 10 s of polling once did).
    30_000,
  );

  it('stops with a clear message when no server answers', async () => {
    const dictation = await open({ url: 'http://127.0.0.1:9' });
    write(dictation.stream, pcm(tone(500), silence(600)));
    await expect.poll(() => dictation.failure()).toBe('Dictation stopped: the Whisper server at http://127.0.0.1:9 could not be reached.');
  });

  it('asks the writer to hold its audio while two phrases wait for the server, and says when it has caught up', async () => {
    const dictation = await open();
    whisper.reply({ text: 'one', delayMs: 300 }, { text: 'two', delayMs: 300 });
    expect(write(dictation.stream, pcm(tone(500), silence(600)))).toBe(true);
    expect(write(dictation.stream, pcm(tone(500), silence(600)))).toBe(false);
    expect(dictation.drained()).toBe(0);
    await expect.poll(() => dictation.drained()).toBe(1);
    expect(dictation.heard).toEqual([{ text: 'one', isFinal: true }]);
    await expect.poll(() => dictation.heard.length).toBe(2);
    dictation.stream.close();
  });

  it('stops when the writer goes on regardless and too many phrases wait', async () => {
    const dictation = await open();
    whisper.reply(...Array.from({ length: 9 }, () => ({ text: 'slow', delayMs: 1_000 })));
    for (let i = 0; i < 9; i += 1) write(dictation.stream, pcm(tone(500), silence(600)));
    expect(dictation.failure()).toBe('Dictation stopped: the Whisper server could not keep up with the audio.');
  });

  it('gives nothing more once closed', async () => {
    const dictation = await open();
    whisper.reply({ text: 'too late', delayMs: 200 });
    write(dictation.stream, pcm(tone(500), silence(600)));
    await expect.poll(() => whisper.requests.length).toBe(1);
    dictation.stream.close();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(dictation.heard).toEqual([]);
    expect(dictation.failure()).toBeUndefined();
  });
});
