// TextModel over Amazon Bedrock's Converse and ConverseStream (the cloud's models): one message shape for every
// model, images and documents read by Bedrock itself, token usage in every answer. The client comes from the
// composition root, so its endpoint (AWS_ENDPOINT_URL_BEDROCK_RUNTIME in tests), retries and credentials stay there.
import {
  ConverseCommand,
  ConverseStreamCommand,
  type BedrockRuntimeClient,
  type ContentBlock,
  type ConverseCommandInput,
  type DocumentFormat,
  type ImageFormat,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import { AppError, badRequest } from '@chartside/shared';
import type { ModelContent, ModelMessage, ModelRequest, TextModel, TokenUsage } from '../../ports/text-model';
import { DEFAULT_MODEL_TIMEOUT_MS, notInTime, watchModelCall } from '../model-call';

export interface BedrockTextModelOptions {
  client: BedrockRuntimeClient;
  /** A model or inference profile id, e.g. 'us.anthropic.claude-3-5-haiku-20241022-v1:0'. */
  modelId: string;
  /** The longest answer, in tokens, when a request sets none (default: the model's own). */
  maxTokens?: number;
  /** How long to wait for a whole answer, or for the next piece of a streamed one (default 60 s). */
  timeoutMs?: number;
}


const documentFormats: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/html': 'html',
  'text/markdown': 'md',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Bedrock takes a document name of letters, digits, single spaces, hyphens, parentheses and square brackets only. */
export const documentName = (fileName: string): string =>
  fileName
    .replace(/\.[a-z0-9]{1,5}$/i, '') // the format is given apart
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // é -> e
    .replace(/[^a-zA-Z0-9\-()[\]]+/g, ' ')
    .trim() || 'Document';

const toMessages = (messages: ModelMessage[]): Message[] => {
  // Bedrock also refuses two documents of the same name in one request.
  const used = new Set<string>();
  const uniqueName = (fileName: string) => {
    const base = documentName(fileName);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base} (${n})`;
    used.add(name);
    return name;
  };
  const toBlocks = (part: ModelContent): ContentBlock[] => {
    switch (part.type) {
      case 'text':
        return part.text.trim() ? [{ text: part.text }] : []; // Bedrock refuses a blank text block
      case 'image':
        return [{ image: { format: part.mimeType.slice('image/'.length) as ImageFormat, source: { bytes: part.data } } }];
      case 'document': {
        const mimeType = part.mimeType.split(';')[0]!.trim().toLowerCase();
        const format = documentFormats[mimeType] ?? (mimeType.startsWith('text/') ? 'txt' : undefined);
        if (!format) return [{ text: `[Attached file "${part.name}" could not be read by this model]` }];
        return [{ document: { format, name: uniqueName(part.name), source: { bytes: part.data } } }];
      }
    }
  };
  return messages.map((message) => {
    const content = message.content.flatMap(toBlocks);
    // Bedrock refuses a turn that carries a document but no text.
    if (content.some((b) => b.document) && !content.some((b) => b.text)) content.push({ text: 'See the attached document.' });
    return { role: message.role, content };
  });
};

const unreachable = () => new AppError('unavailable', 'The model could not be reached. Try again.');
const unreadable = () => new AppError('bad_gateway', "The model's answer could not be read.");

/** A failure of the connection rather than of the service: Node's system errors, HTTP/2 errors. */
const isNetworkError = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return error.name === 'TimeoutError' || (typeof code === 'string' && /^(E[A-Z]+|ERR_HTTP2_\w+|ERR_STREAM_PREMATURE_CLOSE)$/.test(code));
};

/** Bedrock's and the SDK's errors as AppErrors, by name; an error this cannot place (a bug, no credentials) as is. */
const toAppError = (error: unknown, modelId: string): unknown => {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  switch (error.name) {
    case 'ThrottlingException':
    case 'ServiceQuotaExceededException':
      return new AppError('rate_limited', 'The model is busy. Try again in a moment.');
    case 'AccessDeniedException':
    case 'ResourceNotFoundException':
      return new AppError('model_not_configured', `The model ${modelId} is not available to this AWS account. Enable it in the Bedrock console.`);
    case 'ValidationException':
      // An unknown model id is a set-up mistake, not the clinician's; Bedrock says so only in the message.
      if (/model identifier is invalid/i.test(error.message)) {
        return new AppError('model_not_configured', `The model ${modelId} is not known to Bedrock. Check the model id, and enable it in the Bedrock console.`);
      }
      return badRequest('The model could not accept this request. Try a shorter message or smaller attachments.');
    case 'ModelTimeoutException':
      return notInTime();
    case 'ServiceUnavailableException':
    case 'ModelNotReadyException':
    case 'InternalServerException':
    case 'ModelErrorException':
    case 'ModelStreamErrorException':
      return unreachable();
  }
  const fault = (error as { $fault?: unknown }).$fault;
  if (fault === 'server' || isNetworkError(error)) return unreachable();
  // The service answered, but with something the SDK could not parse.
  if (fault === 'client' || '$response' in error) return unreadable();
  return error;
};

const usageOf = (usage: { inputTokens?: number; outputTokens?: number } | undefined): TokenUsage => ({
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
});

export const createBedrockTextModel = ({ client, modelId, maxTokens, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: BedrockTextModelOptions): TextModel => {
  const input = (request: ModelRequest): ConverseCommandInput => {
    const limit = request.maxTokens ?? maxTokens;
    return {
      modelId,
      messages: toMessages(request.messages),
      ...(request.system ? { system: [{ text: request.system }] } : {}),
      ...(limit ? { inferenceConfig: { maxTokens: limit } } : {}),
    };
  };

  return {
    id: modelId,

    async complete(request) {
      const call = watchModelCall(timeoutMs, request.signal);
      try {
        const response = await client.send(new ConverseCommand(input(request)), { abortSignal: call.signal });
        const content = response.output?.message?.content;
        if (!content) throw unreadable();
        return { text: content.map((block) => block.text ?? '').join(''), usage: usageOf(response.usage) };
      } catch (error) {
        throw call.failure(error, (e) => toAppError(e, modelId));
      } finally {
        call.end();
      }
    },

    async *stream(request) {
      const call = watchModelCall(timeoutMs, request.signal);
      try {
        const response = await client.send(new ConverseStreamCommand(input(request)), { abortSignal: call.signal });
        if (!response.stream) throw unreadable();
        let usage: TokenUsage | undefined;
        for await (const event of response.stream) {
          call.heard();
          const text = event.contentBlockDelta?.delta?.text;
          if (text) yield { type: 'text', text };
          if (event.metadata) usage = usageOf(event.metadata.usage);
        }
        if (!usage) throw unreadable(); // the stream was cut short
        yield { type: 'done', usage };
      } catch (error) {
        throw call.failure(error, (e) => toAppError(e, modelId));
      } finally {
        call.end();
      }
    },
  };
};
