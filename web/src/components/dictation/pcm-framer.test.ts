import { describe, expect, it } from 'vitest';
import { PcmFramer, toInt16 } from './pcm-framer';

const collect = (inputRate: number, frameSamples: number) => {
  const frames: Int16Array[] = [];
  const framer = new PcmFramer(inputRate, 16_000, frameSamples, (frame) => frames.push(frame));
  return { frames, framer };
};

describe('PcmFramer', () => {
  it('turns 48 kHz into 16 kHz frames of the asked size, in 128-sample render quanta', () => {
    const { frames, framer } = collect(48_000, 1024);
    // One second of audio in the quanta an AudioWorklet gets.
    for (let quantum = 0; quantum < 48_000 / 128; quantum++) framer.push(new Float32Array(128).fill(0.5));
    expect(frames).toHaveLength(Math.floor(16_000 / 1024));
    expect(frames.every((frame) => frame.length === 1024)).toBe(true);
    expect(frames[0]![0]).toBe(toInt16(0.5));
  });

  it('keeps the count of samples right at 44.1 kHz (a step that is not whole)', () => {
    const { frames, framer } = collect(44_100, 100);
    for (let quantum = 0; quantum < 44_100 / 100; quantum++) framer.push(new Float32Array(100));
    // 16000 samples a second, give or take the last partial one.
    expect(frames.length * 100).toBeGreaterThanOrEqual(15_900);
    expect(frames.length * 100).toBeLessThanOrEqual(16_000);
  });

  it('averages the input samples each output sample spans', () => {
    const { frames, framer } = collect(48_000, 2);
    framer.push(Float32Array.from([0.3, 0.6, 0.9, -0.3, -0.6, -0.9]));
    expect([...frames[0]!]).toEqual([toInt16(0.6), toInt16(-0.6)]);
  });

  it('passes 16 kHz through unchanged', () => {
    const { frames, framer } = collect(16_000, 4);
    framer.push(Float32Array.from([0, 0.25, -0.25, 1]));
    expect([...frames[0]!]).toEqual([0, toInt16(0.25), toInt16(-0.25), 0x7fff]);
  });

  it('clips samples outside -1..1', () => {
    expect(toInt16(2)).toBe(0x7fff);
    expect(toInt16(-2)).toBe(-0x8000);
  });

  it('refuses audio slower than the engine wants', () => {
    expect(() => new PcmFramer(8_000, 16_000, 1024, () => {})).toThrow(/8000 Hz/);
  });
});
