// The one behaviour every SearchIndex adapter must show (SQLite FTS5 locally, OpenSearch in the cloud). It asserts
// orders any weighted BM25 engine gives, never scores. Each case works under its own user ids, so cases share one index.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_HITS, SearchRequest, SearchResult, type Snippet } from '@chartside/shared';
import type { SearchDocument, SearchIndex } from '../ports/search-index';

export type ContractIndex = SearchIndex & { close?(): Promise<void> };

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();

/** A small clinical library: each entry's `createdAt` is its day number, so newest-first orders are easy to read. */
const library = {
  sepsisBundle: { name: 'Sepsis bundle checklist', tags: ['Icu'], description: 'Hour-one bundle for suspected infection.', text: 'Lactate, cultures, antibiotics.', day: 1 },
  icuTagged: { name: 'Vasopressor dosing', tags: ['Sepsis', 'Icu'], description: 'Norepinephrine first line.', text: 'Titrate to a MAP of 65.', day: 2 },
  shockReview: { name: 'Shock review', tags: ['Icu'], description: 'Distributive shock, including sepsis, and its mimics.', text: 'Fluids first.', day: 3 },
  fluidsGuide: { name: 'Fluid resuscitation', tags: ['Nephrology'], description: 'Balanced crystalloids.', text: 'Consider sepsis when lactate is high; reassess often.', day: 4 },
  pneumonia: { name: 'Community-acquired pneumonia', tags: ['Pulmonology', 'Infectious Disease'], description: 'CURB-65 and empiric therapy.', text: 'Amoxicillin for low risk.', day: 5 },
  heartFailure: { name: 'Heart failure with reduced EF', tags: ['Cardiology', 'Heart Failure'], description: 'GDMT: four pillars.', text: 'Start SGLT2 inhibitors early.', day: 6 },
  afib: { name: 'Atrial fibrillation anticoagulation', tags: ['Cardiology'], description: 'CHA2DS2-VASc scoring.', text: 'Warfarin needs INR monitoring; DOACs do not.', day: 7 },
  hfDiuretics: { name: 'Diuretic titration', tags: ['Cardiology', 'Heart Failure', 'Nephrology'], description: 'Loop diuretics in congestion.', text: 'Double the dose if urine output is low.', day: 8 },
} satisfies Record<string, { name: string; tags: string[]; description: string; text: string; day: number }>;
type Entry = keyof typeof library;

const documentOf = (userId: string, entry: Entry, overrides: Partial<SearchDocument> = {}): SearchDocument => {
  const { day: created, ...fields } = library[entry];
  return { userId, id: entry, type: 'text', link: '', favorite: false, createdAt: day(created), ...fields, ...overrides };
};

const request = (input: Partial<SearchRequest> = {}) => SearchRequest.parse(input);
const ids = (result: SearchResult) => result.hits.map((hit) => hit.id);
const highlighted = (snippets: Snippet[]) => snippets.flatMap((s) => s.parts.filter((p) => p.highlight).map((p) => p.text.trim().toLowerCase()));

export const describeSearchIndexContract = (name: string, makeIndex: () => Promise<ContractIndex>) => {
  describe(`SearchIndex contract: ${name}`, () => {
    let index: ContractIndex;
    const search = async (userId: string, input: Partial<SearchRequest> = {}) => SearchResult.parse(await index.search(userId, request(input)));
    /** A new user holding the given entries (all of the library by default). */
    const userWith = async (entries: Entry[] = Object.keys(library) as Entry[], overrides: Partial<Record<Entry, Partial<SearchDocument>>> = {}) => {
      const userId = `user-${randomUUID()}`;
      for (const entry of entries) await index.upsert(documentOf(userId, entry, overrides[entry]));
      return userId;
    };

    beforeAll(async () => {
      index = await makeIndex();
    });
    afterAll(async () => {
      await index.close?.();
    });

    describe('ranking', () => {
      it('ranks a name match above tags and description matches, and those above section text', async () => {
        const userId = await userWith(['sepsisBundle', 'icuTagged', 'shockReview', 'fluidsGuide', 'pneumonia']);
        const result = await search(userId, { query: 'sepsis' });
        expect(result.found).toBe(4);
        expect(ids(result)[0]).toBe('sepsisBundle');
        expect(ids(result).slice(1, 3).sort()).toEqual(['icuTagged', 'shockReview']);
        expect(ids(result)[3]).toBe('fluidsGuide');
      });

      it('puts the newest first among equal matches', async () => {
        const userId = `user-${randomUUID()}`;
        const same = { name: 'Hyperkalemia protocol', tags: ['Nephrology'], description: 'Calcium, insulin, binders.', text: 'Repeat potassium in two hours.' };
        for (const [id, created] of [['b', 2], ['c', 9], ['a', 5]] as const) {
          await index.upsert({ ...documentOf(userId, 'fluidsGuide'), ...same, id, createdAt: day(created) });
        }
        expect(ids(await search(userId, { query: 'hyperkalemia' }))).toEqual(['c', 'a', 'b']);
      });

      it('lists everything newest first for an empty or blank query', async () => {
        const userId = await userWith();
        const newestFirst = (Object.keys(library) as Entry[]).sort((a, b) => library[b].day - library[a].day);
        expect(ids(await search(userId, {}))).toEqual(newestFirst);
        expect(ids(await search(userId, { query: '   ' }))).toEqual(newestFirst);
        expect((await search(userId, {})).found).toBe(newestFirst.length);
      });

      it('requires every word of the query', async () => {
        const userId = await userWith();
        expect(ids(await search(userId, { query: 'heart failure' })).sort()).toEqual(['heartFailure', 'hfDiuretics']);
        expect(ids(await search(userId, { query: 'warfarin monitoring' }))).toEqual(['afib']);
      });

      it.each([
        ['pneu', ['pneumonia']],
        ['PNEUMO', ['pneumonia']],
        ['anticoag', ['afib']],
        ['heart fail', ['heartFailure', 'hfDiuretics']],
      ])('finds words by their beginning: %j', async (query, want) => {
        const userId = await userWith();
        expect(ids(await search(userId, { query })).sort()).toEqual(want);
      });

      it('finds nothing for a word no resource has', async () => {
        const userId = await userWith();
        const result = await search(userId, { query: 'zygomycosis' });
        expect(result).toEqual({ hits: [], found: 0, foundIs: 'exact', page: 1, perPage: 25, facets: [], facetsAre: 'exact' });
      });
    });

    describe('filters', () => {
      it('flagged keeps only favorites', async () => {
        const userId = await userWith(undefined, { afib: { favorite: true }, pneumonia: { favorite: true } });
        expect(ids(await search(userId, { flagged: true }))).toEqual(['afib', 'pneumonia']);
        expect(ids(await search(userId, { flagged: true, query: 'warfarin' }))).toEqual(['afib']);
      });

      it.each([
        [['Cardiology'], ['hfDiuretics', 'afib', 'heartFailure']],
        [['Cardiology', 'Heart Failure'], ['hfDiuretics', 'heartFailure']],
        [['heart  failure', 'nephrology'], ['hfDiuretics']],
        [['Cardiology', 'Pulmonology'], []],
      ])('tags %j keep resources carrying every one of them', async (tags, want) => {
        const userId = await userWith();
        expect(ids(await search(userId, { tags }))).toEqual(want);
      });

      it('combines the query, flagged and tags', async () => {
        const userId = await userWith(undefined, { hfDiuretics: { favorite: true }, heartFailure: { favorite: true } });
        expect(ids(await search(userId, { query: 'diuretic', flagged: true, tags: ['Nephrology'] }))).toEqual(['hfDiuretics']);
      });
    });

    describe('facets', () => {
      it('counts the tags of every matching resource, most first, then by name', async () => {
        const userId = await userWith();
        expect((await search(userId, {})).facets).toEqual([
          { tag: 'Cardiology', count: 3 },
          { tag: 'Icu', count: 3 },
          { tag: 'Heart Failure', count: 2 },
          { tag: 'Nephrology', count: 2 },
          { tag: 'Infectious Disease', count: 1 },
          { tag: 'Pulmonology', count: 1 },
          { tag: 'Sepsis', count: 1 },
        ]);
      });

      it('counts only what the query and filters match', async () => {
        const userId = await userWith();
        expect((await search(userId, { query: 'heart' })).facets).toEqual([
          { tag: 'Cardiology', count: 2 },
          { tag: 'Heart Failure', count: 2 },
          { tag: 'Nephrology', count: 1 },
        ]);
        expect((await search(userId, { tags: ['Nephrology'] })).facets).toEqual([
          { tag: 'Nephrology', count: 2 },
          { tag: 'Cardiology', count: 1 },
          { tag: 'Heart Failure', count: 1 },
        ]);
      });
    });

    describe('paging', () => {
      const many = async (count: number) => {
        const userId = `user-${randomUUID()}`;
        for (let i = 0; i < count; i += 1) {
          await index.upsert({ ...documentOf(userId, 'pneumonia'), id: `r${String(i).padStart(4, '0')}`, createdAt: day(i), tags: ['Pulmonology'] });
        }
        return userId;
      };
      /** Ids newest first, as the library above pages them. */
      const newest = (count: number, from: number, length: number) =>
        Array.from({ length }, (_, i) => `r${String(count - 1 - from - i).padStart(4, '0')}`);

      it.each([
        [{}, 25, newest(30, 0, 25)],
        [{ page: 2 }, 25, newest(30, 25, 5)],
        [{ perPage: 10, page: 2 }, 10, newest(30, 10, 10)],
        [{ perPage: 100 }, 100, newest(30, 0, 30)],
        [{ perPage: 10, page: 4 }, 10, []],
      ] as const)('pages %j of 30 resources', async (paging, perPage, want) => {
        const userId = await many(30);
        const result = await search(userId, paging);
        expect(ids(result)).toEqual(want);
        expect(result).toMatchObject({ found: 30, perPage, page: (paging as Partial<SearchRequest>).page ?? 1 });
      });

      it(`reaches at most ${SEARCH_MAX_HITS} hits however it is paged, while the total and facets count every match`, async () => {
        const userId = await many(SEARCH_MAX_HITS + 10);
        const last = await search(userId, { perPage: 100, page: SEARCH_MAX_HITS / 100 });
        expect(last).toMatchObject({ found: SEARCH_MAX_HITS + 10, foundIs: 'exact', facetsAre: 'exact' });
        expect(last.hits).toHaveLength(100);
        expect(last.facets).toEqual([{ tag: 'Pulmonology', count: SEARCH_MAX_HITS + 10 }]);
        const past = await search(userId, { perPage: 100, page: SEARCH_MAX_HITS / 100 + 1 });
        expect(past.hits).toEqual([]);
        expect(past.found).toBe(SEARCH_MAX_HITS + 10);
        const pastWithWords = await search(userId, { query: 'pneumonia', perPage: 100, page: SEARCH_MAX_HITS / 100 + 1 });
        expect(pastWithWords).toMatchObject({ hits: [], found: SEARCH_MAX_HITS + 10, foundIs: 'exact' });
        expect(pastWithWords.facets).toEqual([{ tag: 'Pulmonology', count: SEARCH_MAX_HITS + 10 }]);
      }, 120_000);
    });

    describe('hits and snippets', () => {
      it('returns what a result shows, as indexed', async () => {
        const userId = await userWith(['afib'], { afib: { type: 'article', link: 'https://example.org/af', favorite: true } });
        const [hit] = (await search(userId, { query: 'warfarin' })).hits;
        expect(hit).toMatchObject({
          id: 'afib',
          name: 'Atrial fibrillation anticoagulation',
          type: 'article',
          tags: ['Cardiology'],
          favorite: true,
          link: 'https://example.org/af',
          description: 'CHA2DS2-VASc scoring.',
          createdAt: day(7),
        });
      });

      it('marks the matched words in section text, with their context', async () => {
        const userId = await userWith();
        const [hit] = (await search(userId, { query: 'warfarin' })).hits;
        const section = hit!.snippets.find((s) => s.field === 'textSections');
        expect(highlighted([section!])).toEqual(['warfarin']);
        expect(section!.parts.map((p) => p.text).join('')).toContain('INR monitoring');
        expect(highlighted(hit!.snippets).every((word) => word === 'warfarin')).toBe(true);
      });

      it('marks a name match and whole words for a prefix', async () => {
        const userId = await userWith();
        const [hit] = (await search(userId, { query: 'pneu' })).hits;
        const name = hit!.snippets.find((s) => s.field === 'name');
        expect(highlighted([name!])).toEqual(['pneumonia']);
        expect(name!.parts.map((p) => p.text).join('')).toBe('Community-acquired pneumonia');
      });

      it('marks matches in tags and description', async () => {
        const userId = await userWith();
        const hits = (await search(userId, { query: 'sepsis' })).hits;
        const fields = (id: string) => hits.find((h) => h.id === id)!.snippets.filter((s) => highlighted([s]).includes('sepsis')).map((s) => s.field);
        expect(fields('icuTagged')).toContain('tags');
        expect(fields('shockReview')).toContain('description');
      });

      it('carries text as it is: markup in a document is plain text, never a mark', async () => {
        const userId = `user-${randomUUID()}`;
        await index.upsert({ ...documentOf(userId, 'afib'), text: 'Dose <b>warfarin</b> & check <script>INR</script>' });
        const [hit] = (await search(userId, { query: 'warfarin' })).hits;
        const section = hit!.snippets.find((s) => s.field === 'textSections')!;
        expect(section.parts.map((p) => p.text).join('')).toContain('<b>');
        expect(highlighted([section])).toEqual(['warfarin']);
        expect(hit!.snippets.every((s) => s.parts.every((p) => !/<\/?mark>|\uE000|\uE001/.test(p.text)))).toBe(true);
      });

      it('shows no snippets for an empty query', async () => {
        const userId = await userWith(['afib']);
        expect((await search(userId, {})).hits[0]!.snippets).toEqual([]);
      });
    });

    describe('isolation', () => {
      it("never finds, counts or lists another user's resources", async () => {
        const userA = await userWith();
        const userB = await userWith(['pneumonia'], { pneumonia: { tags: ['Private Tag'], favorite: true } });
        expect(ids(await search(userB, { query: 'warfarin' }))).toEqual([]);
        expect(ids(await search(userB, {}))).toEqual(['pneumonia']);
        expect((await search(userB, {})).facets).toEqual([{ tag: 'Private Tag', count: 1 }]);
        expect((await search(userA, { tags: ['Private Tag'] })).found).toBe(0);
        expect((await search(userA, { flagged: true })).found).toBe(0);
        expect((await search(userA, { query: 'pneumonia' })).hits[0]!.tags).toEqual(['Pulmonology', 'Infectious Disease']);
        expect((await search(`user-${randomUUID()}`, {})).found).toBe(0);
      });
    });

    describe('writes', () => {
      it('upsert replaces the resource: old words, tags and flag are gone', async () => {
        const userId = await userWith(['afib']);
        await index.upsert(documentOf(userId, 'afib', { name: 'Rate control', tags: ['Electrophysiology'], favorite: true, text: 'Beta blockers.' }));
        expect((await search(userId, { query: 'warfarin' })).found).toBe(0);
        expect(ids(await search(userId, { query: 'beta' }))).toEqual(['afib']);
        expect((await search(userId, {})).facets).toEqual([{ tag: 'Electrophysiology', count: 1 }]);
        expect((await search(userId, { flagged: true })).found).toBe(1);
        expect((await search(userId, {})).found).toBe(1);
      });

      it('remove drops one resource and ignores one that is not there', async () => {
        const userId = await userWith(['afib', 'pneumonia']);
        await index.remove(userId, 'afib');
        await index.remove(userId, 'never-indexed');
        expect(ids(await search(userId, {}))).toEqual(['pneumonia']);
        expect((await search(userId, { query: 'warfarin' })).found).toBe(0);
      });

      it('remove and removeUser touch only the named user', async () => {
        const userA = await userWith(['afib', 'pneumonia']);
        const userB = await userWith(['afib', 'pneumonia']);
        await index.remove(userA, 'pneumonia');
        expect(ids(await search(userB, {}))).toEqual(['afib', 'pneumonia']);
        await index.removeUser(userA);
        expect((await search(userA, {})).found).toBe(0);
        expect((await search(userA, {})).facets).toEqual([]);
        expect(ids(await search(userB, { query: 'warfarin' }))).toEqual(['afib']);
      });
    });

    describe('passages for a question', () => {
      const passages = (userId: string, question: string, limit = 6, context?: string) => index.passages(userId, { question, ...(context ? { context } : {}) }, limit);
      const passageIds = async (userId: string, question: string, limit?: number, context?: string) => (await passages(userId, question, limit, context)).map((p) => p.id);

      it('finds the resources matching any word of the question, leaving out the words every question has', async () => {
        const userId = await userWith();
        expect((await passageIds(userId, 'What is the role of warfarin or lactate?')).sort()).toEqual(['afib', 'fluidsGuide', 'sepsisBundle']);
        expect(await passages(userId, 'What is it, and how?')).toEqual([]);
        expect(await passages(userId, 'zygomycosis')).toEqual([]);
      });

      it('finds a longer word by its beginning, a short one only whole', async () => {
        const userId = await userWith();
        expect(await passageIds(userId, 'anticoag')).toEqual(['afib']);
        expect(await passageIds(userId, 'He')).toEqual([]);
      });

      it('ranks a resource matching more of the question above one whose name matches one word, and keeps to the limit', async () => {
        const userId = `user-${randomUUID()}`;
        await index.upsert({ ...documentOf(userId, 'afib'), id: 'named', name: 'Apixaban', tags: [], description: '', text: 'A direct oral anticoagulant.', createdAt: day(9) });
        await index.upsert({ ...documentOf(userId, 'afib'), id: 'answers', name: 'Ward notes', tags: [], description: '', text: 'Apixaban in renal failure: reduce the dose when creatinine is high.', createdAt: day(1) });
        const question = 'What apixaban dose in renal failure, with a high creatinine?';
        expect(await passageIds(userId, question)).toEqual(['answers', 'named']);
        expect(await passageIds(userId, question, 1)).toEqual(['answers']);
      });

      it("ranks by an earlier question's words too, but never finds a resource by them alone", async () => {
        const userId = `user-${randomUUID()}`;
        await index.upsert({ ...documentOf(userId, 'afib'), id: 'kidneys', name: 'Kidney notes', tags: [], description: '', text: 'Renal failure: watch the potassium.', createdAt: day(9) });
        await index.upsert({ ...documentOf(userId, 'afib'), id: 'apixaban', name: 'Ward notes', tags: [], description: '', text: 'Apixaban in renal failure: reduce the dose.', createdAt: day(1) });
        await index.upsert({ ...documentOf(userId, 'afib'), id: 'warfarin', name: 'Warfarin', tags: [], description: '', text: 'Apixaban is an alternative; check the dose.', createdAt: day(5) });
        expect(await passageIds(userId, 'And in renal failure?')).toEqual(['kidneys', 'apixaban']);
        expect(await passageIds(userId, 'And in renal failure?', 6, 'What apixaban dose?')).toEqual(['apixaban', 'kidneys']);
        expect(await passages(userId, 'What about zygomycosis?', 6, 'What apixaban dose?')).toEqual([]);
      });

      it('carries what the index holds of the resource, and its section text around the best match without marks', async () => {
        const userId = await userWith();
        const [passage] = await passages(userId, 'How is warfarin monitored?');
        expect(passage).toMatchObject({ id: 'afib', name: 'Atrial fibrillation anticoagulation', tags: ['Cardiology'], description: 'CHA2DS2-VASc scoring.' });
        expect(passage!.excerpt).toContain('Warfarin needs INR monitoring');
        expect(passage!.excerpt).not.toMatch(/[\uE000\uE001]/);
      });

      it('carries the start of the section text when only other fields match', async () => {
        const userId = await userWith(['afib']);
        expect((await passages(userId, 'anticoagulation'))[0]!.excerpt).toContain('Warfarin needs INR monitoring');
      });

      it('cuts a long text to the part around the match', async () => {
        const userId = `user-${randomUUID()}`;
        const filler = (n: number) => Array.from({ length: n }, (_, i) => `Observation ${i} was unremarkable.`).join(' ');
        await index.upsert({ ...documentOf(userId, 'afib'), text: `${filler(300)} Give tenecteplase for an ischemic stroke within the window. ${filler(300)}` });
        const [passage] = await passages(userId, 'tenecteplase');
        expect(passage!.excerpt).toContain('tenecteplase');
        expect(passage!.excerpt.length).toBeLessThan(1_000);
      });

      it('gives an encrypted resource by its name and tags only (its description and text never reach the index)', async () => {
        const userId = `user-${randomUUID()}`;
        await index.upsert({ ...documentOf(userId, 'afib'), name: 'Sealed warfarin plan', tags: ['Private'], description: '', text: '' });
        expect(await passages(userId, 'warfarin')).toEqual([{ id: 'afib', name: 'Sealed warfarin plan', tags: ['Private'], description: '', excerpt: '' }]);
      });

      it("never finds another user's resources", async () => {
        await userWith();
        const other = await userWith(['pneumonia']);
        expect(await passages(other, 'warfarin')).toEqual([]);
        expect(await passageIds(other, 'warfarin pneumonia')).toEqual(['pneumonia']);
      });

      it.each(['"unbalanced', 'NEAR(heart failure)', 'AND OR NOT', "' OR 1=1 --", '\uE000warfarin\uE001', '*', 'a'.repeat(500)])('never throws on %j', async (question) => {
        const userId = await userWith(['afib']);
        expect(Array.isArray(await passages(userId, question))).toBe(true);
      });
    });

    describe('odd input never throws', () => {
      it.each([
        '"',
        '"unbalanced',
        'pneumonia"',
        '*',
        'pneu*',
        '-',
        '-pneumonia',
        'NEAR',
        'NEAR(heart failure)',
        'heart NEAR/2 failure',
        'AND OR NOT',
        'name:pneumonia',
        ':',
        '^',
        '(((',
        '{name tags}: x',
        'x OR',
        '\u0000',
        '\uE000warfarin\uE001',
        '🫀 heart 💊',
        'é',
        'Ærøskøbing',
        'a'.repeat(500),
        'warfarin '.repeat(55).slice(0, 500),
        '\\',
        "' OR 1=1 --",
      ])('query %j', async (query) => {
        const userId = await userWith(['afib', 'heartFailure']);
        const result = await search(userId, { query });
        expect(result.found).toBeGreaterThanOrEqual(0);
      });

      it('still finds the words around syntax characters', async () => {
        const userId = await userWith();
        expect(ids(await search(userId, { query: '"warfarin' }))).toEqual(['afib']);
        expect(ids(await search(userId, { query: 'heart-failure' })).sort()).toEqual(['heartFailure', 'hfDiuretics']);
        expect(ids(await search(userId, { query: '🫀 warfarin' }))).toEqual(['afib']);
      });

      it('accepts odd tags and text in documents', async () => {
        const userId = `user-${randomUUID()}`;
        await index.upsert({ ...documentOf(userId, 'afib'), tags: ['"Quoted"', 'A:b', '🫀', '  '], name: 'NEAR(" *', description: '', text: '' });
        expect((await search(userId, { tags: ['🫀'] })).found).toBe(1);
        expect((await search(userId, { query: 'near' })).found).toBe(1);
      });
    });
  });
};
