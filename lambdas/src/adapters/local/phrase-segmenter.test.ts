import { describe, expect, it } from 'vitest';
import { createPhraseSegmenter } from './phrase-segmenter';

const RATE = 16_000;
const silence = (ms: number) => new Int16Array((RATE * ms) / 1000);
/** A 300 Hz tone as loud as speech. */
const tone = (ms: number, amplitude = 6_000) => Int16Array.from({ length: (RATE * ms) / 1000 }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * 300 * i) / RATE)));

const segment = (chunks: Int16Array[], frameSamples = 1024) => {
  const phrases: Int16Array[] = [];
  const segmenter = createPhraseSegmenter((p) => phrases.push(p));
  const all = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  for (let i = 0; i < all.length; i += frameSamples) segmenter.push(all.subarray(i, i + frameSamples));
  return { phrases, segmenter };
};

const ms = (samples: Int16Array) => (samples.length / RATE) * 1000;

describe('createPhraseSegmenter', () => {
  it('gives each phrase once its pause is long enough, with a little audio from before it', () => {
    const { phrases } = segment([silence(1000), tone(800), silence(700), tone(400), silence(700)]);
    expect(phrases).toHaveLength(2);
    // 200 ms before, the speech, then the 500 ms of quiet that ended it.
    expect(ms(phrases[0]!)).toBeCloseTo(200 + 800 + 500, -1);
    expect(ms(phrases[1]!)).toBeCloseTo(200 + 400 + 500, -1);
  });

  it('keeps a phrase whole across pauses between words', () => {
    const { phrases } = segment([tone(300), silence(200), tone(300), silence(300), tone(300), silence(600)]);
    expect(phrases).toHaveLength(1);
  });

  it('ignores silence, quiet noise and clicks', () => {
    const { phrases } = segment([silence(2000), tone(2000, 200), silence(300), tone(100), silence(1000)]);
    expect(phrases).toHaveLength(0);
  });

  it('gives the phrase in progress at the end of the audio', () => {
    const { phrases, segmenter } = segment([silence(300), tone(600)]);
    expect(phrases).toHaveLength(0);
    segmenter.flush();
    expect(phrases).toHaveLength(1);
    expect(ms(phrases[0]!)).toBeGreaterThanOrEqual(600);
  });

  it('cuts a phrase with no pause at 20 s', () => {
    const { phrases } = segment([tone(45_000)]);
    expect(phrases.map((p) => Math.round(ms(p)))).toEqual([20_000, 20_000]);
  });

  it('does not depend on how the audio is cut into frames', () => {
    const audio = [silence(500), tone(700), silence(800), tone(500), silence(800)];
    const lengths = (frame: number) => segment(audio, frame).phrases.map((p) => p.length);
    expect(lengths(1024)).toEqual(lengths(333));
    expect(lengths(1024)).toEqual(lengths(4096));
  });
});
