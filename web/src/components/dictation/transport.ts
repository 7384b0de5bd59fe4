// How dictation audio reaches this deployment's engine, and its messages come back: one shape for the local runtime's
// /transcribeV2 socket and for Amazon Transcribe Medical streaming in the cloud (contract: shared transcription.ts).
import type { TranscriptionConfig, TranscriptionServerMessage } from '@chartside/shared';

export interface TranscriptionTransportEvents {
  /** A message in the contract's shape (a Transcribe Medical result is turned into one). */
  onMessage(message: TranscriptionServerMessage): void;
  /** The connection failed or closed without the user asking (the UI says 'Connection error occurred'). */
  onConnectionLost(): void;
  /** After `finish`: the engine has sent its last text and closed. */
  onFinished(): void;
}

export interface TranscriptionTransport {
  /** One frame of 16 kHz 16-bit mono PCM (DICTATION_FRAME_SAMPLES samples). */
  sendAudio(frame: Int16Array): void;
  /** No more audio: the engine settles the last words, sends them, then closes (onFinished). */
  finish(): void;
  /** Closes at once; no event follows. */
  close(): void;
}

export interface TranscriptionTransportOptions extends TranscriptionTransportEvents {
  url: string;
  config: TranscriptionConfig;
  /** The user's access token and id (the socket's first message carries them). */
  token: string;
  uid: string;
}
