import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchRequest } from '@chartside/shared';
import { describeSearchIndexContract } from '../search-index-contract';
import { matchExpression, openSqliteSearchIndex, passageExpression } from './sqlite-search-index';

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

describe("a whole library's facets", () => {
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
    const kept = (await index.search('u1', SearchRequest.parse({}))).facets;
    // flagged narrows nothing here (every document is a favorite) but takes the path that counts from scratch
    const computed = (await index.search('u1', SearchRequest.parse({ flagged: true }))).facets;
    expect(kept).toEqual(computed);
    const want = new Map<string, number>();
    for (const tags of live.values()) for (const key of new Set(tags.map((t) => t.toLowerCase()))) want.set(key, (want.get(key) ?? 0) + 1);
    expect(Object.fromEntries(kept.map((f) => [f.tag.toLowerCase(), f.count]))).toEqual(Object.fromEntries(want));
    await index.removeUser('u1');
    expect((await index.search('u1', SearchRequest.parse({}))).facets).toEqual([]);
    await index.close();
  });
});
