// Amazon Transcribe Medical streaming, spoken to straight from the browser (the cloud's engine). The API hands out a
// presigned URL valid for 5 minutes (POST /api/transcription/session): a relay of ours could not hold a streaming audio
// connection in Lambda. The URL already names the language, audio format, specialty and type, so no config message goes
// first. Both ways every WebSocket message is one AWS event-stream message: audio goes out as AudioEvents, an empty one
// ends the stream; TranscriptEvents come back and are turned into the contract's messages here, final text through the
// same voice-command rule as the local engine. Loaded only when a cloud session starts (see engine.ts).
import { EventStreamCodec, type MessageHeaders } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { applyVoiceCommands, type TranscriptionServerMessage } from '@chartside/shared';
import type { TranscriptionTransport, TranscriptionTransportOptions } from './transport';

/** About 10 s of audio may wait while the socket opens; later frames are dropped rather than held without end. */
const MAX_WAITING_FRAMES = 160;

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const stringHeaders = (headers: Record<string, string>): MessageHeaders =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { type: 'string', value }]));

const AUDIO_EVENT_HEADERS = stringHeaders({ ':message-type': 'event', ':event-type': 'AudioEvent', ':content-type': 'application/octet-stream' });

/** One AudioEvent carrying the frame's PCM (16-bit little-endian, as every browser's Int16Array is); empty ends the stream. */
export function encodeAudioEvent(frame: Int16Array): Uint8Array {
  return codec.encode({ headers: AUDIO_EVENT_HEADERS, body: new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength) });
}

/** The part of a TranscriptEvent this app reads (Transcribe Medical's `Transcript.Results`). */
interface TranscriptEventBody {
  Transcript?: { Results?: { IsPartial?: boolean; Alternatives?: { Transcript?: string }[] }[] };
}

/**
 * Reads Transcribe's messages one by one into the contract's: a result per transcript message (final text with its
 * voice commands taken out, list mode carried from one final text to the next), an exception into an error.
 */
export function createTranscribeReader(): (bytes: Uint8Array) => TranscriptionServerMessage[] {
  let listMode = false;
  return (bytes) => {
    const message = codec.decode(bytes);
    const header = (name: string) => {
      const value = message.headers[name]?.value;
      return typeof value === 'string' ? value : undefined;
    };
    const body = () => JSON.parse(toUtf8(message.body)) as unknown;
    switch (header(':message-type')) {
      case 'event': {
        if (header(':event-type') !== 'TranscriptEvent') return [];
        const results = (body() as TranscriptEventBody).Transcript?.Results ?? [];
        return results.flatMap((result): TranscriptionServerMessage[] => {
          const text = result.Alternatives?.[0]?.Transcript;
          if (text === undefined) return [];
          if (result.IsPartial) return [{ type: 'transcript', text, isFinal: false }];
          const heard = applyVoiceCommands(text, listMode);
          listMode = heard.listMode;
          return [{ type: 'transcript', text: heard.text, isFinal: true, commands: heard.commands, listMode }];
        });
      }
      case 'exception':
        // A modelled failure (BadRequestException, LimitExceededException, ...): its Message is shown as it is.
        return [{ type: 'error', error: (body() as { Message?: string }).Message ?? header(':exception-type') ?? 'Transcription failed.' }];
      case 'error':
        // A failure of the stream itself: the message travels in headers.
        return [{ type: 'error', error: header(':error-message') ?? header(':error-code') ?? 'Transcription failed.' }];
      default:
        return [];
    }
  };
}

export function openTranscribeMedicalTransport({ url, onMessage, onConnectionLost, onFinished }: TranscriptionTransportOptions): TranscriptionTransport {
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  const read = createTranscribeReader();
  let open = false;
  let closedByUs = false;
  let finishing = false;
  let failed = false;
  let waiting: Int16Array[] = [];

  const send = (frame: Int16Array) => socket.send(encodeAudioEvent(frame));
  const endOfStream = () => send(new Int16Array(0));

  socket.onopen = () => {
    open = true;
    for (const frame of waiting) send(frame);
    waiting = [];
    if (finishing) endOfStream();
    // Transcribe says nothing until it hears speech: the open socket is its readiness.
    onMessage({ type: 'status', status: 'connected' });
  };
  socket.onmessage = (event: MessageEvent) => {
    // Transcribe sends binary messages only (an ArrayBuffer, given the binaryType).
    if (closedByUs || typeof event.data === 'string') return;
    for (const message of read(new Uint8Array(event.data as ArrayBuffer))) {
      if (message.type === 'error') failed = true;
      onMessage(message);
    }
  };
  socket.onclose = (event) => {
    // After an exception the error message has said why; the close that follows adds nothing.
    if (closedByUs || failed) return;
    // Transcribe closes cleanly once it has sent the last results; a cut connection never closes cleanly.
    if (finishing && event.wasClean) onFinished();
    else onConnectionLost();
  };

  return {
    sendAudio(frame) {
      if (finishing) return;
      if (open && socket.readyState === WebSocket.OPEN) send(frame);
      else if (!open && waiting.length < MAX_WAITING_FRAMES) waiting.push(frame);
    },
    finish() {
      if (finishing) return;
      finishing = true;
      // Transcribe then sends the final text of the last words and closes normally. Not open yet: sent on open.
      if (open && socket.readyState === WebSocket.OPEN) endOfStream();
    },
    close() {
      closedByUs = true;
      socket.close(1000, 'dictation stopped');
    },
  };
}
