// Extraction with a text model played by a test double (the model is the outside world): what it is asked, fences and
// markdown stripped from its answer, answers that cannot be read, and modes without a model.
import { AppError, INVALID_MODEL_ANSWER, LOCAL_MODEL_FAILED, MAX_SECTION_BYTES, modelNotConfiguredMessages } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import type { ModelRequest, TextModel, TextModels } from '../ports/text-model';
import { EXTRACTION_SYSTEM_PROMPT, extractWithModel as extract, stripModelMarkup } from './extraction-service';

const note = `Assessment and plan
#1 Acute on chronic HFrEF
- Diuresis with IV furosemide 40 mg BID
- Daily weights, strict I/O`;

/** A model that answers `answer` and remembers what it was asked. */
const usage = { inputTokens: 120, outputTokens: 30 };
const modelAnswering = (answer: string | (() => Promise<string>)) => {
  const requests: ModelRequest[] = [];
  const model: TextModel = {
    id: 'double',
    complete: async (request) => {
      requests.push(request);
      return { text: typeof answer === 'string' ? answer : await answer(), usage };
    },
    stream: () => {
      throw new Error('extraction does not stream');
    },
  };
  return { model, requests };
};

const setUpHint = 'Set OLLAMA_URL.';
/** The models of a deployment: the spec's 'vertex' mode is the extraction model. */
const models = (byMode: { vertex?: TextModel; local?: TextModel }): TextModels => ({ extraction: byMode.vertex, local: byMode.local, setUpHint });
const extractWithModel = async (byMode: { vertex?: TextModel; local?: TextModel }, body: Parameters<typeof extract>[1], signal?: AbortSignal) =>
  (await extract(models(byMode), body, signal)).result;

const heartFailure = { problem: 'Acute on chronic HFrEF', assessmentAndPlan: '- Diuresis with IV furosemide 40 mg BID\n- Daily weights, strict I/O' };

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('extractWithModel', () => {
  it('asks the mode’s model for JSON with the note as the prompt, and returns the problems it lists', async () => {
    const { model, requests } = modelAnswering(JSON.stringify([heartFailure]));
    const signal = new AbortController().signal;
    await expect(extractWithModel({ vertex: model }, { text: note, mode: 'vertex' }, signal)).resolves.toEqual({ problems: [heartFailure] });
    expect(requests).toEqual([{ system: EXTRACTION_SYSTEM_PROMPT, messages: [{ role: 'user', content: [{ type: 'text', text: note }] }], signal }]);
    expect(EXTRACTION_SYSTEM_PROMPT).toContain('"assessmentAndPlan"');
  });

  it('uses the local model for local mode, not the Enhanced one', async () => {
    const vertex = modelAnswering('[]');
    const local = modelAnswering(JSON.stringify([heartFailure]));
    await expect(extractWithModel({ vertex: vertex.model, local: local.model }, { text: note, mode: 'local' })).resolves.toEqual({ problems: [heartFailure] });
    expect(vertex.requests).toHaveLength(0);
    expect(local.requests).toHaveLength(1);
  });

  it.each([
    ['a json fence', '```json\n' + JSON.stringify([heartFailure], null, 2) + '\n```'],
    ['a bare fence with prose around it', 'Here are the problems:\n```\n' + JSON.stringify([heartFailure]) + '\n```\nLet me know if you need more.'],
    ['prose before the list', 'Sure! ' + JSON.stringify([heartFailure])],
    ['an object holding the list', JSON.stringify({ problems: [heartFailure] })],
    ['the plan as a list of lines', JSON.stringify([{ problem: heartFailure.problem, assessmentAndPlan: heartFailure.assessmentAndPlan.split('\n') }])],
    ['markdown in the problem name', JSON.stringify([{ ...heartFailure, problem: '# **Acute on chronic HFrEF**' }])],
  ])('reads %s', async (_case, answer) => {
    await expect(extractWithModel({ vertex: modelAnswering(answer).model }, { text: note, mode: 'vertex' })).resolves.toEqual({ problems: [heartFailure] });
  });

  it('drops problems without a name and keeps an empty plan', async () => {
    const answer = JSON.stringify([{ problem: '  ', assessmentAndPlan: 'stray' }, { problem: 'Hypokalemia', assessmentAndPlan: '' }]);
    await expect(extractWithModel({ vertex: modelAnswering(answer).model }, { text: note, mode: 'vertex' })).resolves.toEqual({
      problems: [{ problem: 'Hypokalemia', assessmentAndPlan: '' }],
    });
  });

  it('cuts a problem name or plan longer than an assessment holds to fit, and keeps the other problems', async () => {
    const longName = `${'x'.repeat(19_999)}😀 and more`;
    const answer = JSON.stringify([
      { problem: longName, assessmentAndPlan: '- Trend' },
      { problem: 'Hypokalemia', assessmentAndPlan: `- Replete ${'K'.repeat(MAX_SECTION_BYTES)}` },
      heartFailure,
    ]);
    const { problems } = await extractWithModel({ vertex: modelAnswering(answer).model }, { text: note, mode: 'vertex' });
    // The emoji straddles the limit: the cut drops it whole rather than leaving half a surrogate pair.
    expect(problems[0]).toEqual({ problem: 'x'.repeat(19_999), assessmentAndPlan: '- Trend' });
    expect(problems[1]!.problem).toBe('Hypokalemia');
    expect(problems[1]!.assessmentAndPlan).toHaveLength(MAX_SECTION_BYTES);
    expect(problems[1]!.assessmentAndPlan.startsWith('- Replete KKK')).toBe(true);
    expect(problems[2]).toEqual(heartFailure);
  });

  it.each([
    ['prose only', 'I could not find any problems in this note.'],
    ['broken JSON', '[{"problem": "CHF", "assessmentAndPlan": '],
    ['the wrong shape', JSON.stringify([{ name: 'CHF', plan: 'diurese' }])],
    ['a number', '42'],
  ])('answers 502 with a clear message when the model sends %s', async (_case, answer) => {
    const error = await failure(extractWithModel({ vertex: modelAnswering(answer).model }, { text: note, mode: 'vertex' }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'bad_gateway', status: 502, message: INVALID_MODEL_ANSWER });
  });

  it.each(['vertex', 'local'] as const)('answers 503 model_not_configured for %s mode with no model', async (mode) => {
    const error = await failure(extractWithModel({}, { text: note, mode }));
    expect(error).toMatchObject({ code: 'model_not_configured', status: 503, message: `${modelNotConfiguredMessages[mode]} ${setUpHint}` });
  });

  it('passes a model adapter’s own AppError on, and turns any other failure into 503 unavailable', async () => {
    const limited = modelAnswering(() => Promise.reject(new AppError('rate_limited', 'The model is busy.')));
    await expect(failure(extractWithModel({ vertex: limited.model }, { text: note, mode: 'vertex' }))).resolves.toMatchObject({ code: 'rate_limited' });
    const crashed = modelAnswering(() => Promise.reject(new TypeError('fetch failed')));
    await expect(failure(extractWithModel({ vertex: crashed.model }, { text: note, mode: 'vertex' }))).resolves.toMatchObject({
      code: 'unavailable',
      message: 'The model could not be reached. Try again later.',
    });
  });

  it("says 'Ollama query failed' when the local model cannot be reached", async () => {
    const down = modelAnswering(() => Promise.reject(new AppError('unavailable', 'The local model server could not be reached.')));
    await expect(failure(extractWithModel({ local: down.model }, { text: note, mode: 'local' }))).resolves.toMatchObject({
      code: 'unavailable',
      message: `${LOCAL_MODEL_FAILED}: The local model server could not be reached.`,
    });
  });

  it('reports the tokens the model used', async () => {
    await expect(extract(models({ vertex: modelAnswering('[]').model }), { text: note, mode: 'vertex' })).resolves.toEqual({ result: { problems: [] }, usage });
  });
});

describe('stripModelMarkup', () => {
  it.each([
    ['```json\n[1]\n```', '[1]'],
    ['```JSON [1]```', '[1]'],
    ['  [1]  ', '[1]'],
    ['Answer: {"problems": []} Thanks', '{"problems": []}'],
    ['no json here', 'no json here'],
  ])('stripModelMarkup(%j) is %j', (answer, want) => expect(stripModelMarkup(answer)).toBe(want));
});
