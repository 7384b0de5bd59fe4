// Test-only: a stand-in for the text-model services, on one port. It speaks Ollama's REST API (`POST /api/chat`,
// `POST /api/generate`, `GET /api/tags`, `GET /api/version`; NDJSON when streamed) and Bedrock Runtime's Converse and
// ConverseStream (`POST /model/{modelId}/converse[-stream]`; binary event-stream messages when streamed), with the
// services' answer shapes and error bodies. HTTP/1.1 and HTTP/2 (h2c) share the port: `fetch` speaks the first, the
// AWS SDK's Bedrock client the second.
//
// Every model call is answered from a script, first come first served:
//   reply(...answers)        the next calls' answers: text (sent word by word), its pieces, or { pieces, usage, delayMs }
//   fail(failure, times = 1) the next calls fail: { status, type?, message }; `type` is Bedrock's `x-amzn-errortype`
//   hang({ afterPieces, times }) the next calls never finish (after sending `afterPieces` pieces, default none)
//   respond(handler)         answers a call with nothing scripted (default: "Reply to: <the last user text>")
// Options: `knownModels` (when set, other models fail as the real services do: Ollama 404 "not found", Bedrock
// ValidationException) and `pieceDelayMs` (time between pieces, default 20). `requests` records every request;
// `close()` ends open answers and may be called twice.
//
// Many test files share one double through a runtime (modelDoubleControl): each scripts under a key of its own, and a
// step scripted under a key answers only a request whose body carries that key (in the user's text, say), so files
// running side by side neither take each other's answers nor see each other's requests.
//
//   const double = await startModelDouble({ knownModels: ['llama3.2'] });
//   double.reply('Hello there');                   // streamed as "Hello", " there"
//   double.fail({ status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
//   // ...point the adapter at double.url, then: expect(double.requests[0]).toMatchObject({ operation: 'chat' })
//   await double.close();
//
// Known differences: Bedrock's request checks are a few of the real ones (roles, document names and their text
// block), with messages close to but not exactly Bedrock's; answers carry no reasoning or tool-use blocks.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest } from 'node:http2';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export type ModelProtocol = 'ollama' | 'bedrock';

export interface ModelDoubleRequest {
  protocol: ModelProtocol;
  method: string;
  /** The path as received: Bedrock's model id stays URL-encoded here. */
  path: string;
  operation: 'chat' | 'generate' | 'tags' | 'version' | 'converse' | 'converse-stream' | 'other';
  model: string | undefined;
  /** Whether the answer was asked for piece by piece. */
  stream: boolean;
  body: Json | undefined;
  /** The text of the last user turn (what the default answer echoes). */
  lastUserText: string;
  /** The request carried an `authorization` header starting with AWS SigV4's algorithm name. */
  signed: boolean;
}

export interface ModelDoubleAnswer {
  pieces: string[];
  /** Default: the request's word count in, the number of pieces out. */
  usage?: { inputTokens: number; outputTokens: number };
  /** Milliseconds before each piece (default: the double's `pieceDelayMs`). */
  delayMs?: number;
}

/** Text (sent word by word), the pieces themselves, or the whole answer. */
export type ModelDoubleReply = string | string[] | ModelDoubleAnswer;

export interface ModelDoubleFailure {
  status: number;
  /** Bedrock's error type, sent as `x-amzn-errortype` (e.g. 'ThrottlingException'). Ollama sends none. */
  type?: string;
  message: string;
}

export interface ModelDoubleOptions {
  /** When set, requests for other models fail as the real service does. Default: every model is known. */
  knownModels?: string[];
  /** Milliseconds before each piece of an answer (default 20), so streaming can be observed. */
  pieceDelayMs?: number;
}

export interface ModelDouble {
  /** Base URL, e.g. http://127.0.0.1:40123; Ollama's and Bedrock's paths are both served here. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: ModelDoubleRequest[];
  reply(...answers: ModelDoubleReply[]): void;
  fail(failure: ModelDoubleFailure, times?: number): void;
  hang(options?: { afterPieces?: number; times?: number }): void;
  respond(handler: (request: ModelDoubleRequest) => ModelDoubleReply): void;
  close(): Promise<void>;
}

type Step =
  | { kind: 'answer'; answer: ModelDoubleReply }
  | { kind: 'fail'; failure: ModelDoubleFailure }
  | { kind: 'hang'; afterPieces: number };

/** What the two HTTP versions' response objects have in common, as far as the double uses them. */
interface Outgoing {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  write(chunk: string | Uint8Array): unknown;
  end(chunk?: string | Uint8Array): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** How one protocol operation says things; the script decides what it says. */
interface Speaker {
  fail(response: Outgoing, failure: ModelDoubleFailure): void;
  whole(response: Outgoing, text: string, usage: TokenCounts): void;
  open(response: Outgoing): void;
  piece(response: Outgoing, text: string): void;
  finish(response: Outgoing, usage: TokenCounts): void;
}

interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
}

class Refusal extends Error {
  constructor(readonly failure: ModelDoubleFailure) {
    super(failure.message);
  }
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const words = (text: string) => text.match(/\s*\S+/g) ?? [''];
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const toAnswer = (reply: ModelDoubleReply): ModelDoubleAnswer =>
  typeof reply === 'string' ? { pieces: words(reply) } : Array.isArray(reply) ? { pieces: reply } : reply;

// --- Ollama -------------------------------------------------------------------------------------------------------

/** Ollama names a model without a tag by its `latest` tag. */
const ollamaName = (name: string) => (name.includes(':') ? name : `${name}:latest`);

const sendJson = (response: Outgoing, status: number, body: Json, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
};

const ollamaSpeaker = (operation: 'chat' | 'generate', model: string): Speaker => {
  const line = (response: Outgoing, fields: JsonObject) =>
    response.write(`${JSON.stringify({ model, created_at: new Date().toISOString(), ...fields })}\n`);
  const content = (text: string): JsonObject => (operation === 'chat' ? { message: { role: 'assistant', content: text } } : { response: text });
  const counts = (usage: TokenCounts): JsonObject => ({
    done: true,
    done_reason: 'stop',
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: usage.inputTokens,
    prompt_eval_duration: 200_000,
    eval_count: usage.outputTokens,
    eval_duration: 700_000,
  });
  return {
    fail: (response, failure) => sendJson(response, failure.status, { error: failure.message }),
    whole: (response, text, usage) => sendJson(response, 200, { model, created_at: new Date().toISOString(), ...content(text), ...counts(usage) }),
    open: (response) => response.writeHead(200, { 'content-type': 'application/x-ndjson' }),
    piece: (response, text) => line(response, { ...content(text), done: false }),
    finish: (response, usage) => {
      line(response, { ...content(''), ...counts(usage) });
      response.end();
    },
  };
};

const ollamaRequest = (operation: 'chat' | 'generate', body: JsonObject) => {
  if (typeof body.model !== 'string' || !body.model) throw new Refusal({ status: 400, message: 'model is required' });
  let lastUserText: string;
  let allText: string;
  if (operation === 'chat') {
    const messages = asArray(body.messages).filter(isObject);
    lastUserText = String(messages.findLast((m) => m.role === 'user')?.content ?? '');
    allText = messages.map((m) => String(m.content ?? '')).join(' ');
  } else {
    lastUserText = String(body.prompt ?? '');
    allText = `${String(body.system ?? '')} ${lastUserText}`;
  }
  return { model: body.model, stream: body.stream !== false, lastUserText, inputTokens: countWords(allText) };
};

// --- Bedrock ------------------------------------------------------------------------------------------------------

const eventStream = new EventStreamCodec(toUtf8, fromUtf8);
const PADDING = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const bedrockSpeaker = (): Speaker => {
  const requestId = randomUUID();
  // Bedrock pads each event with a `p` field of varying length, so sizes do not reveal the text.
  let padding = 0;
  const event = (response: Outgoing, type: string, payload: JsonObject) => {
    padding = (padding % PADDING.length) + 1;
    const headers = {
      ':event-type': { type: 'string' as const, value: type },
      ':content-type': { type: 'string' as const, value: 'application/json' },
      ':message-type': { type: 'string' as const, value: 'event' },
    };
    response.write(eventStream.encode({ headers, body: fromUtf8(JSON.stringify({ ...payload, p: PADDING.slice(0, padding) })) }));
  };
  const usageOf = (usage: TokenCounts) => ({ ...usage, totalTokens: usage.inputTokens + usage.outputTokens });
  return {
    fail: (response, failure) =>
      sendJson(response, failure.status, { message: failure.message }, {
        'x-amzn-requestid': requestId,
        ...(failure.type ? { 'x-amzn-errortype': failure.type } : {}),
      }),
    whole: (response, text, usage) =>
      sendJson(
        response,
        200,
        { output: { message: { role: 'assistant', content: [{ text }] } }, stopReason: 'end_turn', usage: usageOf(usage), metrics: { latencyMs: 42 } },
        { 'x-amzn-requestid': requestId },
      ),
    open: (response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': requestId });
      event(response, 'messageStart', { role: 'assistant' });
    },
    piece: (response, text) => event(response, 'contentBlockDelta', { contentBlockIndex: 0, delta: { text } }),
    finish: (response, usage) => {
      event(response, 'contentBlockStop', { contentBlockIndex: 0 });
      event(response, 'messageStop', { stopReason: 'end_turn' });
      event(response, 'metadata', { usage: usageOf(usage), metrics: { latencyMs: 42 } });
      response.end();
    },
  };
};

const validationError = (message: string) => new Refusal({ status: 400, type: 'ValidationException', message });

/** Some of the checks Bedrock makes before answering: the ones an adapter can get wrong. */
const checkConverse = (body: JsonObject) => {
  const messages = asArray(body.messages).filter(isObject);
  if (messages[0]?.role !== 'user') {
    throw validationError('A conversation must start with a user message. Try again with a conversation that starts with a user message.');
  }
  messages.forEach((message, i) => {
    if (i > 0 && message.role === messages[i - 1]!.role) {
      throw validationError(
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    const blocks = asArray(message.content).filter(isObject);
    blocks.forEach((block, j) => {
      if (!isObject(block.document)) return;
      const name = String(block.document.name ?? '');
      if (!/^[a-zA-Z0-9\s\-()[\]]+$/.test(name) || /\s\s/.test(name)) {
        throw validationError(
          `1 validation error detected: Value at 'messages.${i + 1}.member.content.${j + 1}.member.document.name' failed to satisfy constraint: ` +
            'Member must contain only alphanumeric characters, whitespace characters, hyphens, parentheses, and square brackets, without consecutive whitespace.',
        );
      }
      if (!blocks.some((b) => typeof b.text === 'string' && b.text.trim())) {
        throw validationError('A document block must be accompanied by a text block in the same message.');
      }
    });
  });
};

const bedrockRequest = (body: JsonObject) => {
  checkConverse(body);
  const texts = (blocks: Json | undefined) =>
    asArray(blocks)
      .filter(isObject)
      .flatMap((b) => (typeof b.text === 'string' ? [b.text] : []));
  const messages = asArray(body.messages).filter(isObject);
  const lastUser = messages.findLast((m) => m.role === 'user');
  const allText = [...texts(body.system), ...messages.flatMap((m) => texts(m.content))].join(' ');
  return { lastUserText: texts(lastUser?.content).join(' '), inputTokens: countWords(allText) };
};

// --- HTTP ---------------------------------------------------------------------------------------------------------

const readBody = async (request: AsyncIterable<unknown>): Promise<Json | undefined> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Json) : undefined;
};

const HTTP2_PREFACE = 'PRI * HTTP/2.0';

/**
 * The script over HTTP, each call under a key: POST {url}/_double/reply {key, answers}, /_double/fail {key, failure,
 * times}, /_double/hang {key, afterPieces, times}, /_double/reset {key}; GET /_double/requests?containing=TEXT. See
 * modelDoubleControl.
 */
export const CONTROL_PATH = '/_double/';

/** A key can never occur inside base64 (an image's data) or be split by JSON's escaping. */
const KEY_PATTERN = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)+$/;

/**
 * Scripts a double from another process, through its control routes, under `key` (letters and digits joined by
 * hyphens, e.g. 'model-3f9a2c1d'): the steps answer only requests whose body carries the key, `requests()` lists
 * those requests (or those carrying any other text given), and `reset()` forgets the key's steps and requests.
 */
export const modelDoubleControl = (url: string, key: string) => {
  if (!KEY_PATTERN.test(key)) throw new Error(`model double key "${key}": letters and digits joined by hyphens`);
  const post = async (action: string, body: object = {}) => {
    const response = await fetch(`${url}${CONTROL_PATH}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, ...body }),
    });
    if (!response.ok) throw new Error(`model double ${action}: ${response.status}`);
  };
  return {
    key,
    reply: (...answers: ModelDoubleReply[]) => post('reply', { answers }),
    fail: (failure: ModelDoubleFailure, times = 1) => post('fail', { failure, times }),
    hang: (options: { afterPieces?: number; times?: number } = {}) => post('hang', options),
    reset: () => post('reset'),
    requests: async (containing = key) =>
      (await (await fetch(`${url}${CONTROL_PATH}requests?containing=${encodeURIComponent(containing)}`)).json()) as ModelDoubleRequest[],
  };
};

/** Whether a request's body carries `text` anywhere (a message, the system prompt), in any case (an app may capitalize a tag). */
const carries = (request: ModelDoubleRequest, text: string) => JSON.stringify(request.body ?? null).toLowerCase().includes(text.toLowerCase());

export const startModelDouble = async (options: ModelDoubleOptions = {}): Promise<ModelDouble> => {
  const requests: ModelDoubleRequest[] = [];
  const steps: Step[] = [];
  /** The steps scripted over HTTP, under their keys. */
  const keyed = new Map<string, Step[]>();
  const pieceDelayMs = options.pieceDelayMs ?? 20;
  const known = options.knownModels;
  let handler = (request: ModelDoubleRequest): ModelDoubleReply => `Reply to: ${request.lastUserText}`;

  /** Answers one model call from the script, piece by piece when streamed. */
  const answer = async (request: ModelDoubleRequest, speaker: Speaker, response: Outgoing, inputTokens: number) => {
    let gone = false;
    response.on('close', () => (gone = true));
    const key = [...keyed.keys()].find((k) => carries(request, k));
    const step: Step = (key ? keyed.get(key)!.shift() : steps.shift()) ?? { kind: 'answer', answer: handler(request) };
    if (step.kind === 'fail') return speaker.fail(response, step.failure);
    const { pieces, usage, delayMs = pieceDelayMs } =
      step.kind === 'hang' ? { pieces: Array.from({ length: step.afterPieces }, (_, i) => `piece ${i + 1} `) } : toAnswer(step.answer);
    const counts = usage ?? { inputTokens, outputTokens: pieces.length };
    if (step.kind === 'hang' && (!request.stream || step.afterPieces === 0)) return; // never answers
    if (!request.stream) {
      await sleep(delayMs * pieces.length);
      if (!gone) speaker.whole(response, pieces.join(''), counts);
      return;
    }
    speaker.open(response);
    for (const piece of pieces) {
      await sleep(delayMs);
      if (gone) return;
      speaker.piece(response, piece);
    }
    if (step.kind !== 'hang') speaker.finish(response, counts);
  };

  const route = async (request: IncomingMessage | Http2ServerRequest, response: Outgoing) => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://double').pathname;
    if (path.startsWith(CONTROL_PATH)) return control(request, response, path.slice(CONTROL_PATH.length));
    const authorization = request.headers.authorization;
    const signed = typeof authorization === 'string' && authorization.startsWith('AWS4-HMAC-SHA256 ');
    const bedrock = /^\/model\/([^/]+)\/(converse|converse-stream)$/.exec(path);
    const operation = bedrock
      ? (bedrock[2] as 'converse' | 'converse-stream')
      : ((({ '/api/chat': 'chat', '/api/generate': 'generate', '/api/tags': 'tags', '/api/version': 'version' }) as const)[path] ?? 'other');
    const record: ModelDoubleRequest = {
      protocol: bedrock ? 'bedrock' : 'ollama',
      method,
      path,
      operation,
      model: bedrock ? decodeURIComponent(bedrock[1]!) : undefined,
      stream: operation === 'converse-stream',
      body: undefined,
      lastUserText: '',
      signed,
    };
    requests.push(record);
    const speaker = bedrock ? bedrockSpeaker() : ollamaSpeaker(operation === 'generate' ? 'generate' : 'chat', '');
    try {
      try {
        record.body = await readBody(request);
      } catch {
        throw bedrock ? validationError('The request body is not valid JSON.') : new Refusal({ status: 400, message: 'invalid character in request body' });
      }
      if (method === 'GET' && operation === 'tags') {
        const models = (known ?? []).map((name) => ({ name: ollamaName(name), model: ollamaName(name), modified_at: '2025-01-01T00:00:00Z', size: 1, digest: 'sha256:0' }));
        return sendJson(response, 200, { models });
      }
      if (method === 'GET' && operation === 'version') return sendJson(response, 200, { version: '0.6.0' });
      if (method === 'GET' && path === '/') {
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return response.end('Ollama is running');
      }
      if (method !== 'POST' || operation === 'other' || operation === 'tags' || operation === 'version') {
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('404 page not found');
      }
      const body = isObject(record.body) ? record.body : {};
      if (bedrock) {
        if (known && !known.includes(record.model!)) throw validationError('The provided model identifier is invalid.');
        const { lastUserText, inputTokens } = bedrockRequest(body);
        record.lastUserText = lastUserText;
        return await answer(record, speaker, response, inputTokens);
      }
      const ollama = ollamaRequest(operation === 'generate' ? 'generate' : 'chat', body);
      Object.assign(record, { model: ollama.model, stream: ollama.stream, lastUserText: ollama.lastUserText });
      if (known && !known.map(ollamaName).includes(ollamaName(ollama.model))) {
        throw new Refusal({ status: 404, message: `model "${ollama.model}" not found, try pulling it first` });
      }
      return await answer(record, ollamaSpeaker(operation === 'generate' ? 'generate' : 'chat', ollama.model), response, ollama.inputTokens);
    } catch (error) {
      const failure = error instanceof Refusal ? error.failure : { status: 500, type: 'InternalServerException', message: String(error) };
      speaker.fail(response, failure);
    }
  };

  /** The script over HTTP, for tests in another process than the double (a runtime's double started by the harness). */
  const control = async (request: IncomingMessage | Http2ServerRequest, response: Outgoing, action: string) => {
    if (action === 'requests') {
      const containing = new URL(request.url ?? '/', 'http://double').searchParams.get('containing');
      if (!containing) return sendJson(response, 400, { error: 'requests needs ?containing=TEXT' });
      return sendJson(response, 200, requests.filter((r) => carries(r, containing)) as unknown as Json);
    }
    const body = (await readBody(request).catch(() => undefined)) as
      | { key?: string; answers?: ModelDoubleReply[]; failure?: ModelDoubleFailure; times?: number; afterPieces?: number }
      | undefined;
    const key = body?.key;
    if (!key || !KEY_PATTERN.test(key)) return sendJson(response, 400, { error: 'a key (letters and digits joined by hyphens) is required' });
    const queue = keyed.get(key) ?? [];
    keyed.set(key, queue);
    if (action === 'reply') queue.push(...(body.answers ?? []).map((a): Step => ({ kind: 'answer', answer: a })));
    else if (action === 'fail' && body.failure) queue.push(...Array.from({ length: body.times ?? 1 }, (): Step => ({ kind: 'fail', failure: body.failure! })));
    else if (action === 'hang') queue.push(...Array.from({ length: body.times ?? 1 }, (): Step => ({ kind: 'hang', afterPieces: body.afterPieces ?? 0 })));
    else if (action === 'reset') {
      keyed.delete(key);
      const kept = requests.filter((r) => !carries(r, key));
      requests.splice(0, requests.length, ...kept);
    } else return sendJson(response, 404, { error: `no control action ${action}` });
    return sendJson(response, 200, { scripted: keyed.get(key)?.length ?? 0 });
  };

  const handle = (request: IncomingMessage | Http2ServerRequest, response: Outgoing) => void route(request, response);
  const http1 = createHttpServer(handle);
  const http2 = createHttp2Server(handle);
  const sockets = new Set<Socket>();
  // One port for both HTTP versions: the first bytes tell them apart (an HTTP/2 client opens with its preface).
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy()); // a client that resets its connection is not the double's failure
    socket.once('data', (head: Buffer) => {
      socket.pause();
      socket.unshift(head);
      if (head.toString('latin1', 0, HTTP2_PREFACE.length) === HTTP2_PREFACE) {
        http2.emit('connection', socket); // the HTTP/2 session reads what is already buffered
      } else {
        http1.emit('connection', socket);
        socket.resume();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...answers) => steps.push(...answers.map((a): Step => ({ kind: 'answer', answer: a }))),
    fail: (failure, times = 1) => steps.push(...Array.from({ length: times }, (): Step => ({ kind: 'fail', failure }))),
    hang: ({ afterPieces = 0, times = 1 } = {}) => steps.push(...Array.from({ length: times }, (): Step => ({ kind: 'hang', afterPieces }))),
    respond: (next) => {
      handler = next;
    },
    close: () => {
      // A test may close the double early (to see a refused connection); closing again is then a no-op.
      closed ??= new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      return closed;
    },
  };
};
