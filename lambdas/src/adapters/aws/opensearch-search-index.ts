// The cloud search engine: one OpenSearch index shared by every user; each document carries its userId and every
// query filters on it. The request builders are pure so their bodies can be checked against expected ones.
// (The signer comes from `aws-v3`: the plain `aws` entry also reaches for the v2 SDK, which bundles ~10 MB more.)
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';
import {
  MIN_PREFIX_QUESTION_WORD,
  passageFieldWeights,
  passageWords,
  tagKey,
  ResourceType,
  SEARCH_MAX_HITS,
  searchWords,
  searchFieldWeights,
  type SearchField,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
} from '@chartside/shared';
import * as z from 'zod';
import type { Passage, PassageLookup, SearchDocument, SearchIndex } from '../../ports/search-index';
import { MARK_CLOSE, MARK_OPEN, markedParts, unmarked, withoutMarks } from '../search-marks';
import { SEARCH_INDEX_NAME, searchIndexDefinition } from './opensearch-index-definition';


/** Enough buckets for every tag of a user's library: facets count over all hits, not one page. */
const FACET_BUCKETS = 2000;
/** Hits are counted exactly up to this many (OpenSearch's default); past it the total says 'at least' (relation gte). */
export const TOTAL_HITS_COUNTED = 10_000;
/** Characters of section text shown around the first match. */
const TEXT_SNIPPET_CHARS = 160;
/** Characters of section text a passage for a question carries. */
const PASSAGE_CHARS = 400;

/** Index field of each searchable contract field (the port keeps section text as `text`). */
const indexField: Record<SearchField, string> = { name: 'name', tags: 'tags', description: 'description', textSections: 'text' };
const prefixField = (field: SearchField) => `${indexField[field]}.prefix`;
const snippetFieldOf = Object.fromEntries(
  Object.entries(indexField).map(([field, name]) => [`${name}.prefix`, field as SearchField]),
) as Record<string, SearchField>;

/** One index for every user, so a document's id carries its user's. */
const documentId = (userId: string, resourceId: string) => `${userId}#${resourceId}`;

const weighted = (field: string, weight: number) => `${field}^${weight}`;
const exactFields = Object.entries(searchFieldWeights).map(([field, weight]) => weighted(indexField[field as SearchField], weight));
const prefixFields = Object.entries(searchFieldWeights).map(([field, weight]) => weighted(prefixField(field as SearchField), weight));

const shownFields = ['id', 'name', 'type', 'tags', 'favorite', 'link', 'description', 'createdAt'];

/** The tags a filter asks for; blank and repeated ones dropped. */
const tagKeys = (tags: readonly string[]) => [...new Set(tags.map(tagKey).filter(Boolean))];

/** The `_search` body for one page of a user's search. Every word must match in some field; the last may be a prefix. */
export const buildSearchBody = (userId: string, request: SearchRequest) => {
  const words = searchWords(request.query);
  const from = Math.min((request.page - 1) * request.perPage, SEARCH_MAX_HITS);
  const filter = [
    { term: { userId } },
    ...(request.flagged ? [{ term: { favorite: true } }] : []),
    ...tagKeys(request.tags).map((key) => ({ term: { 'tags.key': key } })),
  ];
  const must = words.length
    ? words.map((word, i) => ({
        multi_match: { query: word, type: 'most_fields', fields: i === words.length - 1 ? [...exactFields, ...prefixFields] : exactFields },
      }))
    : [{ match_all: {} }];
  return {
    from,
    size: Math.min(request.perPage, SEARCH_MAX_HITS - from),
    track_total_hits: TOTAL_HITS_COUNTED,
    _source: shownFields,
    query: { bool: { must, filter } },
    sort: words.length ? [{ _score: 'desc' }, { createdAt: 'desc' }] : [{ createdAt: 'desc' }],
    aggs: { tags: { terms: { field: 'tags.keyword', size: FACET_BUCKETS, order: [{ _count: 'desc' }, { _key: 'asc' }] } } },
    ...(words.length
      ? {
          highlight: {
            pre_tags: [MARK_OPEN],
            post_tags: [MARK_CLOSE],
            // The prefix subfields hold every word and its prefixes, so one pass marks whole and partial matches.
            require_field_match: false,
            fields: {
              [prefixField('name')]: { number_of_fragments: 0 },
              [prefixField('tags')]: { number_of_fragments: 0 },
              [prefixField('description')]: { number_of_fragments: 0 },
              [prefixField('textSections')]: { fragment_size: TEXT_SNIPPET_CHARS, number_of_fragments: 1 },
            },
          },
        }
      : {}),
  };
};

const passageExactFields = Object.entries(passageFieldWeights).map(([field, weight]) => weighted(indexField[field as SearchField], weight));
const passagePrefixFields = Object.entries(passageFieldWeights).map(([field, weight]) => weighted(prefixField(field as SearchField), weight));

const passageClause = (word: string) => ({
  multi_match: { query: word, type: 'most_fields', fields: word.length >= MIN_PREFIX_QUESTION_WORD ? [...passageExactFields, ...passagePrefixFields] : passageExactFields },
});

/**
 * The `_search` body for the passages of a lookup: any of the question's words must match in some field, one of 4
 * letters or more also as a prefix; the context's words only add to the score. The section text around the best match
 * (or its start) comes as a highlight. Undefined when the question has no word worth looking up.
 */
export const buildPassagesBody = (userId: string, { question, context }: PassageLookup, limit: number) => {
  const { required, boosting } = passageWords(question, context);
  if (required.length === 0) return undefined;
  return {
    size: limit,
    _source: ['id', 'name', 'tags', 'description'],
    query: {
      bool: {
        must: [{ bool: { should: required.map(passageClause), minimum_should_match: 1 } }],
        ...(boosting.length ? { should: boosting.map(passageClause) } : {}),
        filter: [{ term: { userId } }],
      },
    },
    sort: [{ _score: 'desc' }, { createdAt: 'desc' }],
    highlight: {
      pre_tags: [MARK_OPEN],
      post_tags: [MARK_CLOSE],
      require_field_match: false,
      fields: { [prefixField('textSections')]: { fragment_size: PASSAGE_CHARS, number_of_fragments: 1, no_match_size: PASSAGE_CHARS } },
    },
  };
};

const PassagesResponse = z.object({
  hits: z.object({
    hits: z.array(
      z.object({
        _source: z.object({ id: z.string(), name: z.string(), tags: z.array(z.string()), description: z.string() }),
        highlight: z.record(z.string(), z.array(z.string())).optional(),
      }),
    ),
  }),
});

/** The port's passages from an OpenSearch `_search` response: the highlight's marks dropped. */
export const toPassages = (body: unknown): Passage[] =>
  PassagesResponse.parse(body).hits.hits.map(({ _source, highlight }) => ({
    ..._source,
    excerpt: unmarked(highlight?.[prefixField('textSections')]?.[0] ?? ''),
  }));

/**
 * Section text indexed per resource: OpenSearch refuses to highlight past 1,000,000 characters of a field
 * (index.highlight.max_analyzed_offset), and a request must stay under the domain's 10 MiB payload limit.
 */
export const MAX_INDEXED_TEXT = 900_000;

/** The stored source of a document: what is searched and what a hit shows. */
export const buildDocumentSource = (document: SearchDocument): SearchDocument => ({
  ...document,
  name: withoutMarks(document.name),
  tags: document.tags.map(withoutMarks),
  description: withoutMarks(document.description),
  text: withoutMarks(document.text.slice(0, MAX_INDEXED_TEXT)),
});

/** Removes every document of one user. */
export const buildRemoveUserQuery = (userId: string) => ({ query: { term: { userId } } });


const Hit = z.object({
  _source: z.object({
    id: z.string(),
    name: z.string(),
    type: ResourceType,
    tags: z.array(z.string()),
    favorite: z.boolean(),
    link: z.string(),
    description: z.string(),
    createdAt: z.string(),
  }),
  highlight: z.record(z.string(), z.array(z.string())).optional(),
});
const SearchResponse = z.object({
  hits: z.object({ total: z.object({ value: z.number(), relation: z.enum(['eq', 'gte']) }), hits: z.array(Hit) }),
  aggregations: z.object({ tags: z.object({ buckets: z.array(z.object({ key: z.string(), doc_count: z.number() })) }) }),
});

const snippetOrder = Object.keys(searchFieldWeights) as SearchField[];

/**
 * Facets from the buckets of tags as written: spellings that differ only in case count as one tag, labelled by the
 * first spelling in code-point order; most first, then by the case-free name (as the local engine orders them).
 */
export const facetsOf = (buckets: readonly { key: string; doc_count: number }[]): SearchResult['facets'] => {
  const byKey = new Map<string, SearchResult['facets'][number]>();
  for (const { key: tag, doc_count: count } of buckets) {
    const key = tagKey(tag);
    if (!key) continue;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { tag: seen.tag < tag ? seen.tag : tag, count: seen.count + count } : { tag, count });
  }
  return [...byKey.entries()]
    .sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([, facet]) => facet);
};

/** The contract's result from an OpenSearch `_search` response. */
export const toSearchResult = (body: unknown, request: SearchRequest): SearchResult => {
  const response = SearchResponse.parse(body);
  const hits = response.hits.hits.map(({ _source, highlight }): SearchHit => {
    const snippets = Object.entries(highlight ?? {})
      .map(([field, fragments]) => ({ field: snippetFieldOf[field], fragments }))
      .filter((s): s is { field: SearchField; fragments: string[] } => s.field !== undefined)
      .sort((a, b) => snippetOrder.indexOf(a.field) - snippetOrder.indexOf(b.field))
      .flatMap(({ field, fragments }) => fragments.map((fragment) => ({ field, parts: markedParts(fragment) })));
    return { ..._source, snippets };
  });
  return {
    hits,
    found: response.hits.total.value,
    foundIs: response.hits.total.relation === 'gte' ? 'atLeast' : 'exact',
    page: request.page,
    perPage: request.perPage,
    // A terms aggregation counts every hit, however many.
    facets: facetsOf(response.aggregations.tags.buckets),
    facetsAre: 'exact',
  };
};

/** A client signing every request (SigV4, service `es`) with the function's role; the endpoint is a host name or URL. */
export const signedOpenSearchClient = (
  endpoint: string,
  region: string,
  getCredentials: NonNullable<Parameters<typeof AwsSigv4Signer>[0]['getCredentials']> = defaultProvider(),
): Client =>
  new Client({
    ...AwsSigv4Signer({ region, service: 'es', getCredentials }),
    node: /^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`,
  });

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'meta' in error && (error.meta as { statusCode?: number }).statusCode === 404;

/** Creates the index with its mapping when missing; otherwise adds new fields to the mapping (a compatible change). */
export const ensureSearchIndex = async (client: Client, index: string = SEARCH_INDEX_NAME): Promise<'created' | 'updated'> => {
  const { body: exists } = await client.indices.exists({ index });
  if (!exists) {
    await client.indices.create({ index, body: searchIndexDefinition });
    return 'created';
  }
  await client.indices.putMapping({ index, body: searchIndexDefinition.mappings });
  return 'updated';
};

export interface OpenSearchIndexOptions {
  index?: string;
  /**
   * `wait_for` (the default): a write returns once it is searchable, as with SQLite, so a search right after a save
   * sees it, without forcing a refresh per write. `true` forces one: only for tests that write thousands of documents.
   */
  refresh?: 'wait_for' | true;
}

export const openSearchSearchIndex = (client: Client, { index = SEARCH_INDEX_NAME, refresh = 'wait_for' }: OpenSearchIndexOptions = {}): SearchIndex => ({
  async upsert(document) {
    await client.index({ index, id: documentId(document.userId, document.id), body: buildDocumentSource(document), refresh });
  },
  async remove(userId, resourceId) {
    try {
      await client.delete({ index, id: documentId(userId, resourceId), refresh });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  },
  async removeUser(userId) {
    await client.deleteByQuery({ index, body: buildRemoveUserQuery(userId), refresh: true, conflicts: 'proceed' });
  },
  async search(userId, request) {
    // Sent through the transport: the client's generated types lack `field` on a terms aggregation.
    const { body } = await client.transport.request({ method: 'POST', path: `/${index}/_search`, body: buildSearchBody(userId, request) });
    return toSearchResult(body, request);
  },
  async passages(userId, lookup, limit) {
    const request = buildPassagesBody(userId, lookup, limit);
    if (!request) return [];
    const { body } = await client.transport.request({ method: 'POST', path: `/${index}/_search`, body: request });
    return toPassages(body);
  },
});
