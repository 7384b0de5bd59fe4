// The local runtime's /transcribeV2 socket (spec section 7): the config message first, then binary PCM frames; its
// JSON messages come back as they are. Audio captured before the engine says 'connected' waits, so the first words
// spoken while it starts are not lost.
import { TranscriptionServerMessage, type TranscriptionConfigMessage, type TranscriptionEndMessage } from '@chartside/shared';
import type { TranscriptionTransport, TranscriptionTransportOptions } from './transport';

/** About 10 s of audio may wait for the engine; later frames are dropped rather than held without end. */
const MAX_WAITING_FRAMES = 160;

/** A message of the socket in the contract's shape, or undefined for anything else. */
export function parseServerMessage(data: unknown): TranscriptionServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = TranscriptionServerMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The socket URL (absolute, or relative to this page) with a ws: or wss: scheme. */
export function socketUrl(url: string, base: string = window.location.href): string {
  const absolute = new URL(url, base);
  if (absolute.protocol === 'http:') absolute.protocol = 'ws:';
  if (absolute.protocol === 'https:') absolute.protocol = 'wss:';
  return absolute.toString();
}

export function openSocketTransport({ url, config, token, uid, onMessage, onConnectionLost, onFinished }: TranscriptionTransportOptions): TranscriptionTransport {
  const socket = new WebSocket(socketUrl(url));
  socket.binaryType = 'arraybuffer';
  let connected = false;
  let closedByUs = false;
  let finishing = false;
  let waiting: Int16Array[] = [];

  const sendEnd = () => socket.send(JSON.stringify({ type: 'end' } satisfies TranscriptionEndMessage));

  socket.onopen = () => {
    socket.send(JSON.stringify({ type: 'config', token, uid, config } satisfies TranscriptionConfigMessage));
  };
  socket.onmessage = (event: MessageEvent) => {
    const message = parseServerMessage(event.data);
    if (!message || closedByUs) return;
    if (message.type === 'status') {
      connected = true;
      for (const frame of waiting) socket.send(frame);
      waiting = [];
      if (finishing) sendEnd();
    }
    onMessage(message);
  };
  socket.onclose = (event) => {
    if (closedByUs) return;
    if (finishing && event.code === 1000) onFinished();
    else onConnectionLost();
  };

  return {
    sendAudio(frame) {
      if (connected && socket.readyState === WebSocket.OPEN) socket.send(frame);
      else if (!connected && waiting.length < MAX_WAITING_FRAMES) waiting.push(frame);
    },
    finish() {
      finishing = true;
      // Not connected yet: the end follows the waiting audio once the engine is there.
      if (connected && socket.readyState === WebSocket.OPEN) sendEnd();
    },
    close() {
      closedByUs = true;
      socket.close(1000, 'dictation stopped');
    },
  };
}
