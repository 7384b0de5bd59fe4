// The local search engine: SQLite FTS5 in one file under the data folder. A plain table holds what filters, sorts and
// shows a hit; an FTS5 table holds the searchable text under the same rowid, and a second one only the short fields
// (name, tags, description), which rank the best matches without scoring every match. Every statement is scoped to one
// user: each user's documents have rowids in a range of their own, so a full-text match is scoped by a rowid range FTS5
// seeks to, without reading each match's row in `docs`.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  MIN_PREFIX_QUESTION_WORD,
  passageFieldWeights,
  passageWords,
  tagKey,
  SEARCH_MAX_HITS,
  searchFields,
  searchFieldWeights,
  searchWords,
  type ResourceType,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
  type Snippet,
} from '@chartside/shared';
import type { Passage, PassageLookup, SearchDocument, SearchIndex } from '../../ports/search-index';
import { MARK_CLOSE, MARK_OPEN, markedParts, withoutMarks } from '../search-marks';

/** Tokens of context around a match in a long field (FTS5 allows at most 64). */
const SNIPPET_TOKENS = 24;
/** Tokens of section text a passage for a question carries: as many as FTS5 gives. */
const PASSAGE_TOKENS = 64;
/** Prefixes of 1 to this many letters have an index of their own (see the schema). */
const LONGEST_INDEXED_PREFIX = 5;
/** Tags are indexed as one text column, joined with this. */
const TAG_SEPARATOR = ', ';
/**
 * The facets read the tags of at most about this many matches: every one's up to twice it, an even sample of about it
 * past that. Counts from the sample are estimates (one standard error is about 3% of a tag on half the matches, 10% of
 * one on a tenth), shown as such; reading the tags is most of a facet's cost (2,000 took 3-5 ms in 100,000 resources).
 * The total and the first page are always exact.
 */
export const COUNTED_MATCHES = 1_000;
/**
 * Matches kept past a page while a tier is scored, so that equal scores across its cut come with it: names repeat, and
 * scoring every match a second time for them took as long as the first (9 ms for a prefix in 100,000).
 */
export const KEPT_FOR_TIES = 250;
/**
 * A match is in the sample when its number within its user's rowids × 2^32/φ, modulo 2^32, falls below the sampled
 * fraction of 2^32 (Fibonacci hashing): even over any run of rowids, and unlike every n-th rowid blind to patterns that
 * repeat every few rows.
 */
const SAMPLE_HASH = { multiplier: 2_654_435_761, range: 2 ** 32 };
/** Whether the rowid `rowid` (SQL) is in the sample whose bound (sampleBelow) is the statement's next parameter. */
const inSample = (rowid: string) => `((${rowid} % ${USER_ROWIDS}) * ${SAMPLE_HASH.multiplier}) % ${SAMPLE_HASH.range} < ?`;
const sampleBelow = (fraction: number) => Math.floor(fraction * SAMPLE_HASH.range);
/**
 * The sample kept while many matches are counted, as a share of the user's library: when very many match it holds the
 * facets' sample, so they are not read a second time (a prefix in 100,000 has tens of thousands of matches).
 */
const FIRST_SAMPLE = 4 * COUNTED_MATCHES;
/**
 * A user's rowids: their slot (in `users`) times this, plus 1, 2, … in the order their documents came. The sample hash
 * multiplies the part below it, which stays far under 2^31, within SQLite's 64-bit integers; and slots stay under 2^21,
 * so rowids stay exact JavaScript numbers. (FTS5 indexes rows fastest in the order of their rowids.)
 */
const USER_ROWIDS = 2 ** 32;
/**
 * The file's layout (PRAGMA user_version); an index of another (0: before per-user rowids; 3: prefixes of 1 to 3
 * letters; 4: without `heads`) is rebuilt: see openSqliteSearchIndex.
 */
const LAYOUT = 5;

// Column order of the FTS5 table follows searchFields, so the bm25 weights line up with it.
const ftsColumns = { name: 0, tags: 1, description: 2, textSections: 3 } as const;
const bm25Weights = searchFields.map((field) => searchFieldWeights[field]).join(', ');
const headFields = ['name', 'tags', 'description'] as const;
const headWeights = headFields.map((field) => searchFieldWeights[field]).join(', ');
const passageWeights = searchFields.map((field) => passageFieldWeights[field]).join(', ');

const schema = `
  -- A user's slot gives their rowids (USER_ROWIDS); their document count is kept, as their facets are in user_tags.
  CREATE TABLE IF NOT EXISTS users (
    slot INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE,
    docs INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS docs (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    resource_id TEXT NOT NULL,
    favorite INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    tags TEXT NOT NULL,
    description TEXT NOT NULL,
    link TEXT NOT NULL,
    UNIQUE (user_id, resource_id)
  );
  CREATE INDEX IF NOT EXISTS docs_by_user_created ON docs (user_id, created_at DESC, resource_id);
  CREATE INDEX IF NOT EXISTS docs_by_user_favorite ON docs (user_id, favorite, created_at DESC, resource_id);
  CREATE TABLE IF NOT EXISTS doc_tags (
    doc INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    tag_key TEXT NOT NULL,
    tag TEXT NOT NULL,
    PRIMARY KEY (doc, tag_key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS doc_tags_by_user_tag ON doc_tags (user_id, tag_key, tag);
  -- The facets of a user's whole library, kept as documents change: the Home screen's first search needs nothing else.
  CREATE TABLE IF NOT EXISTS user_tags (
    user_id TEXT NOT NULL,
    tag_key TEXT NOT NULL,
    tag TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, tag_key)
  ) WITHOUT ROWID;
  -- Prefix indexes for the last word's first 1 to LONGEST_INDEXED_PREFIX letters: without one, a prefix merges the lists
  -- of every word it begins, once per statement of a search (a lone letter, as in 'hepatitis C', took half a second in
  -- 100,000 resources; 'hepa', 25-40 ms only to count its matches); longer prefixes match few words.
  CREATE VIRTUAL TABLE IF NOT EXISTS doc_text USING fts5(
    name, tags, description, text,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '${Array.from({ length: LONGEST_INDEXED_PREFIX }, (_, i) => i + 1).join(' ')}'
  );
  -- The same documents' short fields, as in doc_text: the ranking's first tiers score these alone (see tiersOf).
  CREATE VIRTUAL TABLE IF NOT EXISTS heads USING fts5(
    ${headFields.join(', ')},
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '${Array.from({ length: LONGEST_INDEXED_PREFIX }, (_, i) => i + 1).join(' ')}'
  );
`;

type TagCount = SearchResult['facets'][number];
type Counts = Pick<SearchResult, 'found' | 'foundIs' | 'facets' | 'facetsAre'>;

interface DocRow {
  id: number;
  resource_id: string;
  favorite: number;
  created_at: string;
  name: string;
  type: string;
  tags: string;
  description: string;
  link: string;
}

interface PassageRow {
  resource_id: string;
  name: string;
  tags: string;
  description: string;
  excerpt: string;
}

interface MarkedRow extends DocRow {
  name_marked: string;
  tags_marked: string;
  description_marked: string;
  text_marked: string;
}

/**
 * The query's words (the shared rule) as an FTS5 expression: every word must match; the last one may be a prefix (typing
 * "pneu" finds "pneumonia"). Each word is quoted, so nothing in it reads as FTS5 syntax. Undefined when there is no word.
 */
export const matchExpression = (query: string): string | undefined => {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  return queryTerms(words).join(' ');
};

/** The query's words as FTS5 terms, each quoted, the last a prefix. */
const queryTerms = (words: string[]) => words.map((word, i) => `"${word}"${i === words.length - 1 ? '*' : ''}`);

/**
 * A lookup's words (the shared rule) as two FTS5 expressions: `required` (any of the question's words) decides what
 * matches, `ranked` (those and the context's) what bm25 scores, so the context's words only add to the rank. Any word
 * may match; one of 4 letters or more also as a prefix. Each word is quoted, as in matchExpression. Undefined when the
 * question has no word worth looking up.
 */
export const passageExpression = ({ question, context }: PassageLookup): { required: string; ranked: string } | undefined => {
  const { required, boosting } = passageWords(question, context);
  if (required.length === 0) return undefined;
  const any = (words: string[]) => words.map((word) => `"${word}"${word.length >= MIN_PREFIX_QUESTION_WORD ? '*' : ''}`).join(' OR ');
  return { required: any(required), ranked: any([...required, ...boosting]) };
};

const snippetsOf = (row: MarkedRow): Snippet[] => {
  const marked: [Snippet['field'], string][] = [
    ['name', row.name_marked],
    ['tags', row.tags_marked],
    ['description', row.description_marked],
    ['textSections', row.text_marked],
  ];
  return marked.flatMap(([field, text]) => {
    return text.includes(MARK_OPEN) ? [{ field, parts: markedParts(text) }] : [];
  });
};

const toHit = (row: DocRow, snippets: Snippet[]): SearchHit => ({
  id: row.resource_id,
  name: row.name,
  type: row.type as ResourceType,
  tags: JSON.parse(row.tags) as string[],
  favorite: row.favorite === 1,
  link: row.link,
  description: row.description,
  createdAt: row.created_at,
  snippets,
});

/** An estimate as it is shown: two significant digits ('about 52000', not 'about 51618'). */
export const roughly = (estimate: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(estimate, 1))) - 1);
  return Math.round(estimate / unit) * unit;
};

/**
 * The flagged and tag filters as WHERE clauses on the rowid `id` (`docs.id` or the full-text match's), with their
 * parameters. On a full-text match they are written `+doc_text.rowid IN (…)` (or `+heads.rowid`): each list is read once
 * and each match looked up in it, instead of the match being sought in the full-text index once per listed document.
 */
const filterOf = (userId: string, request: SearchRequest, id: 'docs.id' | '+doc_text.rowid' | '+heads.rowid') => {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (request.flagged) {
    clauses.push(id === 'docs.id' ? 'docs.favorite = 1' : `${id} IN (SELECT id FROM docs WHERE user_id = ? AND favorite = 1)`);
    if (id !== 'docs.id') params.push(userId);
  }
  for (const key of new Set(request.tags.map(tagKey).filter(Boolean))) {
    clauses.push(`${id} IN (SELECT doc FROM doc_tags WHERE user_id = ? AND tag_key = ?)`);
    params.push(userId, key);
  }
  return { clauses, params };
};

/** A range of rowids, first and last included. */
interface Rowids {
  first: number;
  last: number;
}

/** A tier of the ranking: its matches in `table`, scored by bm25 with `weights`. */
interface Tier {
  table: 'heads' | 'doc_text';
  weights: string;
  where: string;
  params: (string | number)[];
}

/**
 * The ranking of a word search, as tiers best first: the resources whose name has every word of the query, ranked by
 * bm25 of the words in the name; then those whose name, tags and description have every word between them, by bm25
 * there; then those that need their section text for a word, by bm25 of all their text. Equal scores, newest first. So
 * a name match outranks everything, as the field weights mean it to, and a page is exact from its tier alone: the first
 * tiers score the short fields of their few matches (`heads`), never the text of every match (scoring every match took
 * 40 ms for a prefix in 100,000). `every` is the query's matchExpression.
 */
const tiersOf = (userId: string, rowids: Rowids, request: SearchRequest, every: string): Tier[] => {
  const inTier = (table: Tier['table'], weights: string, match: string): Tier => {
    const filter = filterOf(userId, request, `+${table}.rowid`);
    return {
      table,
      weights,
      where: [`${table} MATCH ?`, `${table}.rowid BETWEEN ? AND ?`, ...filter.clauses].join(' AND '),
      params: [match, rowids.first, rowids.last, ...filter.params],
    };
  };
  return [
    inTier('heads', headWeights, `{name} : (${every})`),
    inTier('heads', headWeights, `(${every}) NOT ({name} : (${every}))`),
    inTier('doc_text', bm25Weights, `(${every}) NOT ({name tags description} : (${every}))`),
  ];
};

export interface SqliteSearchIndex extends SearchIndex {
  /**
   * True when this open created the database, or recreated it from an older layout: it holds nothing yet, and a caller
   * may rebuild it from the table.
   */
  readonly created: boolean;
  /** Every user with at least one indexed resource (for a full reindex). */
  userIds(): Promise<string[]>;
  /** Health probe: the database answers. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens (or creates) the index at `file`; ':memory:' gives a throwaway index for tests. An index of an older layout is
 * emptied and made anew, and says it was `created`: the runtime then rebuilds it from the table at start, as it does a
 * deleted one (its rowids cannot be renumbered in place: FTS5 would index every text again anyway).
 */
export const openSqliteSearchIndex = (file: string): SqliteSearchIndex => {
  const inMemory = file === ':memory:';
  let created = inMemory || !existsSync(file);
  if (!inMemory) mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL lets the reindex command write while the runtime reads; a busy wait instead of SQLITE_BUSY when both write.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.transaction(() => {
    if (db.pragma('user_version', { simple: true }) === LAYOUT) return;
    db.exec('DROP TABLE IF EXISTS heads; DROP TABLE IF EXISTS doc_text; DROP TABLE IF EXISTS user_tags; DROP TABLE IF EXISTS doc_tags; DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS users;');
    db.exec(schema);
    db.pragma(`user_version = ${LAYOUT}`);
    created = true;
  }).immediate();

  const statements = {
    slotOf: db.prepare<[string], number>('SELECT slot FROM users WHERE user_id = ?').pluck(),
    addUser: db.prepare('INSERT INTO users (user_id) VALUES (?)'),
    countDocs: db.prepare('UPDATE users SET docs = docs + ? WHERE user_id = ?'),
    uncountUser: db.prepare('UPDATE users SET docs = 0 WHERE user_id = ?'),
    lastId: db.prepare<[number, number], number | null>('SELECT max(id) FROM docs WHERE id BETWEEN ? AND ?').pluck(),
    findDoc: db.prepare<[string, string], { id: number }>('SELECT id FROM docs WHERE user_id = ? AND resource_id = ?'),
    insertDoc: db.prepare(
      `INSERT INTO docs (id, user_id, resource_id, favorite, created_at, name, type, tags, description, link)
       VALUES (@id, @userId, @resourceId, @favorite, @createdAt, @name, @type, @tags, @description, @link)`,
    ),
    updateDoc: db.prepare(
      `UPDATE docs SET favorite = @favorite, created_at = @createdAt, name = @name, type = @type, tags = @tags,
       description = @description, link = @link WHERE id = @id`,
    ),
    deleteDoc: db.prepare('DELETE FROM docs WHERE id = ?'),
    insertText: db.prepare('INSERT INTO doc_text (rowid, name, tags, description, text) VALUES (?, ?, ?, ?, ?)'),
    deleteText: db.prepare('DELETE FROM doc_text WHERE rowid = ?'),
    insertHead: db.prepare('INSERT INTO heads (rowid, name, tags, description) VALUES (?, ?, ?, ?)'),
    deleteHead: db.prepare('DELETE FROM heads WHERE rowid = ?'),
    insertTag: db.prepare('INSERT OR IGNORE INTO doc_tags (doc, user_id, tag_key, tag) VALUES (?, ?, ?, ?)'),
    tagKeysOf: db.prepare<[number], string>('SELECT tag_key FROM doc_tags WHERE doc = ?').pluck(),
    deleteTags: db.prepare('DELETE FROM doc_tags WHERE doc = ?'),
    countTag: db.prepare(
      `INSERT INTO user_tags (user_id, tag_key, tag, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (user_id, tag_key) DO UPDATE SET count = count + 1, tag = MIN(tag, excluded.tag)`,
    ),
    // The shown spelling is the same MIN(tag) the filtered facets give, so both agree after a spelling leaves.
    uncountTag: db.prepare(
      `UPDATE user_tags SET count = count - 1,
         tag = coalesce((SELECT MIN(tag) FROM doc_tags WHERE user_id = @userId AND tag_key = @key), tag)
       WHERE user_id = @userId AND tag_key = @key`,
    ),
    dropUncounted: db.prepare('DELETE FROM user_tags WHERE user_id = ? AND count <= 0'),
    dropUserTags: db.prepare('DELETE FROM user_tags WHERE user_id = ?'),
    userDocs: db.prepare<[string], { id: number }>('SELECT id FROM docs WHERE user_id = ?'),
    userIds: db.prepare<[], { user_id: string }>('SELECT DISTINCT user_id FROM docs ORDER BY user_id'),
    userFacets: db.prepare<[string], TagCount>('SELECT tag, count FROM user_tags WHERE user_id = ? ORDER BY count DESC, tag_key'),
    userDocCount: db.prepare<[string], number>('SELECT docs FROM users WHERE user_id = ?').pluck(),
    sortKeys: db.prepare<[string], { id: number; created_at: string; resource_id: string }>(
      'SELECT id, created_at, resource_id FROM docs WHERE id IN (SELECT value FROM json_each(?))',
    ),
    pageDocs: db.prepare<[string], DocRow>('SELECT * FROM docs WHERE id IN (SELECT value FROM json_each(?))'),
    // A page's snippets: the match runs once over the page's span of rowids, each checked against the page (`+`).
    pageMarked: db.prepare<[string, number, number, string], MarkedRow>(
      `SELECT docs.*,
         highlight(doc_text, ${ftsColumns.name}, '${MARK_OPEN}', '${MARK_CLOSE}') AS name_marked,
         highlight(doc_text, ${ftsColumns.tags}, '${MARK_OPEN}', '${MARK_CLOSE}') AS tags_marked,
         snippet(doc_text, ${ftsColumns.description}, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS description_marked,
         snippet(doc_text, ${ftsColumns.textSections}, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS text_marked
       FROM doc_text JOIN docs ON docs.id = doc_text.rowid
       WHERE doc_text MATCH ? AND doc_text.rowid BETWEEN ? AND ? AND +doc_text.rowid IN (SELECT value FROM json_each(?))`,
    ),
    // As a search's match: the full-text match drives (CROSS JOIN), each then checked against the user's rows.
    // The ranked words drive and score; the required ones filter (a subquery of its own, so they are not scored twice).
    passages: db.prepare<[string, string, string, number], PassageRow>(
      `SELECT docs.resource_id, docs.name, docs.tags, docs.description,
         snippet(doc_text, ${ftsColumns.textSections}, '', '', '…', ${PASSAGE_TOKENS}) AS excerpt
       FROM doc_text CROSS JOIN docs ON docs.id = doc_text.rowid
       WHERE doc_text MATCH ? AND docs.user_id = ? AND +doc_text.rowid IN (SELECT rowid FROM doc_text WHERE doc_text MATCH ?)
       ORDER BY bm25(doc_text, ${passageWeights}), docs.created_at DESC, docs.resource_id
       LIMIT ?`,
    ),
  };
  // Filters vary in shape (one clause per tag), so these are prepared per shape and kept.
  const prepared = new Map<string, Database.Statement<(string | number)[]>>();
  const statementFor = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare<(string | number)[]>(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
  const addTags = (id: number, userId: string, tags: string[]) => {
    for (const tag of tags) {
      const key = tagKey(tag);
      if (key && statements.insertTag.run(id, userId, key, tag).changes === 1) statements.countTag.run(userId, key, tag);
    }
  };
  const dropTags = (id: number, userId: string) => {
    const keys = statements.tagKeysOf.all(id);
    statements.deleteTags.run(id);
    for (const key of keys) statements.uncountTag.run({ userId, key });
    statements.dropUncounted.run(userId);
  };
  const dropText = (id: number) => {
    statements.deleteText.run(id);
    statements.deleteHead.run(id);
  };
  const dropDoc = (id: number, userId: string) => {
    dropText(id);
    dropTags(id, userId);
    statements.deleteDoc.run(id);
    statements.countDocs.run(-1, userId);
  };

  /** The user's rowids, [first, last]; undefined for a user who never had a document. */
  const rowidsOf = (userId: string): Rowids | undefined => {
    const slot = statements.slotOf.get(userId);
    return slot === undefined ? undefined : { first: slot * USER_ROWIDS, last: (slot + 1) * USER_ROWIDS - 1 };
  };
  const newRowid = (userId: string) => {
    if (statements.slotOf.get(userId) === undefined) statements.addUser.run(userId);
    const { first, last } = rowidsOf(userId)!;
    return (statements.lastId.get(first, last) ?? first) + 1;
  };

  const upsert = db.transaction((document: SearchDocument) => {
    const fields = {
      favorite: document.favorite ? 1 : 0,
      createdAt: document.createdAt,
      name: document.name,
      type: document.type,
      tags: JSON.stringify(document.tags),
      description: document.description,
      link: document.link,
    };
    const existing = statements.findDoc.get(document.userId, document.id);
    let id: number;
    if (existing) {
      id = existing.id;
      statements.updateDoc.run({ ...fields, id });
      dropText(id);
      dropTags(id, document.userId);
    } else {
      id = newRowid(document.userId);
      statements.insertDoc.run({ ...fields, id, userId: document.userId, resourceId: document.id });
      statements.countDocs.run(1, document.userId);
    }
    const [name, tags, description] = [document.name, document.tags.join(TAG_SEPARATOR), document.description].map(withoutMarks);
    statements.insertText.run(id, name, tags, description, withoutMarks(document.text));
    statements.insertHead.run(id, name, tags, description);
    addTags(id, document.userId, document.tags);
  });

  const remove = db.transaction((userId: string, resourceId: string) => {
    const existing = statements.findDoc.get(userId, resourceId);
    if (existing) dropDoc(existing.id, userId);
  });

  const removeUser = db.transaction((userId: string) => {
    for (const { id } of statements.userDocs.all(userId)) {
      dropText(id);
      statements.deleteTags.run(id);
      statements.deleteDoc.run(id);
    }
    statements.dropUserTags.run(userId);
    statements.uncountUser.run(userId);
  });

  /**
   * The user's matches: a WHERE clause with its parameters over `doc_text` (with words) or `docs` (without), and how
   * to read them. With words, the full-text match drives, scoped to the user's rowids: a match's row in `docs` is read
   * only for the tiebreak of a page (the facets read doc_tags). Without, the user's rows in `docs`, newest first.
   */
  const matchesOf = (userId: string, rowids: Rowids, request: SearchRequest, expression: string | undefined) => {
    if (expression) {
      const filter = filterOf(userId, request, '+doc_text.rowid');
      return {
        where: ['doc_text MATCH ?', 'doc_text.rowid BETWEEN ? AND ?', ...filter.clauses].join(' AND '),
        params: [expression, rowids.first, rowids.last, ...filter.params],
        from: 'doc_text',
        // Sampled on the full-text match's rowid, so a match left out of the sample is never looked up in doc_tags.
        rowid: 'doc_text.rowid',
        tiers: tiersOf(userId, rowids, request, expression),
        narrowed: true,
      };
    }
    const filter = filterOf(userId, request, 'docs.id');
    return {
      where: ['docs.user_id = ?', ...filter.clauses].join(' AND '),
      params: [userId, ...filter.params],
      from: 'docs',
      rowid: 'docs.id',
      tiers: undefined,
      narrowed: filter.clauses.length > 0,
    };
  };
  type Matches = ReturnType<typeof matchesOf>;

  /** One page of matches without words, newest first. SQLite keeps only the newest LIMIT + OFFSET rows while it sorts. */
  const newestPage = (matches: Matches, offset: number, limit: number): number[] => {
    const sql = `SELECT docs.id FROM docs WHERE ${matches.where} ORDER BY docs.created_at DESC, docs.resource_id LIMIT ? OFFSET ?`;
    return statementFor(sql).pluck().all(...matches.params, limit, offset) as number[];
  };

  /**
   * The best `wanted` matches of a tier in order, exactly as sorting all of them by bm25, then newest first, would give
   * them (all of them when it has fewer). The best by bm25 come from the full-text index alone (SQLite keeps only that
   * many while it scores every match of the tier), and only they are read in `docs`, to order equal scores. That is
   * exact unless equal scores straddle the cut, which the one match after it shows: then the matches with the cut's
   * score are read too, and the tiebreak picks among all of them. They come with the best when there are few
   * (KEPT_FOR_TIES more are kept while scoring); only when even the last kept has the cut's score are they sought among
   * all, scored a second time.
   */
  const bestOfTier = (tier: Tier, wanted: number): number[] => {
    const scored = `SELECT ${tier.table}.rowid AS id, bm25(${tier.table}, ${tier.weights}) AS score FROM ${tier.table} WHERE ${tier.where}`;
    const kept = wanted + KEPT_FOR_TIES;
    const best = statementFor(`${scored} ORDER BY score LIMIT ?`).all(...tier.params, kept) as { id: number; score: number }[];
    const cut = best[wanted - 1]?.score;
    let ranked = best.filter((row, i) => i < wanted || row.score === cut);
    if (best.length === kept && best.at(-1)!.score === cut) {
      const tied = statementFor(`${scored} AND bm25(${tier.table}, ${tier.weights}) = ?`).all(...tier.params, cut) as { id: number; score: number }[];
      ranked = [...ranked.filter((row) => row.score < cut!), ...tied];
    }
    const keys = new Map(statements.sortKeys.all(JSON.stringify(ranked.map((row) => row.id))).map((row) => [row.id, row]));
    // As ORDER BY created_at DESC, resource_id: SQLite compares text as its UTF-8 bytes.
    const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const newerFirst = (a: number, b: number) => {
      const [x, y] = [keys.get(a)!, keys.get(b)!];
      return bytes(y.created_at, x.created_at) || bytes(x.resource_id, y.resource_id);
    };
    return ranked.sort((a, b) => a.score - b.score || newerFirst(a.id, b.id)).slice(0, wanted).map((row) => row.id);
  };

  /**
   * One page of a word search: its tiers in order, each asked only for what the page still needs. A tier that gives
   * fewer than asked has given all its matches, so the page goes on in the next one.
   */
  const rankedPage = (tiers: Tier[], offset: number, limit: number): number[] => {
    const page: number[] = [];
    let skip = offset;
    for (const tier of tiers) {
      const wanted = skip + limit - page.length;
      const best = bestOfTier(tier, wanted);
      page.push(...best.slice(skip));
      if (best.length === wanted) break;
      skip = Math.max(0, skip - best.length);
    }
    return page;
  };

  /**
   * One page of matches, with the total and the facets. A user's whole library has its total and facets kept
   * (user_tags). Otherwise the total counts every match (cheap: no row of `docs` is read for words), and the facets
   * count the tags of every match up to twice COUNTED_MATCHES; past that, of an even sample of about COUNTED_MATCHES,
   * scaled up and marked as estimates.
   */
  const pageAndCounts = (userId: string, matches: Matches, offset: number, limit: number): { page: number[] } & Counts => {
    const page = limit <= 0 ? [] : matches.tiers ? rankedPage(matches.tiers, offset, limit) : newestPage(matches, offset, limit);
    if (!matches.narrowed) {
      return { page, found: statements.userDocCount.get(userId)!, foundIs: 'exact', facets: statements.userFacets.all(userId), facetsAre: 'exact' };
    }
    // Few matches are read whole, by a pass that stops past the most whose tags are all read.
    const every = `SELECT ${matches.rowid} AS id FROM ${matches.from} WHERE ${matches.where}`;
    const few = statementFor(`${every} LIMIT ?`).pluck().all(...matches.params, 2 * COUNTED_MATCHES + 1) as number[];
    if (few.length <= 2 * COUNTED_MATCHES) {
      return { page, found: few.length, foundIs: 'exact', facets: facetsOf('SELECT value AS id FROM json_each(?)', [JSON.stringify(few)]), facetsAre: 'exact' };
    }
    // Many are counted by a pass that keeps a sample of them too, of FIRST_SAMPLE of the user's library.
    const firstFraction = Math.min(1, FIRST_SAMPLE / statements.userDocCount.get(userId)!);
    const counted = statementFor(
      `SELECT count(*) AS found, json_group_array(${matches.rowid}) FILTER (WHERE ${inSample(matches.rowid)}) AS kept FROM ${matches.from} WHERE ${matches.where}`,
    ).get(sampleBelow(firstFraction), ...matches.params) as { found: number; kept: string };
    const { found } = counted;
    // The facets' sample is within the kept one when it is no larger; otherwise the matches are read again for it.
    const fraction = COUNTED_MATCHES / found;
    const sample =
      fraction <= firstFraction
        ? facetsOf(`SELECT value AS id FROM json_each(?) WHERE ${inSample('value')}`, [counted.kept, sampleBelow(fraction)])
        : facetsOf(`${every} AND ${inSample(matches.rowid)}`, [...matches.params, sampleBelow(fraction)]);
    return { page, found, foundIs: 'exact', facets: sample.map(({ tag, count }) => ({ tag, count: roughly(count / fraction) })), facetsAre: 'estimate' };
  };

  /**
   * Facets of the matches that `ids` (a query of their rowids) gives: their tags in doc_tags (a document's own spelling
   * of each key there is its first), each counted once per document, shown as its smallest spelling, most first, then by
   * key, as user_tags lists a whole library's.
   */
  const facetsOf = (ids: string, params: (string | number)[]) =>
    statementFor(
      `SELECT min(doc_tags.tag) AS tag, count(*) AS count FROM (${ids}) AS matched CROSS JOIN doc_tags ON doc_tags.doc = matched.id
       GROUP BY doc_tags.tag_key ORDER BY count DESC, doc_tags.tag_key`,
    ).all(...params) as TagCount[];

  /**
   * The page's hits, with their snippets when there are words. The match runs once over the page's span, not once per
   * hit: seeking each hit's rowid was faster for a short prefix ('hep' in 100,000 resources: 1 ms against 8), but
   * FTS5 then highlighted only the prefix's letters of the word ('Asthma plan 16' for '1' came back as 'Asthma plan 1').
   */
  const pageHits = (page: number[], query: string): SearchHit[] => {
    if (page.length === 0) return [];
    const expression = matchExpression(query);
    const json = JSON.stringify(page);
    const rows: (DocRow | MarkedRow)[] = expression
      ? statements.pageMarked.all(expression, Math.min(...page), Math.max(...page), json)
      : statements.pageDocs.all(json);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return page.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [toHit(row, expression ? snippetsOf(row as MarkedRow) : [])];
    });
  };

  // Write transactions take the write lock as they begin (BEGIN IMMEDIATE), so a second writer (the reindex command
  // beside the runtime) waits out busy_timeout; a deferred one that read first fails at once with 'database is locked'
  // when the other wrote meanwhile.
  return {
    created,
    upsert: async (document) => {
      upsert.immediate(document);
    },
    remove: async (userId, resourceId) => {
      remove.immediate(userId, resourceId);
    },
    removeUser: async (userId) => {
      removeUser.immediate(userId);
    },
    search: async (userId, request): Promise<SearchResult> => {
      const rowids = rowidsOf(userId);
      if (!rowids) return { hits: [], found: 0, foundIs: 'exact', page: request.page, perPage: request.perPage, facets: [], facetsAre: 'exact' };
      const matches = matchesOf(userId, rowids, request, matchExpression(request.query));
      const offset = (request.page - 1) * request.perPage;
      const { page, found, foundIs, facets, facetsAre } = pageAndCounts(userId, matches, offset, Math.min(request.perPage, SEARCH_MAX_HITS - offset));
      return { hits: pageHits(page, request.query), found, foundIs, page: request.page, perPage: request.perPage, facets, facetsAre };
    },
    passages: async (userId, lookup, limit): Promise<Passage[]> => {
      const expression = passageExpression(lookup);
      if (!expression) return [];
      return statements.passages.all(expression.ranked, userId, expression.required, limit).map((row) => ({
        id: row.resource_id,
        name: row.name,
        tags: JSON.parse(row.tags) as string[],
        description: row.description,
        excerpt: row.excerpt,
      }));
    },
    userIds: async () => statements.userIds.all().map((row) => row.user_id),
    check: async () => {
      db.prepare('SELECT count(*) FROM docs').get();
    },
    close: async () => {
      if (db.open) db.close();
    },
  };
};
