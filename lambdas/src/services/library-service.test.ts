// Questions asked of the library, on the local search index with a text model played by a test double (the model is
// the outside world): which passages the model is given and how, the conversation it reads, and the answers that need
// no model at all.
import { AppError, AskLibraryBody, INVALID_MODEL_ANSWER, NOTHING_IN_LIBRARY } from '@chartside/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteSearchIndex } from '../adapters/local/sqlite-search-index';
import type { ChatRepository } from '../data/chat-repository';
import type { SearchDocument } from '../ports/search-index';
import type { ModelRequest, TextModel } from '../ports/text-model';
import { askLibrary, LIBRARY_SYSTEM_PROMPT, type LibraryDeps } from './library-service';

const index = openSqliteSearchIndex(':memory:');
afterAll(() => index.close());

let users = 0;
const userWith = async (...documents: Partial<SearchDocument>[]) => {
  const userId = `user-${(users += 1)}`;
  for (const [i, document] of documents.entries()) {
    await index.upsert({ userId, id: `r${i + 1}`, name: '', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '', ...document });
  }
  return userId;
};

const modelAnswering = (text: string) => {
  const requests: ModelRequest[] = [];
  const model: TextModel = {
    id: 'double',
    complete: async (request) => {
      requests.push(request);
      return { text, usage: { inputTokens: 100, outputTokens: 20 } };
    },
    stream: () => {
      throw new Error('library answers do not stream');
    },
  };
  return { model, requests };
};

/** The day's token count, as the chat repository keeps it. */
const tokens = () => {
  let used = 0;
  const chats = { tokensUsed: async () => used, addTokens: async (_userId: string, _day: string, added: number) => void (used += added) };
  return { chats: chats as unknown as ChatRepository, used: () => used };
};

const deps = (model: TextModel | undefined, counter = tokens()): LibraryDeps => ({
  search: index,
  models: { fast: model, setUpHint: 'Set OLLAMA_URL to your Ollama server.' },
  allowance: { chats: counter.chats, dailyTokens: 1_000 },
  clock: { now: () => new Date('2025-03-01T10:00:00Z') },
});

const ask = (libraryDeps: LibraryDeps, userId: string, body: AskLibraryBody) => askLibrary(libraryDeps, userId, AskLibraryBody.parse(body));
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

const afib = { name: 'Atrial fibrillation', tags: ['Cardiology'], description: 'Anticoagulation by CHA2DS2-VASc.', text: 'Apixaban 5 mg twice daily; 2.5 mg with two of age 80, weight 60 kg, creatinine 1.5.' };

describe('askLibrary', () => {
  it('gives the model the numbered passages of the resources matching the question, and returns them as the sources', async () => {
    const userId = await userWith(afib, { name: 'Pneumonia', text: 'Amoxicillin for low risk.' });
    const { model, requests } = modelAnswering('Apixaban 2.5 mg twice daily with two criteria [1].');
    const counter = tokens();
    const answer = await ask(deps(model, counter), userId, { message: 'What apixaban dose in an 82-year-old?' });
    expect(answer).toEqual({
      answer: 'Apixaban 2.5 mg twice daily with two criteria [1].',
      sources: [{ resourceId: 'r1', name: 'Atrial fibrillation', excerpt: `Anticoagulation by CHA2DS2-VASc.\n${afib.text}` }],
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.system).toBe(`${LIBRARY_SYSTEM_PROMPT}\n\n<passages>\n[1] Atrial fibrillation (resource r1)\nAnticoagulation by CHA2DS2-VASc.\n${afib.text}\n</passages>`);
    expect(requests[0]!.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'What apixaban dose in an 82-year-old?' }] }]);
    expect(counter.used()).toBe(120);
  });

  it('sends the conversation so far, and ranks the passages of a follow-up by the question before it too', async () => {
    const userId = await userWith(
      afib,
      { name: 'Contrast nephropathy', text: 'Creatinine rises within 48 hours of contrast.', createdAt: '2025-02-01T00:00:00.000Z' },
      // A library of some size, so that a word's rarity counts in the rank.
      ...['Asthma', 'Gout', 'Migraine', 'Psoriasis'].map((name) => ({ name, text: `${name}: first-line treatment.` })),
    );
    const { model, requests } = modelAnswering('Reduce it [1].');
    const conversationHistory = [
      { role: 'assistant' as const, text: 'A greeting nobody asked for.' },
      { role: 'user' as const, text: 'Apixaban dose?' },
      { role: 'assistant' as const, text: '5 mg twice daily [1].' },
    ];
    const answer = await ask(deps(model), userId, { message: 'And with a high creatinine?', conversationHistory });
    expect(answer.sources.map((source) => source.resourceId)).toEqual(['r1', 'r2']);
    expect(requests[0]!.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', [{ type: 'text', text: 'Apixaban dose?' }]],
      ['assistant', [{ type: 'text', text: '5 mg twice daily [1].' }]],
      ['user', [{ type: 'text', text: 'And with a high creatinine?' }]],
    ]);
    // The question before never finds a passage by itself.
    expect(await ask(deps(model), userId, { message: 'And zygomycosis?', conversationHistory })).toEqual({ answer: NOTHING_IN_LIBRARY, sources: [] });
  });

  it('gives an encrypted resource by its name and tags only', async () => {
    const userId = await userWith({ name: 'Sealed apixaban plan', tags: ['Private', 'Cardiology'] });
    const { model, requests } = modelAnswering('Only its name is known [1].');
    const answer = await ask(deps(model), userId, { message: 'apixaban' });
    expect(answer.sources).toEqual([{ resourceId: 'r1', name: 'Sealed apixaban plan', excerpt: 'Tags: Private, Cardiology' }]);
    expect(requests[0]!.system).toContain('[1] Sealed apixaban plan (resource r1)\nTags: Private, Cardiology');
  });

  it('answers that nothing in the library matches without asking the model', async () => {
    const userId = await userWith(afib);
    const { model, requests } = modelAnswering('unused');
    expect(await ask(deps(model), userId, { message: 'What about zygomycosis?' })).toEqual({ answer: NOTHING_IN_LIBRARY, sources: [] });
    expect(await ask(deps(model), userId, { message: 'What is it?' })).toEqual({ answer: NOTHING_IN_LIBRARY, sources: [] });
    expect(requests).toEqual([]);
  });

  it('says AI is not set up when there is no chat model, before looking anything up', async () => {
    const userId = await userWith(afib);
    const error = await failure(ask(deps(undefined), userId, { message: 'apixaban' }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'model_not_configured', message: 'AI is not set up on this server. Set OLLAMA_URL to your Ollama server.' });
  });

  it("refuses once the day's allowance is spent", async () => {
    const userId = await userWith(afib);
    const counter = tokens();
    await counter.chats.addTokens(userId, '2025-03-01', 1_000);
    expect(await failure(ask(deps(modelAnswering('unused').model, counter), userId, { message: 'apixaban' }))).toMatchObject({ code: 'rate_limited' });
  });

  it('strips markdown from the answer, and refuses an empty one', async () => {
    const userId = await userWith(afib);
    expect((await ask(deps(modelAnswering('**Apixaban** 5 mg [1].').model), userId, { message: 'apixaban' })).answer).toBe('Apixaban 5 mg [1].');
    expect(await failure(ask(deps(modelAnswering('  ```\n```  ').model), userId, { message: 'apixaban' }))).toMatchObject({ code: 'bad_gateway', message: INVALID_MODEL_ANSWER });
  });
});
