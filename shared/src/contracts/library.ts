// Asking a question of one's own library (/tools/vectorsearch; the spec's 'vector store chat': a message and the
// conversation so far in, an answer out). The answer comes from passages of the user's resources and cites them by
// number ([1], [2]); `sources` lists them in that order.
import * as z from 'zod';
import { CHAT_MESSAGE_REQUIRED, MAX_CHAT_TEXT } from '../chat/chat';

/** Longest question. */
export const MAX_LIBRARY_QUESTION = 4_000;
/** Most earlier messages sent with a question (the latest ones), and the longest one. */
export const MAX_LIBRARY_HISTORY = 12;
export const MAX_LIBRARY_HISTORY_TEXT = MAX_CHAT_TEXT;
/** Most passages an answer is drawn from. */
export const LIBRARY_PASSAGES = 6;

/** What the answer says when no resource of the library matches the question (the model is not asked). */
export const NOTHING_IN_LIBRARY =
  'Nothing in your library matches this question. Try other words, or add a resource about it to your library.';

export const LibraryHistoryMessage = z.strictObject({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(MAX_LIBRARY_HISTORY_TEXT, `An earlier message can be at most ${MAX_LIBRARY_HISTORY_TEXT} characters.`),
});
export type LibraryHistoryMessage = z.infer<typeof LibraryHistoryMessage>;

export const AskLibraryBody = z.strictObject({
  message: z
    .string({ error: CHAT_MESSAGE_REQUIRED })
    .trim()
    .min(1, CHAT_MESSAGE_REQUIRED)
    .max(MAX_LIBRARY_QUESTION, `A question can be at most ${MAX_LIBRARY_QUESTION} characters.`),
  /** The conversation so far, oldest first. */
  conversationHistory: z
    .array(LibraryHistoryMessage, { error: 'conversationHistory must be a list of earlier messages.' })
    .max(MAX_LIBRARY_HISTORY, `Send at most the latest ${MAX_LIBRARY_HISTORY} messages of the conversation.`)
    .default([]),
});
export type AskLibraryBody = z.input<typeof AskLibraryBody>;

/** A resource an answer was drawn from: [n] in the answer is the n-th source. */
export const LibrarySource = z.object({
  resourceId: z.string(),
  name: z.string(),
  /** The text the model was given (an encrypted resource gives its name and tags only). */
  excerpt: z.string(),
});
export type LibrarySource = z.infer<typeof LibrarySource>;

export const LibraryAnswer = z.object({
  /** Plain text; paragraphs apart by a blank line, list items on lines starting with '- '. */
  answer: z.string(),
  sources: z.array(LibrarySource),
});
export type LibraryAnswer = z.infer<typeof LibraryAnswer>;

export const libraryContract = {
  ask: {
    method: 'post',
    path: '/library/ask',
    summary:
      "Answer a question from the user's own resources, citing them ([1] is the first source); nothing is asked of the model when no resource matches (429 past the day's token allowance, 503 when no model is set up)",
    body: AskLibraryBody,
    response: LibraryAnswer,
  },
} as const;
