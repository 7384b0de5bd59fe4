import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_HITS, SearchRequest, searchFields, searchFieldWeights, type SearchField } from '@chartside/shared';
import { describeSearchIndexContract } from '../search-index-contract';
import { COUNTED_MATCHES, KEPT_FOR_TIES, matchExpression, openSqliteSearchIndex, passageExpression, roughly, type SqliteSearchIndex } from './sqlite-search-index';

const folder = mkdtempSync(path.join(os.tmpdir(), 'chartside-search-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describeSearchIndexContract('SQLite FTS5', async () => openSqliteSearchIndex(path.join(folder, 'contract', 'search.db')));

describe('matchExpression', () => {
  it.each([
    ['pneumonia', '"pneumonia"*'],
    ['heart failure', '"heart" "failure"*'],
    ['"NEAR(heart -failure)*"', '"NEAR" "heart" "failure"*'],
    ['name:x', '"name" "x"*'],
    ['  ', undefined],
    ['*-:^', undefined],
    ['🫀', undefined],
  ])('matchExpression(%j) is %j', (query, want) => expect(matchExpression(query)).toBe(want));
});

describe('passageExpression', () => {
  it.each([
    ['What dose of apixaban in AF?', '"dose"* OR "apixaban"* OR "AF"'],
    ['"NEAR(heart -failure)*"', '"NEAR"* OR "heart"* OR "failure"*'],
  ])('passageExpression(%j) matches and ranks by %j', (question, want) => expect(passageExpression({ question })).toEqual({ required: want, ranked: want }));

  it.each(['What is it?', ''])('passageExpression(%j) is undefined', (question) => expect(passageExpression({ question })).toBeUndefined());

  it("ranks by an earlier question's words too, but matches by the question's own", () => {
    expect(passageExpression({ question: 'And in CKD?', context: 'What apixaban dose?' })).toEqual({ required: '"CKD"', ranked: '"CKD" OR "apixaban"* OR "dose"*' });
    expect(passageExpression({ question: 'Why?', context: 'What apixaban dose?' })).toBeUndefined();
  });
});

describe('the index file', () => {
  const doc = { userId: 'u1', id: 'r1', name: 'Sepsis bundle', type: 'text', tags: ['Icu'], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' } as const;

  it('persists across reopening, and says whether an open created it', async () => {
    const file = path.join(folder, 'reopen', 'search.db');
    const first = openSqliteSearchIndex(file);
    expect(first.created).toBe(true);
    await first.upsert({ ...doc, tags: [...doc.tags] });
    await first.close();
    const second = openSqliteSearchIndex(file);
    expect(second.created).toBe(false);
    expect((await second.search('u1', SearchRequest.parse({ query: 'seps' }))).hits.map((h) => h.id)).toEqual(['r1']);
    expect(await second.userIds()).toEqual(['u1']);
    await expect(second.check()).resolves.toBeUndefined();
    await second.close();
  });
});

describe('ranking by where the words are', () => {
  it('puts a name with every word first, then every word in the name, tags and description, then the text', async () => {
    const index = openSqliteSearchIndex(':memory:');
    const documents = [
      { id: 'inText', name: 'Ward round', description: 'Daily review.', text: 'Heart failure admissions: weigh daily.' },
      // A word of the name outweighs a description by far, but this one needs its text for the other word.
      { id: 'nameAndText', name: 'Heart team', description: '', text: 'Failure of medical therapy.' },
      { id: 'inDescription', name: 'Clinic letter', description: 'Heart failure follow-up.', text: '' },
      { id: 'partlyInName', name: 'Heart clinic', description: 'Failure to thrive is rare here.', text: '' },
      { id: 'inName', name: 'Heart failure pathway', description: '', text: '' },
      { id: 'elsewhere', name: 'Heart sounds', description: '', text: 'Murmurs.' },
    ];
    // Added best last, so the newest-first tiebreak cannot be what orders them.
    for (const [i, document] of documents.entries()) {
      await index.upsert({ userId: 'u1', type: 'text', tags: [], link: '', favorite: false, createdAt: `2025-01-0${i + 1}T00:00:00.000Z`, ...document });
    }
    const { hits, found } = await index.search('u1', SearchRequest.parse({ query: 'heart failure' }));
    expect(hits.map((hit) => hit.id)).toEqual(['inName', 'partlyInName', 'inDescription', 'nameAndText', 'inText']);
    expect(found).toBe(5);
    await index.close();
  });
});

describe('highlights', () => {
  it('mark the whole word a prefix matches, however short the prefix', async () => {
    const index = openSqliteSearchIndex(path.join(folder, 'highlights', 'search.db'));
    for (const [id, name] of [['r1', 'Asthma plan 1'], ['r16', 'Asthma plan 16'], ['r2', 'Asthma plan 2']] as const) {
      await index.upsert({ userId: 'u1', id, name, type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    }
    for (const query of ['asthma plan 1', 'asth', 'asthma pla']) {
      const { hits } = await index.search('u1', SearchRequest.parse({ query }));
      // Each name's parts put back together are the name itself (a highlight cut to the prefix's letters lost the rest).
      expect(hits.map((hit) => hit.snippets.find((s) => s.field === 'name')?.parts.map((part) => part.text).join(''))).toEqual(hits.map((hit) => hit.name));
    }
    const { hits } = await index.search('u1', SearchRequest.parse({ query: 'asthma plan 1' }));
    expect(hits.find((hit) => hit.id === 'r16')?.snippets.find((s) => s.field === 'name')?.parts.at(-1)).toEqual({ text: '16', highlight: true });
    await index.close();
  });
});

describe("a whole library's total and facets", () => {
  it('are kept as documents come, change and go, and agree with the counts a filter computes', async () => {
    const index = openSqliteSearchIndex(':memory:');
    const spellings = ['Cardiology', 'cardiology', 'Icu', 'ICU', 'Renal', 'Heart Failure', 'heart failure'];
    let state = 7;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    const live = new Map<string, string[]>();
    for (let step = 0; step < 400; step += 1) {
      const id = `r${next(40)}`;
      if (next(5) === 0) {
        await index.remove('u1', id);
        live.delete(id);
      } else {
        const tags = Array.from({ length: next(4) }, () => spellings[next(spellings.length)]!);
        await index.upsert({ userId: 'u1', id, name: 'Note', type: 'text', tags, description: '', link: '', favorite: true, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
        live.set(id, tags);
      }
    }
    const { found, facets: kept } = await index.search('u1', SearchRequest.parse({}));
    // flagged narrows nothing here (every document is a favorite) but takes the path that counts from scratch
    const computed = await index.search('u1', SearchRequest.parse({ flagged: true }));
    expect(kept).toEqual(computed.facets);
    expect(found).toBe(live.size);
    expect(computed.found).toBe(live.size);
    const want = new Map<string, number>();
    for (const tags of live.values()) for (const key of new Set(tags.map((t) => t.toLowerCase()))) want.set(key, (want.get(key) ?? 0) + 1);
    expect(Object.fromEntries(kept.map((f) => [f.tag.toLowerCase(), f.count]))).toEqual(Object.fromEntries(want));
    await index.removeUser('u1');
    expect(await index.search('u1', SearchRequest.parse({}))).toMatchObject({ found: 0, facets: [] });
    await index.close();
  });
});

describe('roughly', () => {
  it.each([
    [0, 0],
    [7, 7],
    [99, 99],
    [123, 120],
    [4_550, 4_600],
    [51_618, 52_000],
  ])('shows the estimate %i as %i', (estimate, want) => expect(roughly(estimate)).toBe(want));
});

describe('a library with more matches than are counted', () => {
  const size = COUNTED_MATCHES * 2 + 500;
  const wideSize = COUNTED_MATCHES * 10;
  const file = path.join(folder, 'large', 'search.db');
  const tags = ['Icu', 'Cardiology', 'Renal', 'Sepsis', 'Teaching', 'Ward'];
  let index: SqliteSearchIndex;
  let reader: Database.Database;
  const search = async (input: Partial<SearchRequest>, userId = 'big') => index.search(userId, SearchRequest.parse(input));

  beforeAll(async () => {
    index = openSqliteSearchIndex(file);
    for (let i = 0; i < size; i += 1) {
      // Every resource mentions sepsis, some in the name and some many times, in texts of different lengths; days
      // repeat, so the newest-first tiebreak between equal scores is exercised too.
      await index.upsert({
        userId: 'big',
        id: `r${String(i).padStart(5, '0')}`,
        name: i % 7 === 0 ? `Sepsis pathway ${i}` : `Ward note ${i}`,
        type: 'text',
        tags: tags.filter((_, t) => (i + t) % (t + 2) === 0),
        description: i % 11 === 0 ? 'Septic shock and sepsis.' : '',
        link: '',
        favorite: i % 10 !== 0,
        createdAt: new Date(Date.UTC(2025, 0, 1) + (i % 300) * 86_400_000).toISOString(),
        text: `${'Observation unremarkable. '.repeat(i % 13)}${'Sepsis screen. '.repeat(1 + (i % 5))}${i % 50 === 0 ? 'Rare finding.' : ''}`,
      });
    }
    // A library larger than the sample kept while counting: the facets' sample comes from it, or from a second pass.
    for (let i = 0; i < wideSize; i += 1) {
      const text = `${i % 9 < 2 ? 'Lumbar puncture.' : 'Observation.'}${i % 50 === 0 ? ' Rare finding.' : ''}`;
      await index.upsert({ userId: 'wide', id: `w${i}`, name: `Note ${i}`, type: 'text', tags: tags.filter((_, t) => (i + t) % (t + 2) === 0), description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text });
    }
    for (let i = 0; i < 10; i += 1) {
      await index.upsert({ userId: 'small', id: `s${i}`, name: 'Sepsis', type: 'text', tags: ['Icu'], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    }
    reader = new Database(file, { readonly: true });
  }, 120_000);
  afterAll(async () => {
    reader.close();
    await index.close();
  });

  /**
   * Every match of the user, fully sorted by the search's order: what the pages must be slices of. Those whose name has
   * every word, by bm25 of the name; then those whose name, tags and description have every word, by bm25 there; then
   * the rest, by bm25 of all their text; equal scores newest first.
   */
  const fullSort = (query: string) => {
    const every = matchExpression(query)!;
    const tier = (table: 'heads' | 'doc_text', match: string, fields: readonly SearchField[]) =>
      reader
        .prepare<[string, string], string>(
          `SELECT docs.resource_id FROM ${table} CROSS JOIN docs ON docs.id = ${table}.rowid WHERE ${table} MATCH ? AND docs.user_id = ?
           ORDER BY bm25(${table}, ${fields.map((field) => searchFieldWeights[field]).join(', ')}), docs.created_at DESC, docs.resource_id`,
        )
        .pluck()
        .all(match, 'big');
    const heads = ['name', 'tags', 'description'] as const;
    return [
      ...tier('heads', `{name} : (${every})`, heads),
      ...tier('heads', `(${every}) NOT ({name} : (${every}))`, heads),
      ...tier('doc_text', `(${every}) NOT ({name tags description} : (${every}))`, searchFields),
    ];
  };

  it.each([
    ['sepsis', 1, 25],
    ['seps', 1, 100],
    ['sepsis screen', 3, 100],
    // Across the cut between names and descriptions, and between descriptions and text.
    ['sepsis', 7, 100],
    ['sepsis', SEARCH_MAX_HITS / 100, 100],
  ] as const)('pages %j exactly as a full sort of every match (page %i of %i)', async (query, page, perPage) => {
    const want = fullSort(query).slice((page - 1) * perPage, page * perPage);
    expect(want).toHaveLength(perPage);
    expect((await search({ query, page, perPage })).hits.map((hit) => hit.id)).toEqual(want);
  });

  it('counts every match, and estimates the facets from a sample, saying so', async () => {
    const result = await search({ query: 'sepsis' });
    expect(result).toMatchObject({ found: size, foundIs: 'exact', facetsAre: 'estimate' });
    const truth = new Map(tags.map((tag) => [tag, reader.prepare<[string], number>("SELECT count(*) FROM doc_tags WHERE user_id = 'big' AND tag = ?").pluck().get(tag)!]));
    for (const facet of result.facets) expect(Math.abs(facet.count - truth.get(facet.tag)!) / truth.get(facet.tag)!).toBeLessThan(0.15);
    expect(result.facets.map((facet) => facet.tag).sort()).toEqual([...tags].sort());
  });

  it.each([
    ['observation', 'kept while counting'],
    ['lumbar', 'read again'],
  ])('estimates the facets of %j in a library larger than the sample kept while counting (%s)', async (query) => {
    const truth = (tag: string) =>
      reader.prepare<[string, string], number>("SELECT count(*) FROM doc_tags JOIN docs ON docs.id = doc_tags.doc WHERE docs.user_id = 'wide' AND doc_tags.tag = ? AND docs.id IN (SELECT rowid FROM doc_text WHERE doc_text MATCH ?)").pluck().get(tag, query)!;
    const result = await search({ query }, 'wide');
    expect(result).toMatchObject({ foundIs: 'exact', facetsAre: 'estimate' });
    expect(result.found).toBe(reader.prepare<[string], number>("SELECT count(*) FROM doc_text JOIN docs ON docs.id = doc_text.rowid WHERE doc_text MATCH ? AND docs.user_id = 'wide'").pluck().get(query));
    for (const facet of result.facets) expect(Math.abs(facet.count - truth(facet.tag)) / truth(facet.tag)).toBeLessThan(0.15);
  });

  it('counts exactly when few match, when filters alone narrow (the total), and for the whole library', async () => {
    expect(await search({ query: 'rare' })).toMatchObject({ found: Math.ceil(size / 50), foundIs: 'exact', facetsAre: 'exact' });
    expect(await search({ query: 'rare' }, 'wide')).toMatchObject({ found: wideSize / 50, foundIs: 'exact', facetsAre: 'exact' });
    const favorites = Array.from({ length: size }, (_, i) => i).filter((i) => i % 10 !== 0).length;
    expect(await search({ flagged: true })).toMatchObject({ found: favorites, foundIs: 'exact', facetsAre: 'estimate' });
    expect(await search({})).toMatchObject({ found: size, foundIs: 'exact', facetsAre: 'exact' });
  });

  it("counts exactly a user whose few matches share the index with another user's many", async () => {
    expect(await search({ query: 'sepsis' }, 'small')).toMatchObject({ found: 10, foundIs: 'exact', facets: [{ tag: 'Icu', count: 10 }], facetsAre: 'exact' });
  });

  // Copies that score the same: a page of 10 must be the 10 newest of them all. A few come with the best the scoring
  // kept; more than it kept are read again.
  it.each([30, KEPT_FOR_TIES + 30])('orders equal scores newest first across the cut of a page: %i tie', async (copies) => {
    const index = openSqliteSearchIndex(':memory:');
    // Distinct minutes, in an order unlike the order added (101 shares no factor with either count).
    const minutes = Array.from({ length: copies }, (_, i) => (i * 101) % copies);
    for (const [i, minute] of minutes.entries()) {
      const createdAt = new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString();
      await index.upsert({ userId: 'u1', id: `copy-${i}`, name: 'Sepsis bundle', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt, text: 'Lactate.' });
    }
    await index.upsert({ userId: 'u1', id: 'best', name: 'Sepsis', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2024-01-01T00:00:00.000Z', text: '' });
    const newest = [...minutes.entries()].sort(([, a], [, b]) => b - a).map(([i]) => `copy-${i}`);
    const page = async (n: number) => (await index.search('u1', SearchRequest.parse({ query: 'sepsis', page: n, perPage: 10 }))).hits.map((hit) => hit.id);
    expect(await page(1)).toEqual(['best', ...newest.slice(0, 9)]);
    expect(await page(2)).toEqual(newest.slice(9, 19));
    await index.close();
  });
});

describe('an index of an older layout', () => {
  it('is emptied and says it was created, so the runtime rebuilds it from the table', async () => {
    const file = path.join(folder, 'older', 'search.db');
    mkdirSync(path.dirname(file), { recursive: true });
    const older = new Database(file);
    older.exec(`CREATE TABLE users (slot INTEGER PRIMARY KEY, user_id TEXT NOT NULL UNIQUE, docs INTEGER NOT NULL DEFAULT 0);
      INSERT INTO users VALUES (1, 'u1', 1);
      CREATE TABLE docs (id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, resource_id TEXT NOT NULL);
      INSERT INTO docs VALUES (4294967297, 'u1', 'r1');
      CREATE VIRTUAL TABLE doc_text USING fts5(name, tags, description, text);
      INSERT INTO doc_text (rowid, name) VALUES (4294967297, 'Sepsis bundle');`);
    older.close();
    const index = openSqliteSearchIndex(file);
    expect(index.created).toBe(true);
    expect((await index.search('u1', SearchRequest.parse({}))).found).toBe(0);
    await index.upsert({ userId: 'u1', id: 'r1', name: 'Sepsis bundle', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    await index.close();
    const reopened = openSqliteSearchIndex(file);
    expect(reopened.created).toBe(false);
    // Counted once: the older file's count of u1's documents went with it.
    expect((await reopened.search('u1', SearchRequest.parse({}))).found).toBe(1);
    expect((await reopened.search('u1', SearchRequest.parse({ query: 'seps' }))).hits.map((hit) => hit.id)).toEqual(['r1']);
    await reopened.close();
  });
});
