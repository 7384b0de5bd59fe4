// Extraction with a text model: the model is asked for a JSON list of { problem, assessmentAndPlan }; code fences and
// markdown around or inside its answer are stripped (spec section 5), and the result is validated before it is returned.
import {
  AppError,
  ExtractedProblemResult,
  INVALID_MODEL_ANSWER,
  LOCAL_MODEL_FAILED,
  MAX_EXTRACTED_PROBLEMS,
  modelNotConfiguredMessages,
  type ExtractionBody,
  type ExtractionResult,
} from '@chartside/shared';
import * as z from 'zod';
import type { TextModels, TokenUsage } from '../ports/text-model';

export const EXTRACTION_SYSTEM_PROMPT = [
  'You read a clinician\'s note and list its problems with their assessment and plan.',
  'Answer with JSON only: an array of objects {"problem": string, "assessmentAndPlan": string}.',
  'problem is the problem\'s name as written, without "#" or numbering.',
  'assessmentAndPlan holds the assessment and plan lines written under it, one item per line, separated by "\\n".',
  'Keep the clinician\'s wording. Do not add problems or plans that are not in the note. Answer [] when there are none.',
].join('\n');


/** A fenced block (```json ... ```) anywhere in the answer: its inside is the answer. */
const FENCED_BLOCK = /```[\w-]*[ \t]*\r?\n?([\s\S]*?)```/;
/** Bold, italic and inline-code markers around words: '**CHF**' -> 'CHF'. */
const EMPHASIS = /(\*\*|__|\*|`)(\S(?:[\s\S]*?\S)?)\1/g;

/** The JSON in a model's answer: the inside of a code fence when there is one, else from the first '[' or '{' on. */
export const stripModelMarkup = (answer: string): string => {
  const fenced = FENCED_BLOCK.exec(answer)?.[1] ?? answer;
  const start = fenced.search(/[[{]/);
  const end = Math.max(fenced.lastIndexOf(']'), fenced.lastIndexOf('}'));
  return start === -1 || end < start ? fenced.trim() : fenced.slice(start, end + 1);
};

const plainText = (text: string): string => text.replace(EMPHASIS, '$2').trim();

const MAX_PROBLEM_NAME = ExtractedProblemResult.shape.problem.maxLength ?? Infinity;
const MAX_PLAN = ExtractedProblemResult.shape.assessmentAndPlan.maxLength ?? Infinity;

/** The text cut to `max` characters, never in the middle of a surrogate pair. */
const truncate = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};

/** What models send: the plan as text or as a list of lines; the problem name sometimes with '#' or markdown. */
const ModelProblem = z.object({
  problem: z.string().transform((name) => plainText(name.replace(/^#+\s*/, ''))),
  assessmentAndPlan: z.union([z.string(), z.array(z.string())]).transform((plan) => (Array.isArray(plan) ? plan.join('\n') : plan).trim()),
});
/** A bare list, or an object holding it under `problems`. */
const ModelAnswer = z.union([z.array(ModelProblem), z.object({ problems: z.array(ModelProblem) }).transform((answer) => answer.problems)]);

const readAnswer = (answer: string): ExtractionResult => {
  let json: unknown;
  try {
    json = JSON.parse(stripModelMarkup(answer));
  } catch {
    throw new AppError('bad_gateway', INVALID_MODEL_ANSWER);
  }
  const parsed = ModelAnswer.safeParse(json);
  if (!parsed.success) throw new AppError('bad_gateway', INVALID_MODEL_ANSWER);
  // A name or plan longer than an assessment holds is cut to fit (the clinician sees and edits it) rather than losing
  // the whole answer or silently the problem.
  const problems = parsed.data
    .filter((item) => item.problem !== '')
    .slice(0, MAX_EXTRACTED_PROBLEMS)
    .map((item) => ({ problem: truncate(item.problem, MAX_PROBLEM_NAME), assessmentAndPlan: truncate(item.assessmentAndPlan, MAX_PLAN) }));
  const valid = z.array(ExtractedProblemResult).safeParse(problems);
  if (!valid.success) throw new AppError('bad_gateway', INVALID_MODEL_ANSWER);
  return { problems: valid.data };
};

/** The model behind each extraction mode: Enhanced ('vertex') uses the deployment's extraction model. */
const modelFor = (models: TextModels, mode: ExtractionBody['mode']) => (mode === 'vertex' ? models.extraction : models.local);

export const extractWithModel = async (models: TextModels, body: ExtractionBody, signal?: AbortSignal): Promise<{ result: ExtractionResult; usage: TokenUsage }> => {
  const model = modelFor(models, body.mode);
  if (!model) throw new AppError('model_not_configured', `${modelNotConfiguredMessages[body.mode]} ${models.setUpHint}`);
  const answer = await model
    .complete({ system: EXTRACTION_SYSTEM_PROMPT, messages: [{ role: 'user', content: [{ type: 'text', text: body.text }] }], signal })
    .catch((error: unknown) => {
      // Adapters report their failures as AppErrors; anything else is the model being out of reach, not our bug.
      const reported = error instanceof AppError ? error : new AppError('unavailable', 'The model could not be reached. Try again later.');
      if (body.mode === 'local' && reported.code === 'unavailable') throw new AppError('unavailable', `${LOCAL_MODEL_FAILED}: ${reported.message}`);
      throw reported;
    });
  return { result: readAnswer(answer.text), usage: answer.usage };
};
