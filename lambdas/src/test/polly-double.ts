// Test-only: a stand-in for Amazon Polly's SynthesizeSpeech, speaking its REST wire format: `POST /v1/speech` with a
// JSON body {Text, TextType, OutputFormat, VoiceId, Engine}, answered with the audio bytes (`audio/mpeg`) and the
// `x-amzn-RequestCharacters` header; refusals as Polly's JSON errors named by `x-amzn-errortype`. Point the AWS SDK
// at its `url` (AWS_ENDPOINT_URL_POLLY, or the client's `endpoint`). It speaks HTTP/2 (h2c) only, as the SDK's Polly
// client does (its default handler is HTTP/2, for Polly's bidirectional streams).
//
// Like the service it refuses, with a 400: a text over 3000 characters (TextLengthExceededException), and a missing
// or unknown VoiceId, OutputFormat other than mp3 here, Engine other than neural or standard (ValidationException).
// The audio is real MP3 a browser plays: silent MPEG-1 Layer III frames, two per character (72 ms, about speech's pace).
//
//   fail(type, message, status = 400)  the next call fails with this error
//   requests                           every SynthesizeSpeech call: its body, whether it was SigV4-signed, its audio
//
//   const double = await startPollyDouble();
//   // ...point the adapter at double.url, then: expect(double.requests[0]?.body.VoiceId).toBe('Joanna')
//   await double.close();
//
// Known differences: no SSML, speech marks, lexicons or other formats; error messages are close to Polly's.
import { createServer, type Http2ServerRequest, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface PollyDoubleRequest {
  body: { Text?: unknown; TextType?: unknown; OutputFormat?: unknown; VoiceId?: unknown; Engine?: unknown };
  signed: boolean;
  /** The audio answered (none when refused). */
  audio?: Buffer;
}

/** Polly's limit per call, in characters. */
const MAX_CHARS = 3000;
/** The neural English voices the double knows (a few more than the app offers, as the service has). */
const VOICES = new Set(['Joanna', 'Matthew', 'Ruth', 'Stephen', 'Danielle', 'Gregory', 'Amy', 'Brian', 'Ivy', 'Kendra', 'Kimberly', 'Salli', 'Joey', 'Justin', 'Kevin', 'Emma', 'Arthur']);
/** One silent MPEG-1 Layer III frame: 32 kbit/s, 32 kHz, mono, 36 ms (144 bytes: the header, then zeros). */
export const SILENT_MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x18, 0xc4]), Buffer.alloc(140)]);

const readBody = async (request: Http2ServerRequest) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startPollyDouble = async () => {
  const requests: PollyDoubleRequest[] = [];
  const failures: { type: string; message: string; status: number }[] = [];

  const sessions = new Set<ServerHttp2Session>();
  const server = createServer((request, response) => {
    void (async () => {
      const refuse = (status: number, type: string, message: string) => {
        response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type, 'x-amzn-requestid': 'double' });
        response.end(JSON.stringify({ message }));
      };
      const raw = await readBody(request);
      if (request.method !== 'POST' || request.url?.split('?')[0] !== '/v1/speech') return refuse(404, 'UnknownOperationException', 'Unknown operation');
      let body: PollyDoubleRequest['body'];
      try {
        body = JSON.parse(raw) as PollyDoubleRequest['body'];
      } catch {
        return refuse(400, 'SerializationException', 'The request body is not JSON');
      }
      const call: PollyDoubleRequest = { body, signed: (request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') };
      requests.push(call);
      const failure = failures.shift();
      if (failure) return refuse(failure.status, failure.type, failure.message);
      const text = typeof body.Text === 'string' ? body.Text : '';
      if (!text) return refuse(400, 'ValidationException', "1 validation error detected: Value null at 'text' failed to satisfy constraint: Member must not be null");
      if (text.length > MAX_CHARS) return refuse(400, 'TextLengthExceededException', `Maximum text length has been exceeded: ${text.length} characters`);
      if (typeof body.VoiceId !== 'string' || !VOICES.has(body.VoiceId))
        return refuse(400, 'ValidationException', `1 validation error detected: Value '${String(body.VoiceId)}' at 'voiceId' failed to satisfy constraint: Member must satisfy enum value set`);
      if (body.OutputFormat !== 'mp3') return refuse(400, 'ValidationException', `The double answers OutputFormat mp3 only, not ${String(body.OutputFormat)}`);
      if (body.Engine !== undefined && body.Engine !== 'neural' && body.Engine !== 'standard')
        return refuse(400, 'ValidationException', `1 validation error detected: Value '${String(body.Engine)}' at 'engine' failed to satisfy constraint: Member must satisfy enum value set`);
      call.audio = Buffer.concat(Array.from({ length: 2 * text.length }, () => SILENT_MP3_FRAME));
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'x-amzn-RequestCharacters': String(text.length), 'x-amzn-requestid': 'double' });
      response.end(call.audio);
    })();
  });
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (type: string, message: string, status = 400) => void failures.push({ type, message, status }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
};

export type PollyDouble = Awaited<ReturnType<typeof startPollyDouble>>;
