import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from './wav';

describe('WAV', () => {
  it('reads back what it writes', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const wav = encodeWav({ sampleRate: 16_000, channels: 1, samples });
    expect(wav.length).toBe(44 + 12);
    expect(decodeWav(wav)).toEqual({ sampleRate: 16_000, channels: 1, samples });
  });

  it('skips other chunks and reads data whose size a streaming writer left unknown', () => {
    const plain = encodeWav({ sampleRate: 22_050, channels: 2, samples: Int16Array.from([5, -5, 7, -7]) });
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc'), Buffer.from([0])]);
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    withList.writeUInt32LE(0xffffffff, 36 + list.length + 4);
    expect(decodeWav(withList)).toEqual({ sampleRate: 22_050, channels: 2, samples: Int16Array.from([5, -5, 7, -7]) });
  });

  it.each([
    ['not a WAV', Buffer.from('hello world, not audio'), 'Not a WAV file'],
    ['8-bit', (() => {
      const wav = encodeWav({ sampleRate: 8_000, channels: 1, samples: new Int16Array(2) });
      wav.writeUInt16LE(8, 34);
      return wav;
    })(), 'Only 16-bit PCM'],
    ['no data', encodeWav({ sampleRate: 8_000, channels: 1, samples: new Int16Array(0) }).subarray(0, 36), 'no data'],
  ])('refuses %s', (_name, wav, message) => {
    expect(() => decodeWav(wav)).toThrow(message);
  });
});
