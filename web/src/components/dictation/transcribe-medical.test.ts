// The Transcribe Medical transport with real event-stream messages (encoded and decoded by the AWS codec): what goes
// out for audio and at the end, how results, voice commands and failures come back, and the socket's life. The same
// transport against a Transcribe double over a real socket: tests/integration/transcribe-medical.test.ts.
import { EventStreamCodec, type Message } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { defaultTranscriptionConfig, type TranscriptionServerMessage } from '@chartside/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { createTranscribeReader, encodeAudioEvent, openTranscribeMedicalTransport } from './transcribe-medical';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const headers = (values: Record<string, string>): Message['headers'] =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { type: 'string' as const, value }]));

const json = (value: unknown) => fromUtf8(JSON.stringify(value));

/** A TranscriptEvent as Transcribe sends it, one result per [text, isPartial]. */
const transcriptEvent = (...results: [text: string, isPartial: boolean][]) =>
  codec.encode({
    headers: headers({ ':message-type': 'event', ':event-type': 'TranscriptEvent', ':content-type': 'application/json' }),
    body: json({
      Transcript: {
        Results: results.map(([text, isPartial], i) => ({
          Alternatives: [{ Items: [], Transcript: text }],
          ChannelId: 'ch_0',
          EndTime: 1.5,
          IsPartial: isPartial,
          ResultId: `result-${i}`,
          StartTime: 0.2,
        })),
      },
    }),
  });

const exception = (type: string, message: string) =>
  codec.encode({
    headers: headers({ ':message-type': 'exception', ':exception-type': type, ':content-type': 'application/json' }),
    body: json({ Message: message }),
  });

describe('AudioEvent', () => {
  it('carries the frame as 16-bit little-endian PCM with the event headers', () => {
    const message = codec.decode(encodeAudioEvent(new Int16Array([1, -2, 0x1234])));
    expect(message.headers).toEqual(
      headers({ ':message-type': 'event', ':event-type': 'AudioEvent', ':content-type': 'application/octet-stream' }),
    );
    expect([...message.body]).toEqual([0x01, 0x00, 0xfe, 0xff, 0x34, 0x12]);
  });

  it('is empty at the end of the stream', () => {
    expect(codec.decode(encodeAudioEvent(new Int16Array(0))).body).toHaveLength(0);
  });

  it('takes only the frame out of a larger buffer', () => {
    const frame = new Int16Array([7, 8, 9, 10]).subarray(1, 3);
    expect([...codec.decode(encodeAudioEvent(frame)).body]).toEqual([8, 0, 9, 0]);
  });
});

describe('reading Transcribe’s messages', () => {
  it('turns partial and final results into transcripts', () => {
    const read = createTranscribeReader();
    expect(read(transcriptEvent(['Chest', true]))).toEqual([{ type: 'transcript', text: 'Chest', isFinal: false }]);
    expect(read(transcriptEvent(['Chest pain since Monday.', false]))).toEqual([
      { type: 'transcript', text: 'Chest pain since Monday.', isFinal: true, commands: [], listMode: false },
    ]);
  });

  it('ignores a transcript event without results, and results without alternatives', () => {
    const read = createTranscribeReader();
    expect(read(transcriptEvent())).toEqual([]);
    const noAlternatives = codec.encode({
      headers: headers({ ':message-type': 'event', ':event-type': 'TranscriptEvent' }),
      body: json({ Transcript: { Results: [{ Alternatives: [], IsPartial: false }] } }),
    });
    expect(read(noAlternatives)).toEqual([]);
  });

  it('takes voice commands out of final text and keeps list mode from one final text to the next', () => {
    const read = createTranscribeReader();
    expect(read(transcriptEvent(['Start list.', false]))).toEqual([
      { type: 'transcript', text: '', isFinal: true, commands: [{ action: 'start_list' }], listMode: true },
    ]);
    // A partial is shown as heard: only final text is a command.
    expect(read(transcriptEvent(['Clear all', true]))).toEqual([{ type: 'transcript', text: 'Clear all', isFinal: false }]);
    expect(read(transcriptEvent(['Aspirin 81 mg daily.', false], ['Clear all.', false]))).toEqual([
      { type: 'transcript', text: 'Aspirin 81 mg daily.', isFinal: true, commands: [], listMode: true },
      { type: 'transcript', text: '', isFinal: true, commands: [{ action: 'clear_all' }], listMode: true },
    ]);
    expect(read(transcriptEvent(['End list', false]))).toMatchObject([{ commands: [{ action: 'end_list' }], listMode: false }]);
    expect(createTranscribeReader()(transcriptEvent(['Metoprolol.', false]))).toMatchObject([{ listMode: false }]);
  });

  it('shows an exception’s message as it is', () => {
    const read = createTranscribeReader();
    expect(read(exception('BadRequestException', 'Your request timed out because no new audio was received for 15 seconds.'))).toEqual([
      { type: 'error', error: 'Your request timed out because no new audio was received for 15 seconds.' },
    ]);
  });

  it('shows a stream error’s message from its headers', () => {
    const error = codec.encode({
      headers: headers({ ':message-type': 'error', ':error-code': 'InternalFailure', ':error-message': 'An internal error occurred.' }),
      body: new Uint8Array(0),
    });
    expect(createTranscribeReader()(error)).toEqual([{ type: 'error', error: 'An internal error occurred.' }]);
  });
});

/** The fake socket, taking and giving binary messages as a browser's does with binaryType 'arraybuffer'. */
class BinaryFakeWebSocket extends FakeWebSocket {
  binaryType = 'blob';
  frames: Message[] = [];
  closedByClient = false;

  override send(data: string | Uint8Array): void {
    if (typeof data === 'string') super.send(data);
    else this.frames.push(codec.decode(data));
  }

  override close(): void {
    this.closedByClient = true;
    super.close();
  }

  serverSendsBytes(bytes: Uint8Array): void {
    this.onmessage?.(new MessageEvent('message', { data: bytes.slice().buffer }));
  }

  /** A close with the closing handshake (a drop has none: serverDrops). */
  serverCloses(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, wasClean: true }));
  }
}

const socket = () => FakeWebSocket.latest() as BinaryFakeWebSocket;
const pcmOf = (message: Message) => [...new Int16Array(message.body.slice().buffer)];

describe('Transcribe Medical transport', () => {
  let messages: TranscriptionServerMessage[];
  const onConnectionLost = vi.fn();
  const onFinished = vi.fn();

  const open = () =>
    openTranscribeMedicalTransport({
      url: 'wss://transcribestreaming.eu-west-1.amazonaws.com:8443/medical-stream-transcription-websocket?X-Amz-Signature=abc',
      config: defaultTranscriptionConfig,
      token: 'access-token',
      uid: 'user-1',
      onMessage: (message) => messages.push(message),
      onConnectionLost,
      onFinished,
    });

  beforeEach(() => {
    messages = [];
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', BinaryFakeWebSocket);
  });

  it('connects to the presigned URL for binary messages, says connected when open, and sends no config message', () => {
    open();
    expect(socket().url).toBe('wss://transcribestreaming.eu-west-1.amazonaws.com:8443/medical-stream-transcription-websocket?X-Amz-Signature=abc');
    expect(socket().binaryType).toBe('arraybuffer');
    expect(messages).toEqual([]);
    socket().serverOpens();
    expect(messages).toEqual([{ type: 'status', status: 'connected' }]);
    expect(socket().sent).toEqual([]);
  });

  it('sends audio spoken while the socket opens once it is open, in order, then the rest as it comes', () => {
    const transport = open();
    transport.sendAudio(new Int16Array([1, 2]));
    transport.sendAudio(new Int16Array([3, 4]));
    expect(socket().frames).toEqual([]);
    socket().serverOpens();
    transport.sendAudio(new Int16Array([5, 6]));
    expect(socket().frames.map(pcmOf)).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(socket().frames.every((frame) => frame.headers[':event-type']?.value === 'AudioEvent')).toBe(true);
  });

  it('passes results on as they come', () => {
    open();
    socket().serverOpens();
    socket().serverSendsBytes(transcriptEvent(['Short of', true]));
    socket().serverSendsBytes(transcriptEvent(['Short of breath.', false]));
    expect(messages.slice(1)).toEqual([
      { type: 'transcript', text: 'Short of', isFinal: false },
      { type: 'transcript', text: 'Short of breath.', isFinal: true, commands: [], listMode: false },
    ]);
  });

  it('finishes with an empty AudioEvent, takes no more audio, passes on the last words and reports the normal close as finished', () => {
    const transport = open();
    socket().serverOpens();
    transport.sendAudio(new Int16Array([1]));
    transport.finish();
    transport.sendAudio(new Int16Array([2]));
    expect(socket().frames.map(pcmOf)).toEqual([[1], []]);
    socket().serverSendsBytes(transcriptEvent(['No fever.', false]));
    socket().serverCloses(1000);
    expect(messages.at(-1)).toMatchObject({ text: 'No fever.', isFinal: true });
    expect(onFinished).toHaveBeenCalledOnce();
    expect(onConnectionLost).not.toHaveBeenCalled();
  });

  it('takes a clean close after the end as finished, with or without a status code', () => {
    const transport = open();
    socket().serverOpens();
    transport.finish();
    socket().serverCloses(1005);
    expect(onFinished).toHaveBeenCalledOnce();
    expect(onConnectionLost).not.toHaveBeenCalled();
  });

  it('finishing before the socket is open sends the waiting audio, then the end', () => {
    const transport = open();
    transport.sendAudio(new Int16Array([9]));
    transport.finish();
    socket().serverOpens();
    expect(socket().frames.map(pcmOf)).toEqual([[9], []]);
  });

  it('reports a dropped connection as lost, also while finishing', () => {
    open();
    socket().serverOpens();
    socket().serverDrops();
    expect(onConnectionLost).toHaveBeenCalledOnce();

    const finishing = open();
    socket().serverOpens();
    finishing.finish();
    socket().serverDrops();
    expect(onConnectionLost).toHaveBeenCalledTimes(2);
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('passes an exception on as the error, and nothing more when Transcribe then closes', () => {
    open();
    socket().serverOpens();
    socket().serverSendsBytes(exception('LimitExceededException', 'You have reached your limit of concurrent streams.'));
    socket().serverCloses(1000);
    expect(messages.at(-1)).toEqual({ type: 'error', error: 'You have reached your limit of concurrent streams.' });
    expect(onConnectionLost).not.toHaveBeenCalled();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('closes at once when asked, and nothing follows', () => {
    const transport = open();
    socket().serverOpens();
    transport.close();
    expect(socket().closedByClient).toBe(true);
    socket().serverSendsBytes(transcriptEvent(['Late words.', false]));
    socket().serverCloses(1000);
    expect(messages).toEqual([{ type: 'status', status: 'connected' }]);
    expect(onConnectionLost).not.toHaveBeenCalled();
    expect(onFinished).not.toHaveBeenCalled();
  });
});
