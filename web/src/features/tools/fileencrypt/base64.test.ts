import { describe, expect, it } from 'vitest';
import { base64ToBytes, fileToBase64 } from './base64';

describe('base64', () => {
  it.each([[[]], [[0]], [[0, 255, 128, 7]], [Array.from({ length: 1000 }, (_, i) => (i * 31) % 256)]])('round-trips %j', async (values) => {
    const bytes = new Uint8Array(values);
    const encoded = await fileToBase64(new Blob([bytes]));
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    expect([...base64ToBytes(encoded)]).toEqual(values);
  });
});
