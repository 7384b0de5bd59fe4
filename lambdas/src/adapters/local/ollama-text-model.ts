// TextModel over an Ollama server's REST API, with `fetch` (the local runtime's model). stream() is `POST /api/chat`
// answered in NDJSON; complete() is `POST /api/generate` for a single user turn and `POST /api/chat` for a
// conversation, both unstreamed. Ollama reads images (base64) but not documents: a text file's text goes into the
// message, any other file is named in a short note, so the model can say what it could not read.
import * as z from 'zod';
import { AppError } from '@chartside/shared';
import type { ModelContent, ModelMessage, ModelRequest, TextModel, TokenUsage } from '../../ports/text-model';
import { DEFAULT_MODEL_TIMEOUT_MS, watchModelCall } from '../model-call';

export interface OllamaTextModelOptions {
  /** The Ollama server, e.g. http://localhost:11434 */
  baseUrl: string;
  /** The model's name on that server, e.g. 'llama3.2'. */
  model: string;
  /** How long to wait for a whole answer, or for the next piece of a streamed one (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}


/** A whole answer or one line of a streamed one: /api/chat sends `message`, /api/generate sends `response`. */
const OllamaAnswer = z.object({
  message: z.object({ content: z.string() }).optional(),
  response: z.string().optional(),
  done: z.boolean(),
  prompt_eval_count: z.number().optional(),
  eval_count: z.number().optional(),
});
type OllamaAnswer = z.infer<typeof OllamaAnswer>;
const OllamaError = z.object({ error: z.string() });

const unreadable = () => new AppError('bad_gateway', "The local model's answer could not be read.");

const readAnswer = (text: string): OllamaAnswer => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unreadable();
  }
  // Ollama reports a failure met while answering (the model runner crashed, say) as an `error` line.
  if (OllamaError.safeParse(json).success) throw new AppError('unavailable', 'The local model stopped before finishing its answer. Try again.');
  const answer = OllamaAnswer.safeParse(json);
  if (!answer.success) throw unreadable();
  return answer.data;
};

/** The lines of an NDJSON body as they arrive; a chunk can end in the middle of a line, or of a character. */
async function* lines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body) {
    const complete = (pending + decoder.decode(chunk, { stream: true })).split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.trim()) yield line;
  }
  pending += decoder.decode();
  if (pending.trim()) yield pending;
}

const documentText = (part: Extract<ModelContent, { type: 'document' }>) => {
  if (part.mimeType.startsWith('text/')) return `Attached file "${part.name}":\n${new TextDecoder().decode(part.data)}`;
  return `[Attached ${part.mimeType.startsWith('application/pdf') ? 'PDF' : 'file'} "${part.name}" could not be read by this model]`;
};

const textOf = (content: ModelContent[]) =>
  content
    .flatMap((part) => (part.type === 'text' ? [part.text] : part.type === 'document' ? [documentText(part)] : []))
    .join('\n\n');

const imagesOf = (content: ModelContent[]) => {
  const images = content.flatMap((part) => (part.type === 'image' ? [Buffer.from(part.data).toString('base64')] : []));
  return images.length ? { images } : {};
};

const optionsOf = (request: ModelRequest) => (request.maxTokens ? { options: { num_predict: request.maxTokens } } : {});

const usageOf = (answer: OllamaAnswer): TokenUsage => ({ inputTokens: answer.prompt_eval_count ?? 0, outputTokens: answer.eval_count ?? 0 });

export const createOllamaTextModel = (options: OllamaTextModelOptions): TextModel => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { model } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;
  const unreachable = () => new AppError('unavailable', `The local model server at ${baseUrl} could not be reached.`);

  const chatBody = (request: ModelRequest, stream: boolean) => ({
    model,
    messages: [
      ...(request.system ? [{ role: 'system', content: request.system }] : []),
      ...request.messages.map((m: ModelMessage) => ({ role: m.role, content: textOf(m.content), ...imagesOf(m.content) })),
    ],
    stream,
    ...optionsOf(request),
  });

  const generateBody = (request: ModelRequest, turn: ModelMessage) => ({
    model,
    prompt: textOf(turn.content),
    ...(request.system ? { system: request.system } : {}),
    ...imagesOf(turn.content),
    stream: false,
    ...optionsOf(request),
  });

  const failureOf = async (response: Response): Promise<AppError> => {
    const body = OllamaError.safeParse(await response.json().catch(() => undefined));
    if (response.status === 404 && body.success) {
      return new AppError('model_not_configured', `The model "${model}" is not on the local model server. Install it there with \`ollama pull ${model}\`.`);
    }
    // Ollama answers 503 when its queue of waiting requests is full.
    if (response.status === 429 || response.status === 503) return new AppError('rate_limited', 'The model is busy. Try again in a moment.');
    if (response.status === 400) return new AppError('bad_request', 'The local model could not accept this request.');
    if (response.status >= 500) return new AppError('unavailable', 'The local model could not answer. Try again.');
    return unreadable();
  };

  const post = async (path: string, body: object, signal: AbortSignal): Promise<Response> => {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) throw await failureOf(response);
    return response;
  };

  return {
    id: model,

    async complete(request) {
      const call = watchModelCall(timeoutMs, request.signal);
      try {
        const [turn, ...rest] = request.messages;
        const single = turn?.role === 'user' && rest.length === 0;
        const response = single
          ? await post('/api/generate', generateBody(request, turn), call.signal)
          : await post('/api/chat', chatBody(request, false), call.signal);
        const answer = readAnswer(await response.text());
        const text = answer.message?.content ?? answer.response;
        if (text === undefined) throw unreadable();
        return { text, usage: usageOf(answer) };
      } catch (error) {
        throw call.failure(error, (e) => (e instanceof AppError ? e : unreachable()));
      } finally {
        call.end();
      }
    },

    async *stream(request) {
      const call = watchModelCall(timeoutMs, request.signal);
      try {
        const response = await post('/api/chat', chatBody(request, true), call.signal);
        if (!response.body) throw unreadable();
        let last: OllamaAnswer | undefined;
        for await (const line of lines(response.body)) {
          call.heard();
          last = readAnswer(line);
          if (last.message?.content) yield { type: 'text', text: last.message.content };
        }
        if (!last?.done) throw unreadable();
        yield { type: 'done', usage: usageOf(last) };
      } catch (error) {
        throw call.failure(error, (e) => (e instanceof AppError ? e : unreachable()));
      } finally {
        call.end();
      }
    },
  };
};
