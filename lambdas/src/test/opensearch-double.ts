// Test-only: a small OpenSearch stand-in for the outside world no emulator provides here. It speaks the subset of the
// REST API the OpenSearch adapter uses, with OpenSearch's response shapes and error bodies, and analyses text from
// the index's own settings and mapping (standard tokenizer, lowercase, edge n-grams, keyword normalizers).
// Scoring is BM25 per field times the field's boost. Known differences: no stemming (`stemmer` filters are read and
// skipped), sentence-based fragments are approximated, and every write is searchable at once.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The SigV4 signature header, when the client signed the request. */
  authorization: string | undefined;
  body: Json | undefined;
}

export interface OpenSearchDouble {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  /** Every request received, in order (for request-body assertions). */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
  ) {
    super(reason);
  }
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: Json | undefined, what: string): JsonObject => {
  if (!isObject(v)) throw new HttpError(400, 'parsing_exception', `[${what}] must be an object`);
  return v;
};
const asArray = (v: Json | undefined): Json[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** The single `{ name: body }` entry of a query clause. */
const single = (v: Json | undefined, what: string): [string, Json] => {
  const entries = Object.entries(asObject(v, what));
  if (entries.length !== 1) throw new HttpError(400, 'parsing_exception', `[${what}] must hold exactly one entry`);
  return entries[0]!;
};

// --- analysis -----------------------------------------------------------------------------------------------------

interface Token {
  start: number;
  end: number;
  /** What the token indexes as after the filters (several for an n-gram filter). */
  terms: string[];
}
type Analyzer = (text: string) => Token[];

/** The standard tokenizer, near enough: runs of letters, digits and marks. */
const standardTokens = (text: string) => [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));

type TokenFilter = (terms: string[]) => string[];

const tokenFilter = (name: string, definitions: JsonObject): TokenFilter => {
  if (name === 'lowercase') return (terms) => terms.map((t) => t.toLowerCase());
  const definition = definitions[name];
  if (!isObject(definition)) throw new HttpError(400, 'illegal_argument_exception', `failed to find filter under name [${name}]`);
  switch (definition.type) {
    case 'lowercase':
      return (terms) => terms.map((t) => t.toLowerCase());
    case 'stemmer':
      return (terms) => terms;
    case 'edge_ngram': {
      const min = Number(definition.min_gram ?? 1);
      const max = Number(definition.max_gram ?? 2);
      return (terms) => terms.flatMap((t) => Array.from({ length: Math.max(0, Math.min(max, t.length) - min + 1) }, (_, i) => t.slice(0, min + i)));
    }
    default:
      throw new HttpError(400, 'illegal_argument_exception', `the double knows no token filter of type [${String(definition.type)}]`);
  }
};

const buildAnalyzer = (name: string, analysis: JsonObject): Analyzer => {
  if (name === 'standard') return buildAnalyzer('__standard', { analyzer: { __standard: { tokenizer: 'standard', filter: ['lowercase'] } } });
  const definition = isObject(analysis.analyzer) ? analysis.analyzer[name] : undefined;
  if (!isObject(definition)) throw new HttpError(400, 'mapper_parsing_exception', `analyzer [${name}] has not been configured in mappings`);
  if (definition.tokenizer !== 'standard') throw new HttpError(400, 'illegal_argument_exception', 'the double knows only the standard tokenizer');
  const filters = asArray(definition.filter).map((f) => tokenFilter(String(f), isObject(analysis.filter) ? analysis.filter : {}));
  return (text) => standardTokens(text).map(({ start, end, text: word }) => ({ start, end, terms: filters.reduce((terms, f) => f(terms), [word]) }));
};

// --- mapping ------------------------------------------------------------------------------------------------------

interface FieldMapping {
  type: string;
  /** Text fields: how values index and how queries on the field are analysed. */
  index?: Analyzer;
  search?: Analyzer;
  /** Keyword fields: the normalizer applied to values and term queries. */
  normalize?: (value: string) => string;
  searchable: boolean;
}

interface IndexState {
  settings: JsonObject;
  properties: JsonObject;
  dynamic: Json | undefined;
  fields: Map<string, FieldMapping>;
  /** Field path -> the source path it reads (`name.prefix` reads `name`). */
  sourceOf: Map<string, string>;
  docs: Map<string, StoredDoc>;
}

interface StoredDoc {
  id: string;
  source: JsonObject;
  /** Per text field: the tokens of each value. */
  tokens: Map<string, Token[][]>;
  seqNo: number;
}

const compileFields = (state: IndexState) => {
  const analysis = isObject(state.settings.analysis) ? state.settings.analysis : {};
  state.fields.clear();
  state.sourceOf.clear();
  const add = (path: string, sourcePath: string, definition: JsonObject) => {
    const type = String(definition.type ?? 'object');
    const mapping: FieldMapping = { type, searchable: definition.index !== false };
    if (type === 'text') {
      mapping.index = buildAnalyzer(String(definition.analyzer ?? 'standard'), analysis);
      mapping.search = buildAnalyzer(String(definition.search_analyzer ?? definition.analyzer ?? 'standard'), analysis);
    }
    if (type === 'keyword' && typeof definition.normalizer === 'string') {
      const normalizers = isObject(analysis.normalizer) ? analysis.normalizer : {};
      const normalizer = normalizers[definition.normalizer];
      if (!isObject(normalizer)) throw new HttpError(400, 'mapper_parsing_exception', `normalizer [${definition.normalizer}] not found for field [${path}]`);
      const filters = asArray(normalizer.filter).map((f) => tokenFilter(String(f), isObject(analysis.filter) ? analysis.filter : {}));
      mapping.normalize = (value) => filters.reduce((terms, f) => f(terms), [value])[0] ?? value;
    }
    state.fields.set(path, mapping);
    state.sourceOf.set(path, sourcePath);
    for (const [sub, subDefinition] of Object.entries(isObject(definition.fields) ? definition.fields : {})) {
      add(`${path}.${sub}`, sourcePath, asObject(subDefinition, `${path}.${sub}`));
    }
  };
  for (const [name, definition] of Object.entries(state.properties)) add(name, name, asObject(definition, name));
};

const analyseDoc = (state: IndexState, id: string, source: JsonObject, seqNo: number): StoredDoc => {
  for (const key of Object.keys(source)) {
    if (!state.fields.has(key) && state.dynamic === 'strict') {
      throw new HttpError(400, 'strict_dynamic_mapping_exception', `mapping set to strict, dynamic introduction of [${key}] within [_doc] is not allowed`);
    }
  }
  const tokens = new Map<string, Token[][]>();
  for (const [path, mapping] of state.fields) {
    if (mapping.type !== 'text' || !mapping.index) continue;
    const values = asArray(source[state.sourceOf.get(path) ?? path]).map(String);
    tokens.set(path, values.map(mapping.index));
  }
  return { id, source, tokens, seqNo };
};

// --- queries ------------------------------------------------------------------------------------------------------

const K1 = 1.2;
const B = 0.75;

/** A query's verdict on one document: undefined when it does not match, else its score. */
type Matcher = (doc: StoredDoc) => number | undefined;

/** The terms each text field was asked for, kept for highlighting. */
type QueryTerms = Map<string, Set<string>>;

const fieldValues = (state: IndexState, doc: StoredDoc, path: string): Json[] => asArray(doc.source[state.sourceOf.get(path) ?? path]);

const mappingOf = (state: IndexState, path: string): FieldMapping => {
  const mapping = state.fields.get(path);
  if (!mapping) throw new HttpError(400, 'query_shard_exception', `No mapping found for [${path}] in order to query`);
  return mapping;
};

/** BM25 of one field for the given query terms (Lucene's formula; n-grams stack on their word, so length counts words). */
const bm25 = (state: IndexState, path: string, terms: string[]): Matcher => {
  const all = [...state.docs.values()].filter((d) => (d.tokens.get(path) ?? []).some((v) => v.length > 0));
  const length = (d: StoredDoc) => (d.tokens.get(path) ?? []).reduce((sum, v) => sum + v.length, 0);
  const averageLength = all.reduce((sum, d) => sum + length(d), 0) / Math.max(all.length, 1);
  const frequency = (d: StoredDoc, term: string) =>
    (d.tokens.get(path) ?? []).reduce((sum, value) => sum + value.filter((token) => token.terms.includes(term)).length, 0);
  const idf = new Map(
    terms.map((term) => {
      const n = all.filter((d) => frequency(d, term) > 0).length;
      return [term, Math.log(1 + (all.length - n + 0.5) / (n + 0.5))];
    }),
  );
  return (doc) => {
    let score = 0;
    let matched = false;
    for (const term of terms) {
      const tf = frequency(doc, term);
      if (tf === 0) continue;
      matched = true;
      score += (idf.get(term) ?? 0) * (tf / (tf + K1 * (1 - B + (B * length(doc)) / averageLength)));
    }
    return matched ? score : undefined;
  };
};

const termValue = (v: Json): Json => (isObject(v) && 'value' in v ? (v.value ?? null) : v);

const termMatcher = (state: IndexState, path: string, wanted: Json[]): Matcher => {
  const mapping = mappingOf(state, path);
  if (!mapping.searchable) throw new HttpError(400, 'query_shard_exception', `Cannot search on field [${path}] since it is not indexed.`);
  const normalize = (v: Json) => {
    if (mapping.type === 'boolean') return v === true || v === 'true';
    if (mapping.type === 'keyword') return (mapping.normalize ?? ((s: string) => s))(String(v));
    return String(v);
  };
  const targets = new Set(wanted.map(normalize));
  return (doc) => {
    if (mapping.type === 'text') {
      const terms = (doc.tokens.get(path) ?? []).flat().flatMap((t) => t.terms);
      return terms.some((t) => targets.has(t)) ? 1 : undefined;
    }
    return fieldValues(state, doc, path).some((v) => targets.has(normalize(v))) ? 1 : undefined;
  };
};

const parseBoosted = (field: string): [string, number] => {
  const [path, boost] = field.split('^');
  return [path!, boost === undefined ? 1 : Number(boost)];
};

const compileQuery = (state: IndexState, query: Json | undefined, collected: QueryTerms): Matcher => {
  if (query === undefined) return () => 1;
  const [kind, body] = single(query, 'query');
  switch (kind) {
    case 'match_all':
      return () => 1;
    case 'term': {
      const [path, value] = single(body, 'term');
      return termMatcher(state, path, [termValue(value)]);
    }
    case 'terms': {
      const [path, values] = single(body, 'terms');
      if (!Array.isArray(values)) throw new HttpError(400, 'parsing_exception', '[terms] query requires an array of values');
      return termMatcher(state, path, values);
    }
    case 'multi_match': {
      const options = asObject(body, 'multi_match');
      const type = String(options.type ?? 'best_fields');
      if (type !== 'most_fields' && type !== 'best_fields') throw new HttpError(400, 'illegal_argument_exception', `the double knows no multi_match type [${type}]`);
      const perField = asArray(options.fields).map((field) => {
        const [path, boost] = parseBoosted(String(field));
        const mapping = mappingOf(state, path);
        if (mapping.type !== 'text' || !mapping.search) throw new HttpError(400, 'illegal_argument_exception', `the double matches only text fields, not [${path}]`);
        const terms = [...new Set(mapping.search(String(options.query ?? '')).flatMap((t) => t.terms))];
        const seen = collected.get(path) ?? new Set();
        for (const term of terms) seen.add(term);
        collected.set(path, seen);
        return { boost, score: bm25(state, path, terms) };
      });
      return (doc) => {
        const scores = perField.map(({ boost, score }) => {
          const s = score(doc);
          return s === undefined ? undefined : s * boost;
        });
        const matched = scores.filter((s): s is number => s !== undefined);
        if (!matched.length) return undefined;
        return type === 'most_fields' ? matched.reduce((a, b) => a + b, 0) : Math.max(...matched);
      };
    }
    case 'bool': {
      const options = asObject(body, 'bool');
      const must = asArray(options.must).map((q) => compileQuery(state, q, collected));
      const should = asArray(options.should).map((q) => compileQuery(state, q, collected));
      for (const clause of Object.keys(options)) {
        if (!['must', 'filter', 'should', 'minimum_should_match'].includes(clause)) throw new HttpError(400, 'illegal_argument_exception', `the double knows no bool clause [${clause}]`);
      }
      // Filters match without scoring; their terms are not highlighted.
      const filter = asArray(options.filter).map((q) => compileQuery(state, q, new Map()));
      // As OpenSearch: with no must or filter clause, one should clause must match; beside them, none need to.
      const minimumShould = options.minimum_should_match === undefined ? (must.length || filter.length ? 0 : Math.min(1, should.length)) : Number(options.minimum_should_match);
      return (doc) => {
        if (filter.some((f) => f(doc) === undefined)) return undefined;
        let score = 0;
        for (const m of must) {
          const s = m(doc);
          if (s === undefined) return undefined;
          score += s;
        }
        const matched = should.map((m) => m(doc)).filter((s): s is number => s !== undefined);
        if (matched.length < minimumShould) return undefined;
        return matched.reduce((sum, s) => sum + s, score);
      };
    }
    default:
      throw new HttpError(400, 'parsing_exception', `unknown query [${kind}]`);
  }
};

// --- highlighting -------------------------------------------------------------------------------------------------

const sentenceBounds = (text: string, at: number): [number, number] => {
  const before = text.slice(0, at).search(/[.!?]\s[^.!?]*$/);
  const start = before === -1 ? 0 : before + 2;
  const after = text.slice(at).search(/[.!?](\s|$)/);
  return [start, after === -1 ? text.length : at + after + 1];
};

const highlightField = (
  state: IndexState,
  doc: StoredDoc,
  path: string,
  options: JsonObject,
  terms: Set<string>,
  tags: [string, string],
): string[] => {
  const values = fieldValues(state, doc, path).map(String);
  const tokens = doc.tokens.get(path) ?? [];
  const fragments = Number(options.number_of_fragments ?? 5);
  const size = Number(options.fragment_size ?? 100);
  const out: string[] = [];
  values.forEach((value, i) => {
    const hits = (tokens[i] ?? []).filter((t) => t.terms.some((term) => terms.has(term)));
    if (!hits.length) return;
    const [from, end] = fragments === 0 ? [0, value.length] : sentenceBounds(value, hits[0]!.start);
    const to = fragments !== 0 && end - from > size ? Math.max(hits[0]!.end, from + size) : end;
    let text = '';
    let at = from;
    for (const hit of hits.filter((h) => h.start >= from && h.end <= to)) {
      text += value.slice(at, hit.start) + tags[0] + value.slice(hit.start, hit.end) + tags[1];
      at = hit.end;
    }
    out.push(text + value.slice(at, to));
  });
  // `no_match_size`: a field with no match gives its start instead, cut at a word boundary.
  const noMatchSize = Number(options.no_match_size ?? 0);
  const start = values.find((value) => value.trim() !== '');
  if (out.length === 0 && noMatchSize > 0 && start) {
    const cut = start.length > noMatchSize ? start.slice(0, noMatchSize).replace(/\s+\S*$/, '') : start;
    return [cut];
  }
  return fragments === 0 ? out : out.slice(0, fragments);
};

// --- search -------------------------------------------------------------------------------------------------------

const compareValues = (a: Json | undefined, b: Json | undefined): number => {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  return a < b ? -1 : 1;
};

const sortValue = (state: IndexState, doc: StoredDoc, path: string): Json | undefined => {
  const value = fieldValues(state, doc, path)[0];
  return mappingOf(state, path).type === 'date' && typeof value === 'string' ? Date.parse(value) : value;
};

const pickSource = (source: JsonObject, spec: Json | undefined): JsonObject | undefined => {
  if (spec === false) return undefined;
  if (spec === undefined || spec === true) return source;
  const includes = Array.isArray(spec) ? spec.map(String) : isObject(spec) ? asArray(spec.includes).map(String) : [];
  const excludes = isObject(spec) ? asArray(spec.excludes).map(String) : [];
  return Object.fromEntries(Object.entries(source).filter(([k]) => (!includes.length || includes.includes(k)) && !excludes.includes(k)));
};

const termsAggregation = (state: IndexState, docs: StoredDoc[], options: JsonObject) => {
  const path = String(options.field);
  const mapping = mappingOf(state, path);
  const counts = new Map<string, number>();
  for (const doc of docs) {
    const keys = new Set(fieldValues(state, doc, path).map((v) => (mapping.normalize ?? ((s: string) => s))(String(v))));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const order = asArray(options.order ?? [{ _count: 'desc' }, { _key: 'asc' }]).map((o) => single(o, 'order'));
  const buckets = [...counts.entries()].sort(([keyA, countA], [keyB, countB]) => {
    for (const [by, direction] of order) {
      const c = by === '_count' ? countA - countB : compareValues(keyA, keyB);
      if (c !== 0) return direction === 'desc' ? -c : c;
    }
    return 0;
  });
  const size = Number(options.size ?? 10);
  return {
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: buckets.slice(size).reduce((sum, [, count]) => sum + count, 0),
    buckets: buckets.slice(0, size).map(([key, doc_count]) => ({ key, doc_count })),
  };
};

const search = (state: IndexState, indexName: string, body: JsonObject) => {
  const collected: QueryTerms = new Map();
  const matcher = compileQuery(state, body.query, collected);
  const matches = [...state.docs.values()].flatMap((doc) => {
    const score = matcher(doc);
    return score === undefined ? [] : [{ doc, score }];
  });
  const sort = asArray(body.sort ?? [{ _score: 'desc' }]).map((s) => (typeof s === 'string' ? ([s, s === '_score' ? 'desc' : 'asc'] as const) : single(s, 'sort')));
  const keyOf = (m: { doc: StoredDoc; score: number }, by: string) => (by === '_score' ? m.score : sortValue(state, m.doc, by));
  matches.sort((a, b) => {
    for (const [by, direction] of sort) {
      const dir = isObject(direction) ? direction.order : direction;
      const c = compareValues(keyOf(a, by), keyOf(b, by));
      if (c !== 0) return dir === 'desc' ? -c : c;
    }
    return a.doc.seqNo - b.doc.seqNo;
  });
  const from = Number(body.from ?? 0);
  const size = Number(body.size ?? 10);
  if (from + size > 10_000) {
    throw new HttpError(400, 'illegal_argument_exception', 'Result window is too large, from + size must be less than or equal to: [10000]');
  }
  const track = body.track_total_hits ?? 10_000;
  const limit = track === true ? Infinity : track === false ? 0 : Number(track);
  const highlight = isObject(body.highlight) ? body.highlight : undefined;
  const highlightTags: [string, string] = highlight
    ? [String(asArray(highlight.pre_tags)[0] ?? '<em>'), String(asArray(highlight.post_tags)[0] ?? '</em>')]
    : ['', ''];
  const allTerms = new Set([...collected.values()].flatMap((s) => [...s]));
  const scored = sort.some(([by]) => by === '_score');
  return {
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: {
      total: { value: Math.min(matches.length, limit), relation: matches.length > limit ? 'gte' : 'eq' },
      max_score: scored && matches.length ? Math.max(...matches.map((m) => m.score)) : null,
      hits: matches.slice(from, from + size).map(({ doc, score }) => {
        const source = pickSource(doc.source, body._source);
        const highlighted = highlight
          ? Object.fromEntries(
              Object.entries(asObject(highlight.fields, 'highlight.fields')).flatMap(([path, options]) => {
                const terms = highlight.require_field_match === false ? allTerms : (collected.get(path) ?? new Set<string>());
                const fragments = highlightField(state, doc, path, isObject(options) ? options : {}, terms, highlightTags);
                return fragments.length ? [[path, fragments]] : [];
              }),
            )
          : {};
        return {
          _index: indexName,
          _id: doc.id,
          _score: scored ? score : null,
          ...(source ? { _source: source } : {}),
          ...(Object.keys(highlighted).length ? { highlight: highlighted } : {}),
          ...(body.sort ? { sort: sort.map(([by]) => keyOf({ doc, score }, by) ?? null) } : {}),
        };
      }),
    },
    ...(isObject(body.aggs)
      ? {
          aggregations: Object.fromEntries(
            Object.entries(body.aggs).map(([name, aggregation]) => {
              const [kind, options] = single(aggregation, `aggs.${name}`);
              if (kind !== 'terms') throw new HttpError(400, 'parsing_exception', `the double knows no aggregation [${kind}]`);
              return [name, termsAggregation(state, matches.map((m) => m.doc), asObject(options, 'terms'))];
            }),
          ),
        }
      : {}),
  };
};

// --- HTTP ---------------------------------------------------------------------------------------------------------

const readBody = async (request: IncomingMessage): Promise<Json | undefined> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new HttpError(400, 'parse_exception', 'request body is not valid JSON');
  }
};

export const startOpenSearchDouble = async (): Promise<OpenSearchDouble> => {
  const indices = new Map<string, IndexState>();
  const requests: RecordedRequest[] = [];
  let seqNo = 0;

  const indexOf = (name: string) => {
    const state = indices.get(name);
    if (!state) throw new HttpError(404, 'index_not_found_exception', `no such index [${name}]`);
    return state;
  };

  const route = (method: string, segments: string[], body: Json | undefined): [number, Json | undefined] => {
    const [name, action, id] = segments;
    if (!name) throw new HttpError(400, 'illegal_argument_exception', 'the double serves index paths only');
    if (!action) {
      if (method === 'HEAD') return [indices.has(name) ? 200 : 404, undefined];
      if (method === 'PUT') {
        if (indices.has(name)) throw new HttpError(400, 'resource_already_exists_exception', `index [${name}] already exists`);
        const definition = body === undefined ? {} : asObject(body, 'body');
        const mappings = isObject(definition.mappings) ? definition.mappings : {};
        const state: IndexState = {
          settings: isObject(definition.settings) ? definition.settings : {},
          properties: isObject(mappings.properties) ? mappings.properties : {},
          dynamic: mappings.dynamic,
          fields: new Map(),
          sourceOf: new Map(),
          docs: new Map(),
        };
        compileFields(state);
        indices.set(name, state);
        return [200, { acknowledged: true, shards_acknowledged: true, index: name }];
      }
    }
    const state = indexOf(name);
    if (action === '_mapping' && (method === 'PUT' || method === 'POST')) {
      const mappings = asObject(body, 'body');
      state.properties = { ...state.properties, ...(isObject(mappings.properties) ? mappings.properties : {}) };
      if (mappings.dynamic !== undefined) state.dynamic = mappings.dynamic;
      compileFields(state);
      for (const doc of state.docs.values()) state.docs.set(doc.id, analyseDoc(state, doc.id, doc.source, doc.seqNo));
      return [200, { acknowledged: true }];
    }
    if (action === '_doc' && id !== undefined) {
      const meta = { _index: name, _id: id, _primary_term: 1, _shards: { total: 1, successful: 1, failed: 0 } };
      if (method === 'PUT' || method === 'POST') {
        const existed = state.docs.has(id);
        seqNo += 1;
        state.docs.set(id, analyseDoc(state, id, asObject(body, 'body'), seqNo));
        return [existed ? 200 : 201, { ...meta, _version: 1, result: existed ? 'updated' : 'created', _seq_no: seqNo }];
      }
      if (method === 'DELETE') {
        const existed = state.docs.delete(id);
        return [existed ? 200 : 404, { ...meta, _version: 1, result: existed ? 'deleted' : 'not_found', _seq_no: seqNo }];
      }
    }
    if (action === '_delete_by_query' && method === 'POST') {
      const matcher = compileQuery(state, asObject(body, 'body').query, new Map());
      const doomed = [...state.docs.values()].filter((doc) => matcher(doc) !== undefined);
      for (const doc of doomed) state.docs.delete(doc.id);
      return [200, { took: 1, timed_out: false, total: doomed.length, deleted: doomed.length, batches: 1, version_conflicts: 0, noops: 0, failures: [] }];
    }
    if (action === '_refresh' && (method === 'POST' || method === 'GET')) return [200, { _shards: { total: 1, successful: 1, failed: 0 } }];
    if (action === '_search' && (method === 'POST' || method === 'GET')) return [200, search(state, name, body === undefined ? {} : asObject(body, 'body'))];
    throw new HttpError(400, 'illegal_argument_exception', `the double does not handle [${method} /${segments.join('/')}]`);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    let status: number;
    let payload: Json | undefined;
    try {
      const body = await readBody(request);
      requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: request.headers.authorization, body });
      [status, payload] = route(method, url.pathname.split('/').filter(Boolean).map(decodeURIComponent), body);
    } catch (error) {
      const known = error instanceof HttpError ? error : new HttpError(500, 'exception', error instanceof Error ? error.message : String(error));
      status = known.status;
      payload = { error: { root_cause: [{ type: known.type, reason: known.message }], type: known.type, reason: known.message }, status };
    }
    const text = payload === undefined ? '' : JSON.stringify(payload);
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) });
    response.end(method === 'HEAD' ? undefined : text);
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
