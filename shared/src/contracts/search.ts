// Full-text search over the user's resources. One contract for both engines (SQLite FTS5 locally, OpenSearch in the cloud).
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';
import { TagCount } from './tags';
import { ResourceSummary } from '../resources/resource';

export const SEARCH_DEBOUNCE_MS = 300;
export const searchPageSizes = [10, 25, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** No search reaches past this many hits, however it is paged. */
export const SEARCH_MAX_HITS = 1000;
export const MAX_SEARCH_QUERY = 500;
/** Tags shown on a result before '+N more'. */
export const SEARCH_RESULT_TAGS = 6;

/** Field weights: a name match outranks everything; tags and description next; section text last. */
export const searchFieldWeights = { name: 1000, tags: 50, description: 50, textSections: 1 } as const;
export type SearchField = keyof typeof searchFieldWeights;
export const searchFields = Object.keys(searchFieldWeights) as SearchField[];

/** More words than this in one query add nothing but cost. */
export const MAX_SEARCH_WORDS = 16;
/**
 * The words of a query, as both engines look for them: runs of letters, digits and marks, so no engine's query syntax
 * (quotes, `*`, `-`, `:`, parentheses, NEAR) is ever interpreted. Every word must match; the last may be a prefix.
 */
export const searchWords = (query: string): string[] => wordsOf(query).slice(0, MAX_SEARCH_WORDS);

const wordsOf = (text: string): string[] => text.normalize('NFKC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/**
 * Passages for a question (/tools/vectorsearch) are found by any word of it, so the words every question has would
 * find everything: they are left out.
 */
const QUESTION_STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers him ' +
    'his how i if in into is it its itself just me more most my no nor not of off on once only or other our out over own ' +
    'please same she should so some such tell than that the their them then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your ' +
    // An age ('an 85-year-old') would find every case by its patient's age.
    'year years old'
  ).split(' '),
);
/** A question word this long or longer also finds the words it begins ('dose' finds 'doses'); a shorter one ('AF', 'MI') only itself. */
export const MIN_PREFIX_QUESTION_WORD = 4;

/**
 * The words a question is looked up by: its words as both engines read them (as searchWords), without the common
 * words every question has, each once (ignoring case), at most MAX_SEARCH_WORDS. A passage matches any of them.
 */
export const questionWords = (question: string): string[] => {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of wordsOf(question)) {
    const key = word.toLowerCase();
    if (QUESTION_STOP_WORDS.has(key) || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
};

/**
 * The words passages are looked up by: a passage must match one of the question's (`required`); those of its context
 * (the question asked before it, for a follow-up such as 'and in renal failure?') only add to its rank. At most
 * MAX_SEARCH_WORDS in all; no context words for a question without words of its own.
 */
export const passageWords = (question: string, context = ''): { required: string[]; boosting: string[] } => {
  const required = questionWords(question);
  if (required.length === 0) return { required, boosting: [] };
  const known = new Set(required.map((word) => word.toLowerCase()));
  const boosting = questionWords(context)
    .filter((word) => !known.has(word.toLowerCase()))
    .slice(0, MAX_SEARCH_WORDS - required.length);
  return { required, boosting };
};

/**
 * Field weights when passages are ranked for a question: gentler than a search's, so a resource whose text matches
 * several words of the question can outrank one whose name matches one.
 */
export const passageFieldWeights = { name: 2, tags: 1, description: 1, textSections: 1 } as const satisfies Record<SearchField, number>;

export const SearchRequest = z.strictObject({
  query: z.string().max(MAX_SEARCH_QUERY).default(''),
  /** Only favorites. */
  flagged: z.boolean().default(false),
  /** Every listed tag must be on the resource. */
  tags: z.array(z.string().max(MAX_SHORT_TEXT)).max(50).default([]),
  page: z.number().int().min(1).max(SEARCH_MAX_HITS).default(1),
  perPage: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(DEFAULT_PAGE_SIZE),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

/** A piece of matched text: the parts to highlight are marked, so no HTML travels. */
export const Snippet = z.object({
  field: z.enum(['name', 'tags', 'description', 'textSections']),
  parts: z.array(z.object({ text: z.string(), highlight: z.boolean() })),
});
export type Snippet = z.infer<typeof Snippet>;

export const SearchHit = ResourceSummary.pick({ id: true, name: true, type: true, tags: true, favorite: true, link: true, description: true, createdAt: true }).extend({
  snippets: z.array(Snippet),
});
export type SearchHit = z.infer<typeof SearchHit>;

/**
 * How a count was reached: over every match ('exact'), from a sample of the matches when they are many ('estimate',
 * shown as 'about N'), or by a count that stopped at N ('atLeast', shown as 'at least N').
 */
export const SearchCount = z.enum(['exact', 'estimate', 'atLeast']);
export type SearchCount = z.infer<typeof SearchCount>;

export const SearchResult = z.object({
  hits: z.array(SearchHit),
  /** Matching resources, counted as `foundIs` says. Paging reaches at most SEARCH_MAX_HITS of them. */
  found: z.number().int().nonnegative(),
  foundIs: SearchCount,
  page: z.number().int(),
  perPage: z.number().int(),
  /** Tags of every matching resource, with how many carry each, most first; counted as `facetsAre` says. */
  facets: z.array(TagCount),
  facetsAre: SearchCount.exclude(['atLeast']),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const searchContract = {
  search: {
    method: 'post',
    path: '/search',
    /** A POST only for its body: it changes nothing. */
    readOnly: true,
    summary:
      'Search the user’s resources: weighted match (name 1000, tags 50, description 50, sections 1), newest first among equals; an empty query lists everything newest first',
    body: SearchRequest,
    response: SearchResult,
  },
} as const;
