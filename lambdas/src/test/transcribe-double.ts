// Test-only: a stand-in for Amazon Transcribe Medical streaming's WebSocket endpoint, reached as the browser reaches
// the real one: by a presigned URL (`GET /medical-stream-transcription-websocket?...`), then AWS event-stream messages
// both ways. Point the presigner at it with its `url` (AWS_ENDPOINT_URL_TRANSCRIBE_STREAMING in the cloud config).
//
// Like the service, it checks the upgrade request before accepting it: the path, the parameters this app must send
// (language-code en-US, media-encoding pcm, sample-rate 16000, a specialty, a type), X-Amz-Expires at most 300 s and
// not past, and the SigV4 query signature for its credentials and region. A refusal is an HTTP answer instead of the
// upgrade (403 for the signature, 400 for a parameter), so a browser sees only a failed socket. Once connected, every
// message must be an AudioEvent (anything else: a BadRequestException, then the socket closes). Each AudioEvent with
// audio is answered with the stream's next scripted TranscriptEvent; the empty one that ends the stream is answered
// with what is left of the script, then a normal close (1000).
//
//   say(...phrases)      what the next stream hears: each phrase as partial results word by word, then final
//   fail(type, message)  the next stream answers its first audio with this exception, then closes
//   drop()               the next stream is cut after its first audio, without a close frame
//   streams              every accepted stream: its query parameters, the audio received, whether it was ended
//
//   const double = await startTranscribeDouble({ credentials, region: 'us-east-1' });
//   double.say('Chest pain since Monday.');
//   // ...presign with endpoint double.url and the same credentials, stream audio, then:
//   expect(double.streams[0]?.ended).toBe(true);
//   await double.close();
//
// Known differences: results carry no Items (words with times and confidence), and there is no 15-second silence
// timeout; refusal bodies are close to but not exactly the service's.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { EventStreamCodec, type Message, type MessageHeaders } from '@smithy/core/event-streams';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity } from '@smithy/types';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

export interface TranscribeDoubleStream {
  /** The URL's query parameters, the signature's among them. */
  query: Record<string, string>;
  /** The audio of each AudioEvent, in order (the empty one that ends the stream is not kept). */
  audio: Uint8Array[];
  /** The client sent the empty AudioEvent that ends the stream. */
  ended: boolean;
}

export interface TranscribeDouble {
  /** Base URL, e.g. http://127.0.0.1:40123: an endpoint override for the presigner. */
  readonly url: string;
  readonly streams: TranscribeDoubleStream[];
  say(...phrases: string[]): void;
  fail(type: string, message: string): void;
  drop(): void;
  close(): Promise<void>;
}

export interface TranscribeDoubleOptions {
  /** The only credentials whose signatures it accepts. */
  credentials: AwsCredentialIdentity;
  region: string;
}

type Script = { kind: 'say'; events: Uint8Array[] } | { kind: 'fail'; exception: Uint8Array } | { kind: 'drop' };

const PATH = '/medical-stream-transcription-websocket';
const MAX_EXPIRES_SECONDS = 300;
const REQUIRED: Record<string, (value: string) => boolean> = {
  'language-code': (value) => value === 'en-US',
  'media-encoding': (value) => value === 'pcm',
  'sample-rate': (value) => value === '16000',
  specialty: (value) => ['PRIMARYCARE', 'CARDIOLOGY', 'NEUROLOGY', 'ONCOLOGY', 'RADIOLOGY', 'UROLOGY'].includes(value),
  type: (value) => value === 'DICTATION' || value === 'CONVERSATION',
};
/** Added by the signer itself, so left out when the signature is computed again. */
const SIGNING_PARAMETERS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-Security-Token', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const stringHeaders = (values: Record<string, string>): MessageHeaders =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { type: 'string', value }]));

const header = (message: Message, name: string) => message.headers[name]?.value;

const transcriptEvent = (text: string, isPartial: boolean, resultId: string) =>
  codec.encode({
    headers: stringHeaders({ ':message-type': 'event', ':event-type': 'TranscriptEvent', ':content-type': 'application/json' }),
    body: fromUtf8(
      JSON.stringify({
        Transcript: { Results: [{ Alternatives: [{ Items: [], Transcript: text }], ChannelId: 'ch_0', EndTime: 1, IsPartial: isPartial, ResultId: resultId, StartTime: 0 }] },
      }),
    ),
  });

const exceptionEvent = (type: string, message: string) =>
  codec.encode({
    headers: stringHeaders({ ':message-type': 'exception', ':exception-type': type, ':content-type': 'application/json' }),
    body: fromUtf8(JSON.stringify({ Message: message })),
  });

/** Each phrase as Transcribe streams it: partial results growing word by word, then the phrase final. */
const phraseEvents = (phrases: string[]) =>
  phrases.flatMap((phrase, i) => {
    const words = phrase.split(' ');
    return [...words.slice(0, -1).map((_, n) => transcriptEvent(words.slice(0, n + 1).join(' '), true, `r${i}`)), transcriptEvent(phrase, false, `r${i}`)];
  });

/** 20250314T092653Z as a date. */
const amzDate = (value: string) => new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

class Refusal extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (socket: Socket, refusal: Refusal) => {
  const body = JSON.stringify({ Message: refusal.message });
  const reason = refusal.status === 403 ? 'Forbidden' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\ncontent-type: application/json\r\nx-amzn-errortype: ${refusal.type}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
};

export async function startTranscribeDouble(options: TranscribeDoubleOptions): Promise<TranscribeDouble> {
  const signer = new SignatureV4({ service: 'transcribe', region: options.region, credentials: options.credentials, sha256: Hash.bind(null, 'sha256') });
  const streams: TranscribeDoubleStream[] = [];
  const scripts: Script[] = [];
  const server = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ noServer: true });

  /** The query of an acceptable upgrade request, or a Refusal saying what the service would say. */
  const check = async (request: IncomingMessage): Promise<Record<string, string>> => {
    const url = new URL(request.url ?? '/', 'http://double');
    if (url.pathname !== PATH) throw new Refusal(400, 'BadRequestException', `Unknown path ${url.pathname}.`);
    const query = Object.fromEntries(url.searchParams);
    for (const [name, valid] of Object.entries(REQUIRED)) {
      if (query[name] === undefined || !valid(query[name])) throw new Refusal(400, 'BadRequestException', `Invalid or missing parameter ${name}.`);
    }
    const signedAt = amzDate(query['X-Amz-Date'] ?? '');
    const expires = Number(query['X-Amz-Expires']);
    if (Number.isNaN(signedAt.getTime()) || !(expires > 0 && expires <= MAX_EXPIRES_SECONDS)) {
      throw new Refusal(400, 'BadRequestException', `X-Amz-Date and X-Amz-Expires (at most ${MAX_EXPIRES_SECONDS}) are required.`);
    }
    if (Date.now() > signedAt.getTime() + expires * 1000) throw new Refusal(403, 'AccessDeniedException', 'Signature expired.');
    const resigned = await signer.presign(
      {
        method: 'GET',
        protocol: 'ws:',
        hostname: 'double',
        path: PATH,
        headers: { host: request.headers.host ?? '' },
        query: Object.fromEntries(Object.entries(query).filter(([name]) => !SIGNING_PARAMETERS.includes(name))),
      },
      { signingDate: signedAt, expiresIn: expires },
    );
    const same = SIGNING_PARAMETERS.every((name) => resigned.query?.[name] === query[name]);
    if (!same) {
      throw new Refusal(403, 'InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
    }
    return query;
  };

  const serve = (socket: WebSocket, stream: TranscribeDoubleStream, script: Script) => {
    const pending = script.kind === 'say' ? [...script.events] : [];
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const message = isBinary ? codec.decode(new Uint8Array(data as Buffer)) : undefined;
      if (!message || header(message, ':message-type') !== 'event' || header(message, ':event-type') !== 'AudioEvent') {
        socket.send(exceptionEvent('BadRequestException', 'A message was not an AudioEvent in event-stream encoding.'));
        socket.close(1000);
        return;
      }
      if (message.body.byteLength === 0) {
        stream.ended = true;
        for (const event of pending.splice(0)) socket.send(event);
        socket.close(1000);
        return;
      }
      stream.audio.push(message.body);
      if (script.kind === 'fail') {
        socket.send(script.exception);
        socket.close(1000);
      } else if (script.kind === 'drop') {
        socket.terminate();
      } else {
        const next = pending.shift();
        if (next) socket.send(next);
      }
    });
  };

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    check(request).then(
      (query) =>
        sockets.handleUpgrade(request, socket, head, (client) => {
          const stream: TranscribeDoubleStream = { query, audio: [], ended: false };
          streams.push(stream);
          serve(client, stream, scripts.shift() ?? { kind: 'say', events: [] });
        }),
      (error: unknown) => {
        if (error instanceof Refusal) refuse(socket, error);
        else socket.destroy(error instanceof Error ? error : undefined);
      },
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    streams,
    say: (...phrases) => scripts.push({ kind: 'say', events: phraseEvents(phrases) }),
    fail: (type, message) => scripts.push({ kind: 'fail', exception: exceptionEvent(type, message) }),
    drop: () => scripts.push({ kind: 'drop' }),
    async close() {
      if (closed) return;
      closed = true;
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
