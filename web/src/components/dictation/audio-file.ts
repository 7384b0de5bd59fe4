// An audio file (any format the browser decodes: WAV, MP3, M4A, OGG, WebM) as the engine's 16 kHz mono PCM frames,
// for the transcription tool. The browser resamples and mixes down to one channel itself.
import { DICTATION_FRAME_SAMPLES, DICTATION_SAMPLE_RATE } from '@chartside/shared';
import { toInt16 } from './pcm-framer';

/** Longest recording the tool takes: the frames stay in memory (an hour is about 115 MB of PCM). */
const MAX_AUDIO_FILE_SECONDS = 60 * 60;

const AUDIO_UNREADABLE = 'This file could not be read as audio. Try a WAV, MP3 or M4A recording.';
const audioTooLong = (minutes: number) => `This recording is ${minutes} minutes long; the most is ${MAX_AUDIO_FILE_SECONDS / 60} minutes.`;

export async function audioFileFrames(file: Blob): Promise<Int16Array[]> {
  const bytes = await file.arrayBuffer();
  let decoded: AudioBuffer;
  try {
    decoded = await new OfflineAudioContext(1, 1, DICTATION_SAMPLE_RATE).decodeAudioData(bytes);
  } catch {
    throw new Error(AUDIO_UNREADABLE);
  }
  if (decoded.duration > MAX_AUDIO_FILE_SECONDS) throw new Error(audioTooLong(Math.round(decoded.duration / 60)));
  // Rendering through a one-channel 16 kHz context resamples and mixes the channels down.
  const length = Math.max(1, Math.ceil(decoded.duration * DICTATION_SAMPLE_RATE));
  const context = new OfflineAudioContext(1, length, DICTATION_SAMPLE_RATE);
  const source = context.createBufferSource();
  source.buffer = decoded;
  source.connect(context.destination);
  source.start();
  const samples = (await context.startRendering()).getChannelData(0);
  const frames: Int16Array[] = [];
  for (let start = 0; start < samples.length; start += DICTATION_FRAME_SAMPLES) {
    const frame = new Int16Array(DICTATION_FRAME_SAMPLES);
    const end = Math.min(samples.length, start + DICTATION_FRAME_SAMPLES);
    for (let index = start; index < end; index++) frame[index - start] = toInt16(samples[index]!);
    frames.push(frame);
  }
  return frames;
}
