// Speech for the dictation tests, spoken by Debian's flite (`npm test` installs it): its rms voice writes 16 kHz mono
// 16-bit WAV, the dictation format, so no resampling is needed. As a WAV file (Chromium's fake microphone plays one:
// --use-fake-device-for-media-stream --use-file-for-fake-audio-capture=PATH) or as samples to stream to the socket.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DICTATION_FRAME_SAMPLES, DICTATION_SAMPLE_RATE } from '@chartside/shared';
import { decodeWav, encodeWav } from '@chartside/lambdas/adapters/local/wav';
import type { TestSocket } from './socket';

export interface SpeechOptions {
  /** Silence before the phrase, in milliseconds (default 0). */
  leadingSilenceMs?: number;
  /** Silence after it (default 0); a recognizer ends a phrase only after some (pocketsphinx: 0.3 s, Whisper's: 0.5 s). */
  trailingSilenceMs?: number;
  /** Between phrases, when there are several (default 900: long enough that each ends as a phrase of its own). */
  pauseMs?: number;
  /** A flite voice with 16 kHz output: rms (default: pocketsphinx hears it best of them), slt, awb, kal16. */
  voice?: string;
}

const cacheDir = path.join(os.tmpdir(), 'chartside-speech');

const silence = (ms: number) => new Int16Array(Math.round((DICTATION_SAMPLE_RATE * ms) / 1000));

const concat = (parts: Int16Array[]) => {
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, part) => (samples.set(part, at), at + part.length), 0);
  return samples;
};

const spoken = (phrase: string, voice: string) => {
  const file = path.join(os.tmpdir(), `chartside-flite-${process.pid}-${Date.now()}.wav`);
  try {
    execFileSync('flite', ['-voice', voice, '-t', phrase, '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    const audio = decodeWav(readFileSync(file));
    if (audio.sampleRate !== DICTATION_SAMPLE_RATE || audio.channels !== 1) {
      throw new Error(`flite's ${voice} voice wrote ${audio.sampleRate} Hz with ${audio.channels} channels: pick a 16 kHz voice`);
    }
    return audio.samples;
  } finally {
    rmSync(file, { force: true });
  }
};

/** The phrase, or the phrases one after another, as 16 kHz mono 16-bit samples, with the silences asked for. */
export const speechSamples = (phrases: string | readonly string[], options: SpeechOptions = {}): Int16Array => {
  const voice = options.voice ?? 'rms';
  const pause = silence(options.pauseMs ?? 900);
  const speech = (typeof phrases === 'string' ? [phrases] : phrases).flatMap((phrase, i) => (i === 0 ? [spoken(phrase, voice)] : [pause, spoken(phrase, voice)]));
  return concat([silence(options.leadingSilenceMs ?? 0), ...speech, silence(options.trailingSilenceMs ?? 0)]);
};

/** The path of a 16 kHz mono 16-bit WAV of the phrases (made once per phrases and options, then reused). */
export const speechWav = (phrases: string | readonly string[], options: SpeechOptions = {}): string => {
  const key = createHash('sha256').update(JSON.stringify([phrases, options.voice ?? 'rms', options.leadingSilenceMs ?? 0, options.pauseMs ?? 900, options.trailingSilenceMs ?? 0])).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `${key}.wav`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, encodeWav({ sampleRate: DICTATION_SAMPLE_RATE, channels: 1, samples: speechSamples(phrases, options) }));
    renameSync(partial, file); // whole or not at all, for a browser test reading it
  }
  return file;
};

/** The samples as the browser sends them: 16-bit little-endian frames of DICTATION_FRAME_SAMPLES samples. */
export const audioFrames = (samples: Int16Array): Buffer[] => {
  const frames: Buffer[] = [];
  for (let at = 0; at < samples.length; at += DICTATION_FRAME_SAMPLES) {
    const frame = samples.subarray(at, at + DICTATION_FRAME_SAMPLES);
    frames.push(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
  }
  return frames;
};

const FRAME_MS = (DICTATION_FRAME_SAMPLES / DICTATION_SAMPLE_RATE) * 1000;

/**
 * Streams samples to a dictation socket frame by frame, `speed` times faster than real time (1: as a microphone does).
 * Resolves when the last frame is sent, at the time its audio would have ended.
 */
export const streamSpeech = async (socket: TestSocket, samples: Int16Array, speed = 1) => {
  const started = performance.now();
  const frames = audioFrames(samples);
  for (const [i, frame] of frames.entries()) {
    const due = started + (i * FRAME_MS) / speed;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    socket.sendBinary(frame);
  }
};
