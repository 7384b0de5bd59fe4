// The local search engine: SQLite FTS5 in one file under the data folder. A plain table holds what filters, sorts and
// shows a hit; the FTS5 table holds the searchable text under the same rowid. Every statement is scoped to one user.
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
/** Tags are indexed as one text column, joined with this. */
const TAG_SEPARATOR = ', ';
/**
 * The total and the facets read at most about this many matches: every one up to it, an even sample past it (counts
 * from the sample are estimates, off by a few percent). The first page is always exact.
 */
export const COUNTED_MATCHES = 2_000;
/**
 * A match is in the sample when its rowid × 2^32/φ, modulo 2^32, falls below the sampled fraction of 2^32 (Fibonacci
 * hashing): even over any run of rowids, and unlike every n-th rowid blind to patterns that repeat every few rows.
 */
const SAMPLE_HASH = { multiplier: 2_654_435_761, range: 2 ** 32 };
/** Fewer sampled matches than this are too few to estimate from (counts would be off by more than about 7%). */
const MIN_SAMPLE = 200;

// Column order of the FTS5 table follows searchFields, so the bm25 weights line up with it.
const ftsColumns = { name: 0, tags: 1, description: 2, textSections: 3 } as const;
const bm25Weights = searchFields.map((field) => searchFieldWeights[field]).join(', ');
const passageWeights = searchFields.map((field) => passageFieldWeights[field]).join(', ');

const schema = `
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
  CREATE VIRTUAL TABLE IF NOT EXISTS doc_text USING fts5(
    name, tags, description, text,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
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
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? '*' : ''}`).join(' ');
};

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

/** The user's documents that pass the flagged and tag filters, as a WHERE clause over `docs` and its parameters. */
const filterOf = (userId: string, request: SearchRequest) => {
  const clauses = ['docs.user_id = ?'];
  const params: (string | number)[] = [userId];
  if (request.flagged) clauses.push('docs.favorite = 1');
  for (const key of new Set(request.tags.map(tagKey).filter(Boolean))) {
    clauses.push('docs.id IN (SELECT doc FROM doc_tags WHERE user_id = ? AND tag_key = ?)');
    params.push(userId, key);
  }
  return { where: clauses.join(' AND '), params, narrowed: clauses.length > 1 };
};

export interface SqliteSearchIndex extends SearchIndex {
  /** True when this open created the database: it holds nothing yet, and a caller may rebuild it from the table. */
  readonly created: boolean;
  /** Every user with at least one indexed resource (for a full reindex). */
  userIds(): Promise<string[]>;
  /** Health probe: the database answers. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Opens (or creates) the index at `file`; ':memory:' gives a throwaway index for tests. */
export const openSqliteSearchIndex = (file: string): SqliteSearchIndex => {
  const inMemory = file === ':memory:';
  const created = inMemory || !existsSync(file);
  if (!inMemory) mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL lets the reindex command write while the runtime reads; a busy wait instead of SQLITE_BUSY when both write.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(schema);
  // An index written before user_tags existed gets its counts once.
  if (!db.prepare('SELECT 1 FROM user_tags LIMIT 1').get() && db.prepare('SELECT 1 FROM doc_tags LIMIT 1').get()) {
    db.exec('INSERT INTO user_tags SELECT user_id, tag_key, MIN(tag), COUNT(*) FROM doc_tags GROUP BY user_id, tag_key');
  }

  const statements = {
    findDoc: db.prepare<[string, string], { id: number }>('SELECT id FROM docs WHERE user_id = ? AND resource_id = ?'),
    insertDoc: db.prepare(
      `INSERT INTO docs (user_id, resource_id, favorite, created_at, name, type, tags, description, link)
       VALUES (@userId, @resourceId, @favorite, @createdAt, @name, @type, @tags, @description, @link)`,
    ),
    updateDoc: db.prepare(
      `UPDATE docs SET favorite = @favorite, created_at = @createdAt, name = @name, type = @type, tags = @tags,
       description = @description, link = @link WHERE id = @id`,
    ),
    deleteDoc: db.prepare('DELETE FROM docs WHERE id = ?'),
    insertText: db.prepare('INSERT INTO doc_text (rowid, name, tags, description, text) VALUES (?, ?, ?, ?, ?)'),
    deleteText: db.prepare('DELETE FROM doc_text WHERE rowid = ?'),
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
    userDocCount: db.prepare<[string], number>('SELECT count(*) FROM docs WHERE user_id = ?').pluck(),
    textMatchCount: db.prepare<[string], number>('SELECT count(*) FROM doc_text WHERE doc_text MATCH ?').pluck(),
    pageDocs: db.prepare<[string], DocRow>('SELECT * FROM docs WHERE id IN (SELECT value FROM json_each(?))'),
    pageMarked: db.prepare<[string, string], MarkedRow>(
      `SELECT docs.*,
         highlight(doc_text, ${ftsColumns.name}, '${MARK_OPEN}', '${MARK_CLOSE}') AS name_marked,
         highlight(doc_text, ${ftsColumns.tags}, '${MARK_OPEN}', '${MARK_CLOSE}') AS tags_marked,
         snippet(doc_text, ${ftsColumns.description}, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS description_marked,
         snippet(doc_text, ${ftsColumns.textSections}, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS text_marked
       FROM doc_text JOIN docs ON docs.id = doc_text.rowid
       WHERE doc_text MATCH ? AND doc_text.rowid IN (SELECT value FROM json_each(?))`,
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
  // A library has few distinct tags, and counting facets normalizes every tag of every match.
  const tagKeys = new Map<string, string>();
  const cachedTagKey = (tag: string) => {
    let key = tagKeys.get(tag);
    if (key === undefined) {
      if (tagKeys.size > 10_000) tagKeys.clear();
      key = tagKey(tag);
      tagKeys.set(tag, key);
    }
    return key;
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
  const dropDoc = (id: number, userId: string) => {
    statements.deleteText.run(id);
    dropTags(id, userId);
    statements.deleteDoc.run(id);
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
      statements.deleteText.run(id);
      dropTags(id, document.userId);
    } else {
      id = Number(statements.insertDoc.run({ ...fields, userId: document.userId, resourceId: document.id }).lastInsertRowid);
    }
    statements.insertText.run(id, withoutMarks(document.name), withoutMarks(document.tags.join(TAG_SEPARATOR)), withoutMarks(document.description), withoutMarks(document.text));
    addTags(id, document.userId, document.tags);
  });

  const remove = db.transaction((userId: string, resourceId: string) => {
    const existing = statements.findDoc.get(userId, resourceId);
    if (existing) dropDoc(existing.id, userId);
  });

  const removeUser = db.transaction((userId: string) => {
    for (const { id } of statements.userDocs.all(userId)) {
      statements.deleteText.run(id);
      statements.deleteTags.run(id);
      statements.deleteDoc.run(id);
    }
    statements.dropUserTags.run(userId);
  });

  /**
   * The user's matches as a FROM clause with its parameters and their order: best first by weighted match, then newest
   * first; or newest first with no words. With words, CROSS JOIN makes the full-text match drive the query, each match
   * then checked against its row in `docs`; letting SQLite start from the user's rows instead is several times slower.
   */
  const matchesOf = (userId: string, request: SearchRequest, expression: string | undefined) => {
    const filter = filterOf(userId, request);
    return expression
      ? {
          from: `doc_text CROSS JOIN docs ON docs.id = doc_text.rowid WHERE doc_text MATCH ? AND ${filter.where}`,
          params: [expression, ...filter.params],
          order: `bm25(doc_text, ${bm25Weights}), docs.created_at DESC, docs.resource_id`,
          // Sampled on the full-text match's rowid, so a match left out of the sample is never looked up in `docs`.
          rowid: 'doc_text.rowid',
          narrowed: true,
        }
      : { from: `docs WHERE ${filter.where}`, params: filter.params, order: 'docs.created_at DESC, docs.resource_id', rowid: 'docs.id', narrowed: filter.narrowed };
  };
  type Matches = ReturnType<typeof matchesOf>;

  /** One page of matches, in order. SQLite keeps only the best LIMIT + OFFSET rows while it sorts, not every match. */
  const pageIds = (matches: Matches, offset: number, limit: number): number[] => {
    if (limit <= 0) return [];
    const sql = `SELECT docs.id FROM ${matches.from} ORDER BY ${matches.order} LIMIT ? OFFSET ?`;
    return statementFor(sql).pluck().all(...matches.params, limit, offset) as number[];
  };

  /**
   * One page of matches, with the total and the facets. A user's whole library has its facets kept (user_tags). When
   * at most twice COUNTED_MATCHES can match, one sorted pass reads every match: page, total and facets all exact. Past
   * that, the page comes from a bounded sort (pageIds), and the total and facets from a sample of about COUNTED_MATCHES
   * matches, scaled up and marked as estimates; without words the total stays exact, counting filtered rows is cheap.
   */
  const pageAndCounts = (userId: string, matches: Matches, expression: string | undefined, offset: number, limit: number): { page: number[] } & Counts => {
    if (!matches.narrowed) {
      const found = statements.userDocCount.get(userId)!;
      return { page: pageIds(matches, offset, limit), found, foundIs: 'exact', facets: statements.userFacets.all(userId), facetsAre: 'exact' };
    }
    // At most this many can match: every user's full-text matches (cheap: no row is read), or the user's filtered rows.
    const possible = expression
      ? statements.textMatchCount.get(expression)!
      : (statementFor(`SELECT count(*) FROM ${matches.from}`).pluck().get(...matches.params) as number);
    const fraction = COUNTED_MATCHES / possible;
    if (fraction <= 0.5) {
      const sampled = `SELECT docs.tags FROM ${matches.from} AND (${matches.rowid} * ${SAMPLE_HASH.multiplier}) % ${SAMPLE_HASH.range} < ?`;
      const sample = statementFor(sampled).all(...matches.params, Math.floor(fraction * SAMPLE_HASH.range)) as { tags: string }[];
      // A sample this small says little (filters or other users' libraries left few of the possible matches): every
      // match is counted below instead.
      if (sample.length >= MIN_SAMPLE) {
        return {
          page: pageIds(matches, offset, limit),
          found: expression ? roughly(sample.length / fraction) : possible,
          foundIs: expression ? 'estimate' : 'exact',
          facets: countTags(sample).map(({ tag, count }) => ({ tag, count: roughly(count / fraction) })),
          facetsAre: 'estimate',
        };
      }
    }
    const rows = statementFor(`SELECT docs.id, docs.tags FROM ${matches.from} ORDER BY ${matches.order}`).all(...matches.params) as { id: number; tags: string }[];
    const page = limit > 0 ? rows.slice(offset, offset + limit).map((row) => row.id) : [];
    return { page, found: rows.length, foundIs: 'exact', facets: countTags(rows), facetsAre: 'exact' };
  };

  /** Facets over matched rows: a tag counts once per document, shown as its smallest spelling, most first, then by tag. */
  const countTags = (rows: { tags: string }[]): TagCount[] => {
    const counts = new Map<string, TagCount>();
    for (const row of rows) {
      const seen = new Set<string>();
      for (const tag of JSON.parse(row.tags) as string[]) {
        const key = cachedTagKey(tag);
        if (!key || seen.has(key)) continue;
        seen.add(key);
        const counted = counts.get(key);
        if (!counted) counts.set(key, { tag, count: 1 });
        else {
          counted.count += 1;
          if (tag < counted.tag) counted.tag = tag;
        }
      }
    }
    return [...counts].sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0)).map(([, counted]) => counted);
  };

  const pageHits = (page: number[], expression: string | undefined): SearchHit[] => {
    if (page.length === 0) return [];
    const json = JSON.stringify(page);
    const rows: (DocRow | MarkedRow)[] = expression ? statements.pageMarked.all(expression, json) : statements.pageDocs.all(json);
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
      const expression = matchExpression(request.query);
      const matches = matchesOf(userId, request, expression);
      const offset = (request.page - 1) * request.perPage;
      const { page, found, foundIs, facets, facetsAre } = pageAndCounts(userId, matches, expression, offset, Math.min(request.perPage, SEARCH_MAX_HITS - offset));
      return { hits: pageHits(page, expression), found, foundIs, page: request.page, perPage: request.perPage, facets, facetsAre };
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
