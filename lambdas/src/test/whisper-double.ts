// Test-only: a stand-in for a Whisper server with OpenAI's transcription API (what faster-whisper-server, whisper.cpp's
// server and LocalAI speak): POST /v1/audio/transcriptions, a multipart form with `file` (the audio) and `model`,
// answered with {"text": ...}; failures with OpenAI's error body {"error": {message, type, param, code}}.
//
// What it hears is scripted, first come first served:
//   reply(...answers)        the next requests' texts: a string, or { text, delayMs } to answer late
//   fail(failure, times = 1) the next requests fail: { status, message }
// With nothing scripted it answers "<N> ms of speech", N being the WAV's length. `requests` records every request it
// read: the model, the file's name and type, and the WAV's format and length (a file that is not a 16-bit PCM WAV
// is refused with a 400, as the real servers refuse what they cannot decode).
//
//   const whisper = await startWhisperDouble();
//   whisper.reply('The patient is stable.');
//   // ...point WHISPER_URL at whisper.url, then: expect(whisper.requests[0]).toMatchObject({ model: 'whisper-1' })
//   await whisper.close();
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeWav } from '../adapters/local/wav';

export interface WhisperDoubleRequest {
  model: string;
  fileName: string;
  fileType: string;
  sampleRate: number;
  channels: number;
  durationMs: number;
}

export type WhisperDoubleAnswer = string | { text: string; delayMs: number };

export interface WhisperDoubleFailure {
  status: number;
  message: string;
}

export interface WhisperDouble {
  readonly url: string;
  readonly requests: WhisperDoubleRequest[];
  reply(...answers: WhisperDoubleAnswer[]): void;
  fail(failure: WhisperDoubleFailure, times?: number): void;
  /** Forgets the script and the requests. */
  reset(): void;
  close(): Promise<void>;
}

const PATH = '/v1/audio/transcriptions';

const openAiError = (response: ServerResponse, status: number, message: string, param: string | null = null) =>
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param, code: null } }));

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export const startWhisperDouble = async (): Promise<WhisperDouble> => {
  const requests: WhisperDoubleRequest[] = [];
  let script: ({ kind: 'reply'; answer: WhisperDoubleAnswer } | { kind: 'fail'; failure: WhisperDoubleFailure })[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== PATH) return openAiError(response, 404, `Invalid URL (${request.method} ${request.url})`);
    let form: FormData;
    try {
      form = await new Response(await bodyOf(request), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
    } catch {
      return openAiError(response, 400, 'Could not parse multipart form');
    }
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof File)) return openAiError(response, 400, "you must provide a 'file'", 'file');
    if (typeof model !== 'string' || !model) return openAiError(response, 400, "you must provide a 'model'", 'model');
    let audio;
    try {
      audio = decodeWav(Buffer.from(await file.arrayBuffer()));
    } catch (error) {
      return openAiError(response, 400, `Invalid file format: ${(error as Error).message}`, 'file');
    }
    const durationMs = Math.round((audio.samples.length / audio.channels / audio.sampleRate) * 1000);
    requests.push({ model, fileName: file.name, fileType: file.type, sampleRate: audio.sampleRate, channels: audio.channels, durationMs });

    const next = script.shift();
    if (next?.kind === 'fail') return openAiError(response, next.failure.status, next.failure.message);
    const answer = next?.answer ?? `${durationMs} ms of speech`;
    if (typeof answer !== 'string') await sleep(answer.delayMs);
    if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: typeof answer === 'string' ? answer : answer.text }));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => openAiError(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...answers) => script.push(...answers.map((answer) => ({ kind: 'reply' as const, answer }))),
    fail: (failure, times = 1) => script.push(...Array.from({ length: times }, () => ({ kind: 'fail' as const, failure }))),
    reset: () => {
      script = [];
      requests.length = 0;
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      })),
  };
};
