// The OpenSearch adapter: the shared contract suite against the test double (and against a real cluster when
// OPENSEARCH_URL is set), plus the exact request bodies it sends.
import { randomUUID } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { SearchRequest } from '@chartside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearchDouble, type OpenSearchDouble } from '../../test/opensearch-double';
import { describeSearchIndexContract } from '../search-index-contract';
import {
  buildDocumentSource,
  buildPassagesBody,
  buildRemoveUserQuery,
  buildSearchBody,
  ensureSearchIndex,
  facetsOf,
  MAX_INDEXED_TEXT,
  openSearchSearchIndex,
  signedOpenSearchClient,
  toSearchResult,
  TOTAL_HITS_COUNTED,
} from './opensearch-search-index';
import { searchIndexDefinition } from './opensearch-index-definition';

describeSearchIndexContract('OpenSearch adapter against the test double', async () => {
  const double = await startOpenSearchDouble();
  const client = new Client({ node: double.url });
  await ensureSearchIndex(client);
  return { ...openSearchSearchIndex(client), close: () => double.close() };
});

// `OPENSEARCH_URL=http://localhost:9200 npx vitest run --project lambdas opensearch` runs the same suite on a real
// cluster, in an index of its own that it deletes afterwards.
const realCluster = process.env.OPENSEARCH_URL;
if (realCluster) {
  describeSearchIndexContract(`OpenSearch adapter against ${realCluster}`, async () => {
    const client = new Client({ node: realCluster });
    const index = `resources-contract-${randomUUID()}`;
    await ensureSearchIndex(client, index);
    // A forced refresh per write keeps the 1,000-document case fast; deployed code waits for the periodic refresh.
    return { ...openSearchSearchIndex(client, { index, refresh: true }), close: async () => void (await client.indices.delete({ index })) };
  });
}

const request = (input: Partial<SearchRequest>) => SearchRequest.parse(input);

const facetAggregation = { tags: { terms: { field: 'tags.keyword', size: 2000, order: [{ _count: 'desc' }, { _key: 'asc' }] } } };
const exactFields = ['name^1000', 'tags^50', 'description^50', 'text^1'];
const prefixFields = ['name.prefix^1000', 'tags.prefix^50', 'description.prefix^50', 'text.prefix^1'];
const shown = ['id', 'name', 'type', 'tags', 'favorite', 'link', 'description', 'createdAt'];

describe('OpenSearch request bodies', () => {
  it('searches every word in the weighted fields, the last one also as a prefix, within the user and the filters', () => {
    expect(buildSearchBody('user-1', request({ query: 'Heart "fail', flagged: true, tags: ['heart  failure', 'Cardiology', 'cardiology', ' '], page: 2, perPage: 10 }))).toEqual({
      from: 10,
      size: 10,
      track_total_hits: 10_000,
      _source: shown,
      query: {
        bool: {
          must: [
            { multi_match: { query: 'Heart', type: 'most_fields', fields: exactFields } },
            { multi_match: { query: 'fail', type: 'most_fields', fields: [...exactFields, ...prefixFields] } },
          ],
          filter: [
            { term: { userId: 'user-1' } },
            { term: { favorite: true } },
            { term: { 'tags.key': 'heart failure' } },
            { term: { 'tags.key': 'cardiology' } },
          ],
        },
      },
      sort: [{ _score: 'desc' }, { createdAt: 'desc' }],
      aggs: facetAggregation,
      highlight: {
        pre_tags: ['\uE000'],
        post_tags: ['\uE001'],
        require_field_match: false,
        fields: {
          'name.prefix': { number_of_fragments: 0 },
          'tags.prefix': { number_of_fragments: 0 },
          'description.prefix': { number_of_fragments: 0 },
          'text.prefix': { fragment_size: 160, number_of_fragments: 1 },
        },
      },
    });
  });

  it('lists everything newest first for a query without words, with no highlight', () => {
    expect(buildSearchBody('user-1', request({ query: ' "* - ' }))).toEqual({
      from: 0,
      size: 25,
      track_total_hits: 10_000,
      _source: shown,
      query: { bool: { must: [{ match_all: {} }], filter: [{ term: { userId: 'user-1' } }] } },
      sort: [{ createdAt: 'desc' }],
      aggs: facetAggregation,
    });
  });

  it("asks for a question's passages by any of its words, a long one also as a prefix, with the text around the best match", () => {
    const passageExact = ['name^2', 'tags^1', 'description^1', 'text^1'];
    const passagePrefix = ['name.prefix^2', 'tags.prefix^1', 'description.prefix^1', 'text.prefix^1'];
    expect(buildPassagesBody('user-1', { question: 'What dose of apixaban in AF?' }, 6)).toEqual({
      size: 6,
      _source: ['id', 'name', 'tags', 'description'],
      query: {
        bool: {
          must: [
            {
              bool: {
                should: [
                  { multi_match: { query: 'dose', type: 'most_fields', fields: [...passageExact, ...passagePrefix] } },
                  { multi_match: { query: 'apixaban', type: 'most_fields', fields: [...passageExact, ...passagePrefix] } },
                  { multi_match: { query: 'AF', type: 'most_fields', fields: passageExact } },
                ],
                minimum_should_match: 1,
              },
            },
          ],
          filter: [{ term: { userId: 'user-1' } }],
        },
      },
      sort: [{ _score: 'desc' }, { createdAt: 'desc' }],
      highlight: {
        pre_tags: ['\uE000'],
        post_tags: ['\uE001'],
        require_field_match: false,
        fields: { 'text.prefix': { fragment_size: 400, number_of_fragments: 1, no_match_size: 400 } },
      },
    });
    expect(buildPassagesBody('user-1', { question: 'What is it?' }, 6)).toBeUndefined();
  });

  it("adds an earlier question's words as optional clauses: they rank, a passage matches by the question's own", () => {
    expect(buildPassagesBody('user-1', { question: 'And in CKD?', context: 'What apixaban dose?' }, 6)?.query.bool).toEqual({
      must: [{ bool: { should: [{ multi_match: { query: 'CKD', type: 'most_fields', fields: ['name^2', 'tags^1', 'description^1', 'text^1'] } }], minimum_should_match: 1 } }],
      should: [
        { multi_match: { query: 'apixaban', type: 'most_fields', fields: expect.arrayContaining(['text.prefix^1']) } },
        { multi_match: { query: 'dose', type: 'most_fields', fields: expect.arrayContaining(['text.prefix^1']) } },
      ],
      filter: [{ term: { userId: 'user-1' } }],
    });
  });

  it('never pages past the last reachable hit', () => {
    expect(buildSearchBody('u', request({ page: 10, perPage: 100 }))).toMatchObject({ from: 900, size: 100 });
    expect(buildSearchBody('u', request({ page: 11, perPage: 100 }))).toMatchObject({ from: 1000, size: 0 });
    expect(buildSearchBody('u', request({ page: 1000, perPage: 100 }))).toMatchObject({ from: 1000, size: 0 });
  });

  it('removes a user with one term query on userId', () => {
    expect(buildRemoveUserQuery('user-1')).toEqual({ query: { term: { userId: 'user-1' } } });
  });

  it('strips the highlight markers from indexed text so no document can forge a mark', () => {
    const source = buildDocumentSource({
      userId: 'u',
      id: 'r',
      name: 'a\uE000b',
      type: 'text',
      tags: ['x\uE001'],
      description: '\uE000',
      link: '',
      favorite: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      text: 'c\uE000d\uE001e',
    });
    expect(source).toMatchObject({ name: 'a b', tags: ['x '], description: ' ', text: 'c d e' });
  });

  it('indexes section text up to the length OpenSearch can still highlight', () => {
    const long = buildDocumentSource({
      userId: 'u',
      id: 'r',
      name: '',
      type: 'text',
      tags: [],
      description: '',
      link: '',
      favorite: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      text: 'x'.repeat(MAX_INDEXED_TEXT + 10),
    });
    expect(long.text).toHaveLength(MAX_INDEXED_TEXT);
  });

  it('maps every field strictly: text with English and prefix analysis, keyword tags, unsearched type and link', () => {
    const { mappings, settings } = searchIndexDefinition;
    expect(mappings.dynamic).toBe('strict');
    expect(mappings.properties).toMatchObject({
      userId: { type: 'keyword' },
      name: { type: 'text', analyzer: 'resource_english', fields: { prefix: { analyzer: 'resource_prefix', search_analyzer: 'resource_prefix_search' } } },
      tags: { type: 'text', fields: { keyword: { type: 'keyword' }, key: { type: 'keyword', normalizer: 'resource_tag_key' } } },
      favorite: { type: 'boolean' },
      createdAt: { type: 'date' },
      type: { type: 'keyword', index: false },
      link: { type: 'keyword', index: false },
    });
    expect(settings?.index).toEqual({ number_of_shards: 1, auto_expand_replicas: '0-1' });
    expect(settings?.analysis).toMatchObject({
      filter: { resource_edge_ngram: { type: 'edge_ngram', min_gram: 1, max_gram: 30 } },
      analyzer: { resource_prefix: { tokenizer: 'standard', filter: ['lowercase', 'resource_edge_ngram'] } },
    });
  });
});

describe('OpenSearch responses', () => {
  it('merges tag buckets that differ only in case, most first, then by name', () => {
    expect(
      facetsOf([
        { key: 'Icu', doc_count: 2 },
        { key: 'cardiology', doc_count: 1 },
        { key: 'Cardiology', doc_count: 2 },
        { key: '  ', doc_count: 4 },
        { key: 'Asthma', doc_count: 2 },
      ]),
    ).toEqual([
      { tag: 'Cardiology', count: 3 },
      { tag: 'Asthma', count: 2 },
      { tag: 'Icu', count: 2 },
    ]);
  });

  it('says a total that stopped counting is a lower bound, and facets are exact', () => {
    const response = (relation: 'eq' | 'gte') => ({
      hits: { total: { value: TOTAL_HITS_COUNTED, relation }, hits: [] },
      aggregations: { tags: { buckets: [{ key: 'Icu', doc_count: 12_345 }] } },
    });
    const request = SearchRequest.parse({ query: 'sepsis' });
    expect(toSearchResult(response('gte'), request)).toMatchObject({ found: TOTAL_HITS_COUNTED, foundIs: 'atLeast', facets: [{ tag: 'Icu', count: 12_345 }], facetsAre: 'exact' });
    expect(toSearchResult(response('eq'), request)).toMatchObject({ found: TOTAL_HITS_COUNTED, foundIs: 'exact' });
  });
});

describe('OpenSearch requests on the wire', () => {
  let double: OpenSearchDouble;
  let client: Client;
  beforeAll(async () => {
    double = await startOpenSearchDouble();
    client = new Client({ node: double.url });
  });
  afterAll(async () => {
    await double.close();
  });

  it('creates the index with its mapping once, then only adds to the mapping', async () => {
    expect(await ensureSearchIndex(client, 'wire')).toBe('created');
    expect(await ensureSearchIndex(client, 'wire')).toBe('updated');
    expect(double.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'HEAD', path: '/wire', body: undefined },
      { method: 'PUT', path: '/wire', body: JSON.parse(JSON.stringify(searchIndexDefinition)) },
      { method: 'HEAD', path: '/wire', body: undefined },
      { method: 'POST', path: '/wire/_mapping', body: JSON.parse(JSON.stringify(searchIndexDefinition.mappings)) },
    ]);
  });

  it('writes one document per user and resource, and waits until it is searchable', async () => {
    const index = openSearchSearchIndex(client, { index: 'wire' });
    const document = {
      userId: 'user-1',
      id: 'r1',
      name: 'Sepsis',
      type: 'text' as const,
      tags: ['Icu'],
      description: '',
      link: '',
      favorite: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      text: '',
    };
    double.requests.length = 0;
    await index.upsert(document);
    await index.remove('user-1', 'r1');
    await index.remove('user-1', 'r1');
    await index.removeUser('user-1');
    await index.search('user-1', request({ query: 'sepsis' }));
    expect(double.requests.map(({ authorization: _, ...rest }) => rest)).toEqual([
      { method: 'PUT', path: '/wire/_doc/user-1%23r1', query: { refresh: 'wait_for' }, body: document },
      { method: 'DELETE', path: '/wire/_doc/user-1%23r1', query: { refresh: 'wait_for' }, body: undefined },
      { method: 'DELETE', path: '/wire/_doc/user-1%23r1', query: { refresh: 'wait_for' }, body: undefined },
      { method: 'POST', path: '/wire/_delete_by_query', query: { refresh: 'true', conflicts: 'proceed' }, body: buildRemoveUserQuery('user-1') },
      { method: 'POST', path: '/wire/_search', query: {}, body: JSON.parse(JSON.stringify(buildSearchBody('user-1', request({ query: 'sepsis' })))) },
    ]);
  });

  it('signs every request for OpenSearch Service (SigV4, service es) with the given credentials', async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' };
    const signed = openSearchSearchIndex(signedOpenSearchClient(double.url, 'eu-west-1', async () => credentials), { index: 'wire' });
    double.requests.length = 0;
    await signed.search('user-1', request({}));
    expect(double.requests[0]?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/es\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/);
  });

  it('fails loudly when the index is missing or a document breaks the strict mapping', async () => {
    const missing = openSearchSearchIndex(client, { index: 'missing' });
    await expect(missing.search('user-1', request({}))).rejects.toMatchObject({
      meta: { statusCode: 404, body: { error: { type: 'index_not_found_exception' }, status: 404 } },
    });
    await expect(client.index({ index: 'wire', id: 'x', body: { userId: 'u', surprise: true } })).rejects.toMatchObject({
      meta: { statusCode: 400, body: { error: { type: 'strict_dynamic_mapping_exception' } } },
    });
  });

  it('finds a long word by a long beginning', async () => {
    const index = openSearchSearchIndex(client, { index: 'wire' });
    await index.upsert({
      userId: 'user-2',
      id: 'egd',
      name: 'Esophagogastroduodenoscopy prep',
      type: 'text',
      tags: [],
      description: '',
      link: '',
      favorite: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      text: '',
    });
    const result = await index.search('user-2', request({ query: 'esophagogastroduodeno' }));
    expect(result.hits.map((hit) => hit.id)).toEqual(['egd']);
  });
});
