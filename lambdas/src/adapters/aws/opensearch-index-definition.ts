// The search index's name, settings and mapping: pure values, read by the adapter and by the CDK app (which re-runs the
// deploy-time setup when they change).
import type { API } from '@opensearch-project/opensearch';

export const SEARCH_INDEX_NAME = 'resources';
/** Longest prefix indexed: long enough for long clinical words (esophagogastroduodenoscopy has 26 letters). */
const PREFIX_MAX_CHARS = 30;

const prefixSubfield = { prefix: { type: 'text', analyzer: 'resource_prefix', search_analyzer: 'resource_prefix_search' } } as const;
const searchable = { type: 'text', analyzer: 'resource_english', fields: prefixSubfield } as const;

/**
 * Settings and mapping of the index, created on deploy by the setup function. A later deploy can only add fields: a
 * changed analyzer or field type needs a new index name and a reindex of every user.
 */
export const searchIndexDefinition: API.Indices_Create_RequestBody & { mappings: API.Indices_PutMapping_RequestBody } = {
  settings: {
    // One shard scores every user's documents alike (ties then fall to createdAt); a replica once there are two nodes.
    index: { number_of_shards: 1, auto_expand_replicas: '0-1' },
    analysis: {
      filter: {
        resource_english_stemmer: { type: 'stemmer', language: 'english' },
        resource_english_possessive: { type: 'stemmer', language: 'possessive_english' },
        resource_edge_ngram: { type: 'edge_ngram', min_gram: 1, max_gram: PREFIX_MAX_CHARS },
      },
      // Tags filter ignoring case, as the user's tag list compares them.
      normalizer: { resource_tag_key: { type: 'custom', filter: ['lowercase'] } },
      analyzer: {
        // English stemming without stop words: every query word is required, so a dropped "the" would match nothing.
        resource_english: { type: 'custom', tokenizer: 'standard', filter: ['resource_english_possessive', 'lowercase', 'resource_english_stemmer'] },
        // Every word indexed with its prefixes, so the word being typed (the last one) matches as a prefix.
        resource_prefix: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'resource_edge_ngram'] },
        resource_prefix_search: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
      },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      userId: { type: 'keyword' },
      id: { type: 'keyword' },
      name: searchable,
      // `keyword` keeps a tag as written (facet labels), `key` ignores case (filters).
      tags: { ...searchable, fields: { ...prefixSubfield, keyword: { type: 'keyword' }, key: { type: 'keyword', normalizer: 'resource_tag_key' } } },
      description: searchable,
      text: searchable,
      favorite: { type: 'boolean' },
      createdAt: { type: 'date' },
      // Shown on a hit, never searched.
      type: { type: 'keyword', index: false, doc_values: false },
      link: { type: 'keyword', index: false, doc_values: false },
    },
  },
};

