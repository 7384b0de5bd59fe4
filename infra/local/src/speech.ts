// The local runtime's dictation engine: a Whisper server when WHISPER_URL is set, else Debian's pocketsphinx when it is
// installed, else none, and the session call says what to install or set. The browser streams to this runtime's own
// /transcribeV2 socket (transcription-socket.ts), on the origin it already talks to.
import { VOICE_COMMAND_PHRASES } from '@chartside/shared';
import { pocketsphinxProblem, pocketsphinxSpeechEngine } from '@chartside/lambdas/adapters/local/pocketsphinx-speech-engine';
import { whisperSpeechEngine } from '@chartside/lambdas/adapters/local/whisper-speech-engine';
import { unavailableTranscriptionSessions } from '@chartside/lambdas/adapters/unavailable-transcription-sessions';
import type { SpeechEngine } from '@chartside/lambdas/ports/speech-engine';
import type { TranscriptionSessions } from '@chartside/lambdas/ports/transcription-sessions';
import type { LocalSettings } from './settings';

export const TRANSCRIPTION_PATH = '/transcribeV2';

export const DICTATION_NOT_SET_UP =
  "Dictation is not set up on this server: install Debian's python3-pocketsphinx and pocketsphinx-en-us, or set WHISPER_URL to an OpenAI-compatible transcription server, and restart Chartside.";
export const DICTATION_OFF = 'Dictation is turned off on this server (DICTATION_ENGINE=off).';

/** The engine, or why there is none (a sentence for the user). */
export type LocalSpeech = { engine: SpeechEngine } | { engine?: undefined; problem: string };

export const localSpeech = async (settings: LocalSettings): Promise<LocalSpeech> => {
  const choice = settings.DICTATION_ENGINE;
  if (choice === 'off') return { problem: DICTATION_OFF };
  if (settings.WHISPER_URL && choice !== 'pocketsphinx') {
    return { engine: whisperSpeechEngine({ url: settings.WHISPER_URL, model: settings.WHISPER_MODEL, timeoutMs: settings.WHISPER_TIMEOUT_MS }) };
  }
  const pocketsphinx = { python: settings.POCKETSPHINX_PYTHON, modelDir: settings.POCKETSPHINX_MODEL_DIR, commands: VOICE_COMMAND_PHRASES };
  const problem = await pocketsphinxProblem(pocketsphinx);
  return problem ? { problem: `${DICTATION_NOT_SET_UP} (pocketsphinx: ${problem})` } : { engine: pocketsphinxSpeechEngine(pocketsphinx) };
};

/** The session call's answer: this runtime's socket, on the host and port the browser called, or 503 with the problem. */
export const localTranscriptionSessions = (speech: LocalSpeech, origin: string): TranscriptionSessions => {
  if (!speech.engine) return unavailableTranscriptionSessions(speech.problem);
  const engine = speech.engine.name;
  return {
    open: async (_userId, requestUrl = origin) => {
      const url = new URL(TRANSCRIPTION_PATH, requestUrl);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return { kind: 'socket', url: url.href, engine };
    },
  };
};
