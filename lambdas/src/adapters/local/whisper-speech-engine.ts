// A Whisper server with OpenAI's transcription API (POST {url}/v1/audio/transcriptions, multipart `file` and `model`,
// answering { text }) as a speech engine: faster-whisper-server, whisper.cpp's server, LocalAI, speaches... Whisper reads
// whole recordings, so the stream is cut into phrases at pauses and each phrase is sent as a WAV as soon as it ends:
// final text only, one phrase after another so they arrive in order.
import { DICTATION_SAMPLE_RATE } from '@chartside/shared';
import * as z from 'zod';
import type { SpeechEngine, SpeechStream } from '../../ports/speech-engine';
import { createPhraseSegmenter } from './phrase-segmenter';
import { encodeWav } from './wav';

/** Phrases waiting for the server: past the first, the writer is asked to hold its audio; past the second, it ignored that. */
const BEHIND_AT_PHRASES = 2;
const MAX_WAITING_PHRASES = 8;

const TranscriptionAnswer = z.object({ text: z.string() });

export interface WhisperOptions {
  url: string;
  model: string;
  timeoutMs: number;
}

export const whisperSpeechEngine = (options: WhisperOptions): SpeechEngine => {
  const endpoint = new URL('v1/audio/transcriptions', options.url.endsWith('/') ? options.url : `${options.url}/`);

  const transcribe = async (samples: Int16Array, signal: AbortSignal) => {
    const form = new FormData();
    form.append('file', new Blob([encodeWav({ sampleRate: DICTATION_SAMPLE_RATE, channels: 1, samples })], { type: 'audio/wav' }), 'phrase.wav');
    form.append('model', options.model);
    form.append('response_format', 'json');
    // Held here, and read after the call: Node may collect a timeout signal that only AbortSignal.any refers to, and its
    // timer with it, so the call never timed out (nodejs/node#57736; the slow-server test waited 20 s for it once).
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(endpoint, { method: 'POST', body: form, signal: AbortSignal.any([signal, timeout]) });
    } catch {
      throw new Error(timeout.aborted ? `the Whisper server at ${options.url} took longer than ${options.timeoutMs} ms` : `the Whisper server at ${options.url} could not be reached`);
    }
    if (!response.ok) throw new Error(`the Whisper server at ${options.url} answered ${response.status} ${(await response.text()).slice(0, 200)}`.trim());
    const answer = TranscriptionAnswer.safeParse(await response.json().catch(() => undefined));
    if (!answer.success) throw new Error(`the Whisper server at ${options.url} answered without a text`);
    return answer.data.text.trim();
  };

  return {
    name: 'whisper',
    open: async (listener) => {
      const aborter = new AbortController();
      let closed = false;
      let ending = false;
      let waiting = 0;
      let queue = Promise.resolve();

      const fail = (message: string) => {
        if (closed) return;
        closed = true;
        aborter.abort();
        listener.failed(message);
      };
      const segmenter = createPhraseSegmenter((samples) => {
        if (closed) return;
        if (waiting >= MAX_WAITING_PHRASES) return fail('Dictation stopped: the Whisper server could not keep up with the audio.');
        waiting += 1;
        queue = queue.then(async () => {
          if (closed) return;
          try {
            const text = await transcribe(samples, aborter.signal);
            if (!closed) listener.text(text, true);
          } catch (error) {
            fail(`Dictation stopped: ${(error as Error).message}.`);
          } finally {
            waiting -= 1;
            if (waiting === BEHIND_AT_PHRASES - 1 && !closed && !ending) listener.drained();
          }
        });
      });

      const stream: SpeechStream = {
        write(pcm) {
          if (closed || ending) return true;
          // Little-endian samples, as every machine Node runs on stores them.
          segmenter.push(new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length)));
          return waiting < BEHIND_AT_PHRASES;
        },
        end() {
          if (closed || ending) return;
          ending = true;
          segmenter.flush();
          void queue.then(() => {
            if (closed) return;
            closed = true;
            listener.ended();
          });
        },
        close() {
          closed = true;
          aborter.abort();
        },
      };
      return stream;
    },
  };
};
