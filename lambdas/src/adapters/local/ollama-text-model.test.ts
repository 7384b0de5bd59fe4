// The Ollama adapter against the model double: what it sends on the wire, streamed and whole answers, and failures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelRequest, ModelStreamEvent } from '../../ports/text-model';
import { startModelDouble, type ModelDouble } from '../../test/model-double';
import { createOllamaTextModel } from './ollama-text-model';

let double: ModelDouble;
beforeEach(async () => {
  double = await startModelDouble({ knownModels: ['llama3.2'] });
});
afterEach(() => double.close());

const model = (options: { timeoutMs?: number; fetch?: typeof fetch; model?: string } = {}) =>
  createOllamaTextModel({ baseUrl: double.url, model: 'llama3.2', ...options });

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

describe('Ollama text model: answers', () => {
  it('streams the answer piece by piece, in order, and ends with the usage', async () => {
    double.reply('The patient is stable.');
    const events = await collect(model().stream(ask('How is bed 4?', { maxTokens: 200 })));
    expect(events).toEqual([
      { type: 'text', text: 'The' },
      { type: 'text', text: ' patient' },
      { type: 'text', text: ' is' },
      { type: 'text', text: ' stable.' },
      { type: 'done', usage: { inputTokens: 6, outputTokens: 4 } },
    ]);
    expect(double.requests).toMatchObject([
      {
        operation: 'chat',
        stream: true,
        body: {
          model: 'llama3.2',
          stream: true,
          options: { num_predict: 200 },
          messages: [
            { role: 'system', content: 'Answer briefly.' },
            { role: 'user', content: 'How is bed 4?' },
          ],
        },
      },
    ]);
  });

  it('yields each piece as it arrives, not all at the end', async () => {
    double.reply({ pieces: ['one', ' two', ' three'], delayMs: 100 });
    const arrivals: number[] = [];
    const started = Date.now();
    for await (const event of model().stream(ask('Count'))) if (event.type === 'text') arrivals.push(Date.now() - started);
    expect(arrivals).toHaveLength(3);
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(150);
  });

  it('reads lines cut anywhere by the network, even inside a character', async () => {
    // Passes the real answer on in 5-byte chunks.
    const rechunk: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const whole = new Uint8Array(await response.arrayBuffer());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < whole.length; at += 5) controller.enqueue(whole.slice(at, at + 5));
          controller.close();
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    double.reply(['Grüße ', '✓ erledigt']);
    const events = await collect(model({ fetch: rechunk }).stream(ask('Status?')));
    expect(events).toEqual([
      { type: 'text', text: 'Grüße ' },
      { type: 'text', text: '✓ erledigt' },
      { type: 'done', usage: { inputTokens: 3, outputTokens: 2 } },
    ]);
  });

  it('completes a single question with /api/generate', async () => {
    double.reply('Hypertension, stage 1.');
    await expect(model().complete(ask('Diagnosis?', { maxTokens: 50 }))).resolves.toEqual({
      text: 'Hypertension, stage 1.',
      usage: { inputTokens: 3, outputTokens: 3 },
    });
    expect(double.requests[0]).toMatchObject({
      operation: 'generate',
      stream: false,
      body: { model: 'llama3.2', system: 'Answer briefly.', prompt: 'Diagnosis?', stream: false, options: { num_predict: 50 } },
    });
  });

  it('completes a conversation with /api/chat, unstreamed', async () => {
    const answer = await model().complete({
      system: 'Answer briefly.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Summarise' }] },
      ],
    });
    expect(answer.text).toBe('Reply to: Summarise');
    expect(double.requests[0]).toMatchObject({
      operation: 'chat',
      stream: false,
      body: {
        stream: false,
        messages: [
          { role: 'system', content: 'Answer briefly.' },
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi.' },
          { role: 'user', content: 'Summarise' },
        ],
      },
    });
  });

  it('sends images as base64, inlines text files and names the PDFs it cannot send', async () => {
    double.reply('Seen.');
    await collect(
      model().stream({
        system: 'Describe.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What do these show?' },
              { type: 'image', mimeType: 'image/png', data: bytes('png-bytes') },
              { type: 'document', mimeType: 'text/plain; charset=utf-8', name: 'labs.txt', data: bytes('Na 139, K 4.1') },
              { type: 'document', mimeType: 'application/pdf', name: 'scan.pdf', data: bytes('%PDF-1.7') },
            ],
          },
        ],
      }),
    );
    expect(double.requests[0]?.body).toMatchObject({
      messages: [
        { role: 'system' },
        {
          role: 'user',
          content: 'What do these show?\n\nAttached file "labs.txt":\nNa 139, K 4.1\n\n[Attached PDF "scan.pdf" could not be read by this model]',
          images: [Buffer.from('png-bytes').toString('base64')],
        },
      ],
    });
  });
});

describe('Ollama text model: failures', () => {
  it('names a model the server does not have, and how to get it', async () => {
    await expect(collect(model({ model: 'medllama2' }).stream(ask('Hi')))).rejects.toMatchObject({
      code: 'model_not_configured',
      message: 'The model "medllama2" is not on the local model server. Install it there with `ollama pull medllama2`.',
    });
  });

  it('says the model is busy when Ollama turns the request away', async () => {
    double.fail({ status: 503, message: 'server busy, please try again.  maximum pending requests exceeded' });
    await expect(model().complete(ask('Hi'))).rejects.toMatchObject({ code: 'rate_limited', message: 'The model is busy. Try again in a moment.' });
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

  it('gives up on a whole answer that does not come in time', async () => {
    double.hang();
    await expect(model({ timeoutMs: 150 }).complete(ask('Hi'))).rejects.toMatchObject({ code: 'unavailable', message: 'The model did not answer in time. Try again.' });
  });

  it('says where it looked when the server is not there', async () => {
    const url = double.url;
    await double.close();
    await expect(createOllamaTextModel({ baseUrl: url, model: 'llama3.2' }).complete(ask('Hi'))).rejects.toMatchObject({
      code: 'unavailable',
      message: `The local model server at ${url} could not be reached.`,
    });
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
