// WAV files of 16-bit PCM: written for a Whisper server (one phrase per request), read by the tests' speech helper.

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved 16-bit signed samples. */
  samples: Int16Array;
}

const HEADER_BYTES = 44;

/** A canonical 44-byte-header WAV of the samples. */
export const encodeWav = ({ sampleRate, channels, samples }: PcmAudio): Buffer => {
  const dataBytes = samples.length * 2;
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i += 1) wav.writeInt16LE(samples[i]!, HEADER_BYTES + i * 2);
  return wav;
};

/** Reads a 16-bit PCM WAV, walking its chunks (writers add LIST and other chunks); throws on anything else. */
export const decodeWav = (wav: Buffer): PcmAudio => {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  let format: { channels: number; sampleRate: number } | undefined;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (wav.readUInt16LE(body) !== 1 || wav.readUInt16LE(body + 14) !== 16) throw new Error('Only 16-bit PCM WAV files are read');
      format = { channels: wav.readUInt16LE(body + 2), sampleRate: wav.readUInt32LE(body + 4) };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data comes before its format');
      // Writers streaming to a pipe leave the size unknown (0 or 0xFFFFFFFF): the data then runs to the end.
      const end = size === 0 || body + size > wav.length ? wav.length : body + size;
      const data = wav.subarray(body, body + Math.floor((end - body) / 2) * 2);
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i += 1) samples[i] = data.readInt16LE(i * 2);
      return { ...format, samples };
    }
    at = body + size + (size % 2); // chunks are padded to an even size
  }
  throw new Error('WAV file has no data');
};
