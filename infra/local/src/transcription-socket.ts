// The local runtime's dictation socket at /transcribeV2 (spec section 7; messages in shared/src/contracts/transcription.ts).
// First a text message {type:'config', token, uid, config}: the token is verified and must belong to uid. Then binary
// frames of 16 kHz 16-bit mono PCM go to one engine stream of this socket's own (a pocketsphinx process, or phrases for
// a Whisper server), and its text comes back as transcripts, voice commands taken out of the final ones. {type:'end'}
// settles the last phrase and closes normally. Any error is sent as {type:'error', error} and closes the socket; the
// engine stream is closed with it, and when the browser goes away.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@aws-lambda-powertools/logger';
import {
  applyVoiceCommands,
  DICTATION_FRAME_SAMPLES,
  DICTATION_SAMPLE_RATE,
  TranscriptionConfigMessage,
  TranscriptionEndMessage,
  type TranscriptionServerMessage,
} from '@chartside/shared';
import type { SpeechStream } from '@chartside/lambdas/ports/speech-engine';
import type { TokenVerifier } from '@chartside/lambdas/ports/token-verifier';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { LocalSpeech } from './speech';

/** How long a socket may stay open without its config message, and then without audio (a browser listening sends a
 * frame every 64 ms, silence included), before it is closed and its engine stopped. */
const CONFIG_TIMEOUT_MS = 10_000;
const AUDIO_TIMEOUT_MS = 30_000;
/** Sockets open at once on this runtime: each runs an engine process of its own. */
const MAX_SOCKETS = 8;
/** Largest audio message: four of the spec's 1024-sample frames. */
const MAX_FRAME_BYTES = 4 * DICTATION_FRAME_SAMPLES * 2;
/** Audio kept while the engine starts (about 0.4 s for pocketsphinx): up to 10 s of it. */
const MAX_EARLY_AUDIO_BYTES = 10 * DICTATION_SAMPLE_RATE * 2;

// Close codes (RFC 6455): normal, policy violation (auth, order of messages), unsupported data, engine failure, busy.
const CLOSE = { done: 1000, policy: 1008, badData: 1003, engineFailed: 1011, busy: 1013 } as const;

export interface TranscriptionSocketDeps {
  speech: LocalSpeech;
  tokenVerifier: TokenVerifier;
  logger: Logger;
}

export interface TranscriptionSocket {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

const bytesOf = (data: RawData) => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));
const textOf = (data: RawData) => bytesOf(data).toString('utf8');

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const createTranscriptionSocket = (deps: TranscriptionSocketDeps): TranscriptionSocket => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const serve = (ws: WebSocket) => {
    // config: waiting for the config message; starting: verifying it and starting the engine; listening: audio flows;
    // ending: {type:'end'} came, the engine settles its last phrase; done: closed.
    let phase: 'config' | 'starting' | 'listening' | 'ending' | 'done' = 'config';
    let stream: SpeechStream | undefined;
    let listMode = false;
    let userId: string | undefined;
    const earlyAudio: Buffer[] = [];
    let earlyBytes = 0;
    let endAfterStart = false;
    const opened = Date.now();

    const send = (message: TranscriptionServerMessage) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };
    const finish = (code: number, error?: string) => {
      if (phase === 'done') return;
      phase = 'done';
      clearTimeout(timer);
      stream?.close();
      if (error) send({ type: 'error', error });
      ws.close(code);
      deps.logger.info('dictation closed', { userId, code, seconds: Math.round((Date.now() - opened) / 1000) });
    };
    let timer = setTimeout(() => finish(CLOSE.policy, 'No config message arrived: send {"type":"config", token, uid, config} first.'), CONFIG_TIMEOUT_MS);
    const awaitAudio = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(CLOSE.policy, `No audio arrived for ${AUDIO_TIMEOUT_MS / 1000} s: dictation stopped.`), AUDIO_TIMEOUT_MS);
    };

    const start = async (text: string) => {
      phase = 'starting';
      awaitAudio();
      const parsed = TranscriptionConfigMessage.safeParse(parseJson(text));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
        return finish(CLOSE.policy, `The first message must be the config message {"type":"config", token, uid, config} (${issues}).`);
      }
      try {
        userId = (await deps.tokenVerifier.verify(parsed.data.token)).userId;
      } catch {
        return finish(CLOSE.policy, 'The access token is invalid or has expired. Sign in again.');
      }
      if (userId !== parsed.data.uid) return finish(CLOSE.policy, 'The uid is not the signed-in user.');
      if (!deps.speech.engine) return finish(CLOSE.engineFailed, deps.speech.problem);
      let opening: SpeechStream;
      try {
        opening = await deps.speech.engine.open({
          text: (heard, isFinal) => {
            if (!isFinal) return send({ type: 'transcript', text: heard, isFinal: false });
            const result = applyVoiceCommands(heard, listMode);
            listMode = result.listMode;
            send({ type: 'transcript', text: result.text, isFinal: true, listMode, ...(result.commands.length ? { commands: result.commands } : {}) });
          },
          failed: (message) => finish(CLOSE.engineFailed, message),
          ended: () => finish(CLOSE.done),
          drained: () => {
            if (phase === 'done' || !ws.isPaused) return;
            ws.resume();
            if (phase === 'listening') awaitAudio();
          },
        });
      } catch (error) {
        return finish(CLOSE.engineFailed, error instanceof Error ? error.message : 'The speech engine could not start.');
      }
      if ((phase as string) === 'done') return opening.close(); // the browser left while the engine started
      stream = opening;
      phase = 'listening';
      send({ type: 'status', status: 'connected' });
      for (const audio of earlyAudio.splice(0)) write(audio);
      if (endAfterStart) end();
    };

    // Audio faster than the engine takes it (a file sent at several times real time, a busy machine) waits in the
    // browser: this socket stops reading until the engine catches up, and TCP holds the rest back.
    const write = (audio: Buffer) => {
      if (stream!.write(audio)) return;
      ws.pause();
      clearTimeout(timer);
    };

    const end = () => {
      phase = 'ending';
      clearTimeout(timer);
      stream?.end();
    };

    const audio = (bytes: Buffer) => {
      awaitAudio();
      if (bytes.length % 2 !== 0 || bytes.length > MAX_FRAME_BYTES) {
        return finish(CLOSE.badData, `Audio must be 16-bit PCM at 16 kHz, mono, in frames of up to ${MAX_FRAME_BYTES} bytes (an even number).`);
      }
      if (phase === 'listening') return write(bytes);
      earlyBytes += bytes.length;
      if (earlyBytes > MAX_EARLY_AUDIO_BYTES) return finish(CLOSE.engineFailed, 'The speech engine took too long to start.');
      earlyAudio.push(bytes);
    };

    ws.on('message', (data, isBinary) => {
      if (phase === 'done' || phase === 'ending') return;
      if (phase === 'config') {
        if (isBinary) return finish(CLOSE.policy, 'The first message must be the config message {"type":"config", token, uid, config}, before any audio.');
        void start(textOf(data)).catch((error: unknown) => {
          deps.logger.error('dictation start failed', { error: String(error) });
          finish(CLOSE.engineFailed, 'Dictation could not start.');
        });
        return;
      }
      if (isBinary) return audio(bytesOf(data));
      if (!TranscriptionEndMessage.safeParse(parseJson(textOf(data))).success) {
        return finish(CLOSE.policy, 'After the config message only audio frames and {"type":"end"} may follow.');
      }
      if (phase === 'starting') endAfterStart = true;
      else end();
    });
    ws.on('close', () => finish(CLOSE.done));
    ws.on('error', (error) => {
      deps.logger.warn('dictation socket error', { error: error.message });
      finish(CLOSE.badData);
    });
  };

  return {
    handleUpgrade: (request, socket, head) => {
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (wss.clients.size > MAX_SOCKETS) {
          ws.send(JSON.stringify({ type: 'error', error: 'Too many dictations at once on this server. Try again in a moment.' } satisfies TranscriptionServerMessage));
          ws.close(CLOSE.busy);
          return;
        }
        serve(ws);
      });
    },
    close: () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
};
