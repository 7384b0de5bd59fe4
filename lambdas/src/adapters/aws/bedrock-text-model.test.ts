// The Bedrock adapter with a real BedrockRuntimeClient against the model double: the Converse requests it sends,
// streamed and whole answers, and how Bedrock's failures reach the clinician.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRequest, ModelStreamEvent } from '../../ports/text-model';
import { startModelDouble, type ModelDouble } from '../../test/model-double';
import { createBedrockTextModel, documentName } from './bedrock-text-model';

const MODEL_ID = 'us.anthropic.claude-3-5-haiku-20241022-v1:0';
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

let double: ModelDouble;
let client: BedrockRuntimeClient;
beforeEach(async () => {
  double = await startModelDouble({ knownModels: [MODEL_ID] });
  // One attempt: the SDK would otherwise retry throttling and 5xx answers with backoff.
  client = new BedrockRuntimeClient({ endpoint: double.url, region: 'us-east-1', credentials, maxAttempts: 1 });
});
afterEach(async () => {
  client.destroy();
  await double.close();
});

const model = (options: { timeoutMs?: number; modelId?: string; maxTokens?: number } = {}) =>
  createBedrockTextModel({ client, modelId: MODEL_ID, ...options });

const ask = (text: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'Answer briefly.',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  ...extra,
});

const collect = async (events: AsyncIterable<ModelStreamEvent>) => {
  const all: ModelStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
};

const bytes = (text: string) => new TextEncoder().encode(text);
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('Bedrock text model: answers', () => {
  it('streams the answer piece by piece, in order, and ends with the usage', async () => {
    double.reply('The patient is stable.');
    const events = await collect(model({ maxTokens: 300 }).stream(ask('How is bed 4?')));
    expect(events).toEqual([
      { type: 'text', text: 'The' },
      { type: 'text', text: ' patient' },
      { type: 'text', text: ' is' },
      { type: 'text', text: ' stable.' },
      { type: 'done', usage: { inputTokens: 6, outputTokens: 4 } },
    ]);
    expect(double.requests).toMatchObject([
      {
        protocol: 'bedrock',
        operation: 'converse-stream',
        path: `/model/${encodeURIComponent(MODEL_ID)}/converse-stream`,
        model: MODEL_ID,
        signed: true,
        body: {
          system: [{ text: 'Answer briefly.' }],
          messages: [{ role: 'user', content: [{ text: 'How is bed 4?' }] }],
          inferenceConfig: { maxTokens: 300 },
        },
      },
    ]);
  });

  it('completes with Converse, the request’s own limit first', async () => {
    double.reply('Hypertension, stage 1.');
    await expect(model({ maxTokens: 300 }).complete(ask('Diagnosis?', { maxTokens: 50 }))).resolves.toEqual({
      text: 'Hypertension, stage 1.',
      usage: { inputTokens: 3, outputTokens: 3 },
    });
    expect(double.requests[0]).toMatchObject({ operation: 'converse', body: { inferenceConfig: { maxTokens: 50 } } });
  });

  it('sends images and documents as Bedrock content blocks, with names Bedrock accepts', async () => {
    double.reply('Seen.');
    await model().complete({
      system: 'Describe.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', mimeType: 'image/jpeg', data: bytes('jpeg-bytes') },
            { type: 'document', mimeType: 'application/pdf', name: 'Entlassbrief_Müller (v2).pdf', data: bytes('%PDF-1.7') },
            { type: 'document', mimeType: 'text/csv', name: 'Entlassbrief Müller (v2).csv', data: bytes('a,b') },
          ],
        },
      ],
    });
    expect(double.requests[0]?.body).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [
            { image: { format: 'jpeg', source: { bytes: base64('jpeg-bytes') } } },
            { document: { format: 'pdf', name: 'Entlassbrief Muller (v2)', source: { bytes: base64('%PDF-1.7') } } },
            { document: { format: 'csv', name: 'Entlassbrief Muller (v2) (2)', source: { bytes: base64('a,b') } } },
            // Bedrock refuses a document without a text block beside it.
            { text: 'See the attached document.' },
          ],
        },
      ],
    });
  });

  it.each([
    ['scan.final.PDF', 'scan final'],
    ['  labs__2024   (1).txt', 'labs 2024 (1)'],
    ['ü.pdf', 'u'],
    ['%%%.pdf', 'Document'],
  ])('names document %j %j', (fileName, name) => expect(documentName(fileName)).toBe(name));

  it('reaches the endpoint set in AWS_ENDPOINT_URL_BEDROCK_RUNTIME', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_BEDROCK_RUNTIME', double.url);
    const fromEnv = new BedrockRuntimeClient({ region: 'us-east-1', credentials });
    try {
      await expect(createBedrockTextModel({ client: fromEnv, modelId: MODEL_ID }).complete(ask('Hi'))).resolves.toMatchObject({ text: 'Reply to: Hi' });
    } finally {
      fromEnv.destroy();
      vi.unstubAllEnvs();
    }
  });
});

describe('Bedrock text model: failures', () => {
  it('says the model is busy when Bedrock throttles', async () => {
    double.fail({ status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
    await expect(collect(model().stream(ask('Hi')))).rejects.toMatchObject({ code: 'rate_limited', message: 'The model is busy. Try again in a moment.' });
  });

  it('names the model to enable when the account has no access to it', async () => {
    double.fail({ status: 403, type: 'AccessDeniedException', message: "You don't have access to the model with the specified model ID." });
    await expect(model().complete(ask('Hi'))).rejects.toMatchObject({
      code: 'model_not_configured',
      message: `The model ${MODEL_ID} is not available to this AWS account. Enable it in the Bedrock console.`,
    });
  });

  it('names a model id Bedrock does not know', async () => {
    await expect(model({ modelId: 'anthropic.claude-9' }).complete(ask('Hi'))).rejects.toMatchObject({
      code: 'model_not_configured',
      message: 'The model anthropic.claude-9 is not known to Bedrock. Check the model id, and enable it in the Bedrock console.',
    });
  });

  it('turns a refused request into a plain bad request', async () => {
    double.fail({ status: 400, type: 'ValidationException', message: 'Input is too long for requested model.' });
    await expect(model().complete(ask('Hi'))).rejects.toMatchObject({
      code: 'bad_request',
      message: 'The model could not accept this request. Try a shorter message or smaller attachments.',
    });
  });

  it.each([
    ['no answer at all', {}],
    ['no next piece', { afterPieces: 2 }],
  ])('gives up after the timeout when there is %s', async (_what, hang) => {
    double.hang(hang);
    await expect(collect(model({ timeoutMs: 150 }).stream(ask('Hi')))).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The model did not answer in time. Try again.',
    });
  });

  it('says the model cannot be reached when nothing listens', async () => {
    await double.close();
    await expect(model().complete(ask('Hi'))).rejects.toMatchObject({ code: 'unavailable', message: 'The model could not be reached. Try again.' });
  });

  it('stops the answer promptly when the caller gives up mid-stream', async () => {
    double.reply({ pieces: Array.from({ length: 50 }, (_, i) => `word${i} `), delayMs: 20 });
    const controller = new AbortController();
    const seen: string[] = [];
    let abortedAt = 0;
    const done = (async () => {
      for await (const event of model().stream(ask('Long answer', { signal: controller.signal }))) {
        if (event.type === 'text') seen.push(event.text);
        if (seen.length === 2) {
          abortedAt = Date.now();
          controller.abort();
        }
      }
    })();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['word0 ', 'word1 ']);
    expect(Date.now() - abortedAt).toBeLessThan(250); // the rest of the answer would take another second
  });

  it('throws the caller’s own reason when a whole answer is given up', async () => {
    double.hang();
    const controller = new AbortController();
    const answer = model().complete(ask('Hi', { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('closed by the user')), 50);
    await expect(answer).rejects.toThrow('closed by the user');
  });
});
