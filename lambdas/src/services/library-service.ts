// Asking a question of one's own library (/tools/vectorsearch): the passages of the user's resources that match the
// question are found in the search index (SQLite FTS5 locally, OpenSearch in the cloud), numbered, and given to the
// chat's Fast model, which answers from them and cites them as [1], [2]. When nothing matches, the answer says so and
// the model is not asked.
import {
  AppError,
  INVALID_MODEL_ANSWER,
  LIBRARY_PASSAGES,
  NOTHING_IN_LIBRARY,
  stripReplyMarkdown,
  type AskLibraryBody,
  type LibraryAnswer,
  type LibraryHistoryMessage,
  type LibrarySource,
} from '@chartside/shared';
import type { z } from 'zod';
import type { Clock } from '../ports/clock';
import type { Passage, PassageLookup, SearchIndex } from '../ports/search-index';
import type { ModelMessage, TextModels } from '../ports/text-model';
import { checkAllowance, recordUsage, type AiAllowance } from './ai-allowance';
import { notSetUp } from './chat-service';
import { alternatingTurns } from './model-turns';

export interface LibraryDeps {
  search: SearchIndex;
  models: TextModels;
  allowance: AiAllowance;
  clock: Clock;
}

export const LIBRARY_SYSTEM_PROMPT = [
  "You answer a physician's questions from passages of their own library of clinical resources, given below, each with its number.",
  'Use only what the passages say; when they do not answer the question, say so plainly and say what they do cover.',
  'Cite the passage each statement rests on by its number in square brackets, like [1] or [2][3]; numbers in earlier answers referred to earlier passages.',
  'Never invent doses, patient data or references.',
  "Answer in plain text: short paragraphs, a list as lines starting with '- '; no markdown, no HTML.",
].join(' ');

/** The longest description a passage carries. */
const DESCRIPTION_CHARS = 600;
/** The conversation a model is given: the latest messages, within a budget of characters. */
const HISTORY_CHARACTERS = 40_000;
const ANSWER_TOKENS = 1_500;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

/**
 * What the model and the reader are shown of a passage: its description and the text around the match, or its tags
 * when the index holds nothing more of it (an encrypted resource).
 */
export const sourceOf = (passage: Passage): LibrarySource => {
  const text = [clip(passage.description.trim(), DESCRIPTION_CHARS), passage.excerpt.trim()].filter(Boolean).join('\n');
  const tags = passage.tags.length ? `Tags: ${passage.tags.join(', ')}` : '';
  return { resourceId: passage.id, name: passage.name, excerpt: text || tags };
};

/** The passages as the model reads them, numbered as the answer cites them. */
export const passagesPrompt = (sources: LibrarySource[]): string =>
  sources.map((source, i) => `[${i + 1}] ${source.name} (resource ${source.resourceId})\n${source.excerpt || '(only its name is known)'}`).join('\n\n');

/** The conversation as the model takes it: the latest messages within a budget, then the question. */
const conversation = (history: LibraryHistoryMessage[], question: string): ModelMessage[] => {
  const recent: LibraryHistoryMessage[] = [];
  let characters = question.length;
  for (const message of [...history].reverse()) {
    characters += message.text.length;
    if (characters > HISTORY_CHARACTERS) break;
    recent.unshift(message);
  }
  const messages = [...recent, { role: 'user' as const, text: question }].filter(({ text }) => text.trim() !== '');
  return alternatingTurns(messages.map(({ role, text }) => ({ role, content: [{ type: 'text', text }] })));
};

/**
 * What the library is searched for: the question, with the one asked before it as context (a follow-up often names its
 * topic less); only the question's own words can make a passage match.
 */
const lookupOf = (history: LibraryHistoryMessage[], question: string): PassageLookup => ({
  question,
  context: history.findLast((message) => message.role === 'user')?.text ?? '',
});

export const askLibrary = async (deps: LibraryDeps, userId: string, body: z.output<typeof AskLibraryBody>, signal?: AbortSignal): Promise<LibraryAnswer> => {
  const model = deps.models.fast;
  if (!model) throw notSetUp(deps.models);
  const passages = await deps.search.passages(userId, lookupOf(body.conversationHistory, body.message), LIBRARY_PASSAGES);
  if (passages.length === 0) return { answer: NOTHING_IN_LIBRARY, sources: [] };
  await checkAllowance(deps.allowance, userId, deps.clock.now());
  const sources = passages.map(sourceOf);
  const answer = await model.complete({
    system: `${LIBRARY_SYSTEM_PROMPT}\n\n<passages>\n${passagesPrompt(sources)}\n</passages>`,
    messages: conversation(body.conversationHistory, body.message),
    maxTokens: ANSWER_TOKENS,
    signal,
  });
  await recordUsage(deps.allowance, userId, deps.clock.now(), answer.usage);
  const text = stripReplyMarkdown(answer.text);
  if (!text) throw new AppError('bad_gateway', INVALID_MODEL_ANSWER);
  return { answer: text, sources };
};
