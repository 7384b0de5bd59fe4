// Search through the real runtime: resources made through /api/resources reach the index by DynamoDB Local's stream,
// and /api/search finds them for their owner only. The reindex command rebuilds an index from the table.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqliteSearchIndex } from '@chartside/lambdas/adapters/local/sqlite-search-index';
import { api, type Api } from '../harness/api';
import { quietSdkEnv, repoRoot } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const run = promisify(execFile);

interface Found {
  hits: { id: string; name: string; tags: string[]; favorite: boolean; snippets: { field: string; parts: { text: string; highlight: boolean }[] }[] }[];
  found: number;
  page: number;
  perPage: number;
  facets: { tag: string; count: number }[];
}

const searchAs = (as: Api) => async (body: Record<string, unknown>) => {
  const { status, json, text } = await as('POST', '/search', body);
  if (status !== 200) throw new Error(`search answered ${status}: ${text}`);
  return json as unknown as Found;
};

const section = (title: string, text: string) => ({
  id: `s-${title.toLowerCase().replace(/\W+/g, '-')}`,
  title,
  deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]),
  editing: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

const reindexCli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/local/src/reindex-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...quietSdkEnv, PORT: String(runtime.port), DATA_DIR: runtime.dataDir },
  });

let alice: TestUser;
let asAlice: Api;
let asBob: Api;
let searchAlice: ReturnType<typeof searchAs>;
let searchBob: ReturnType<typeof searchAs>;
const ids = (result: Found) => result.hits.map((h) => h.id);

const create = async (as: Api, body: Record<string, unknown>) => {
  const { status, json, text } = await as('POST', '/resources', body);
  if (status !== 200) throw new Error(`create answered ${status}: ${text}`);
  return json as { id: string; version: number };
};

const resourceIds: Record<string, string> = {};

beforeAll(async () => {
  alice = await createUser(runtime);
  asAlice = api(runtime, await signedIn(runtime, alice));
  asBob = api(runtime, await signedIn(runtime, await createUser(runtime)));
  searchAlice = searchAs(asAlice);
  searchBob = searchAs(asBob);

  resourceIds.pneumonia = (await create(asAlice, { name: 'Community-acquired pneumonia', type: 'guide', tags: ['pulmonology'], description: 'CURB-65 and empiric antibiotics.' })).id;
  resourceIds.sepsis = (await create(asAlice, { name: 'Sepsis bundle', type: 'clinical', tags: ['Icu', 'Infectious Disease'], description: 'Hour-one bundle.' })).id;
  const heart = await create(asAlice, { name: 'Heart failure GDMT', type: 'text', tags: ['Cardiology'] });
  resourceIds.heart = heart.id;
  const patched = await asAlice('PATCH', `/resources/${heart.id}`, {
    version: heart.version,
    favorite: true,
    textSections: [section('SGLT2 inhibitors', 'Start dapagliflozin whatever the ejection fraction.')],
  });
  expect(patched.status).toBe(200);
  resourceIds.bobPneumonia = (await create(asBob, { name: 'Pneumonia in children', type: 'text', tags: ['Pediatrics'] })).id;
});

describe('POST /api/search', () => {
  it('finds a new resource once the stream has carried it to the index, by the beginning of a word', async () => {
    await expect.poll(async () => ids(await searchAlice({ query: 'pneu' })), { timeout: 15_000 }).toEqual([resourceIds.pneumonia]);
    await expect.poll(async () => ids(await searchBob({ query: 'pneu' })), { timeout: 15_000 }).toEqual([resourceIds.bobPneumonia]);
  });

  it('searches section text, and marks the matched words in snippets', async () => {
    await expect.poll(async () => ids(await searchAlice({ query: 'dapagliflozin' })), { timeout: 15_000 }).toEqual([resourceIds.heart]);
    const [hit] = (await searchAlice({ query: 'dapagliflozin' })).hits;
    const snippet = hit!.snippets.find((s) => s.field === 'textSections')!;
    expect(snippet.parts.filter((p) => p.highlight).map((p) => p.text.toLowerCase())).toEqual(['dapagliflozin']);
    expect(ids(await searchAlice({ query: 'sglt2' }))).toEqual([resourceIds.heart]);
  });

  it('filters by flagged and by tags, and counts tags over every match', async () => {
    await expect.poll(async () => (await searchAlice({})).found, { timeout: 15_000 }).toBe(3);
    expect(ids(await searchAlice({ flagged: true }))).toEqual([resourceIds.heart]);
    expect(ids(await searchAlice({ tags: ['icu', 'Infectious Disease'] }))).toEqual([resourceIds.sepsis]);
    const all = await searchAlice({});
    expect(ids(all)).toEqual([resourceIds.heart, resourceIds.sepsis, resourceIds.pneumonia]);
    expect(all.facets).toEqual([
      { tag: 'Cardiology', count: 1 },
      { tag: 'Icu', count: 1 },
      { tag: 'Infectious Disease', count: 1 },
      { tag: 'Pulmonology', count: 1 },
    ]);
  });

  it("never shows one user another user's resources or tags", async () => {
    const bobs = await searchBob({});
    expect(ids(bobs)).toEqual([resourceIds.bobPneumonia]);
    expect(bobs.facets).toEqual([{ tag: 'Pediatrics', count: 1 }]);
    expect((await searchBob({ query: 'sepsis' })).found).toBe(0);
    expect((await searchBob({ tags: ['Cardiology'] })).found).toBe(0);
    expect((await searchAlice({ query: 'children' })).found).toBe(0);
  });

  it('pages by 10, 25 or 100', async () => {
    for (let i = 0; i < 11; i += 1) await create(asAlice, { name: `Antibiotic card ${i}`, type: 'text', tags: ['Stewardship'] });
    await expect.poll(async () => (await searchAlice({ tags: ['Stewardship'] })).found, { timeout: 15_000 }).toBe(11);
    const second = await searchAlice({ tags: ['Stewardship'], perPage: 10, page: 2 });
    expect(second).toMatchObject({ found: 11, page: 2, perPage: 10 });
    expect(second.hits.map((h) => h.name)).toEqual(['Antibiotic card 0']);
    expect((await searchAlice({ query: 'antibiotic', perPage: 25 })).found).toBe(12);
  });

  it('follows a rename and a delete', async () => {
    const get = await asAlice('GET', `/resources/${resourceIds.sepsis}`);
    const renamed = await asAlice('PATCH', `/resources/${resourceIds.sepsis}`, { version: get.json.version, name: 'Septic shock pathway' });
    expect(renamed.status).toBe(200);
    await expect.poll(async () => ids(await searchAlice({ query: 'septic shock' })), { timeout: 15_000 }).toEqual([resourceIds.sepsis]);
    expect((await searchAlice({ query: 'bundle' })).hits.map((h) => h.name)).toEqual(['Septic shock pathway']); // still in its description

    expect((await asAlice('DELETE', `/resources/${resourceIds.pneumonia}`)).status).toBe(200);
    await expect.poll(async () => (await searchAlice({ query: 'pneumonia' })).found, { timeout: 15_000 }).toBe(0);
  });

  it.each([
    ['a page size that is not 10, 25 or 100', { perPage: 50 }],
    ['page 0', { page: 0 }],
    ['a query longer than 500 characters', { query: 'x'.repeat(501) }],
    ['an unknown field', { query: 'x', sort: 'name' }],
    ['tags that are not a list', { tags: 'Icu' }],
    ['flagged as a string', { flagged: 'true' }],
  ])('refuses %s with 400', async (_what, body) => {
    const { status, json } = await asAlice('POST', '/search', body);
    expect(status).toBe(400);
    expect(json.error?.code).toBe('validation_failed');
  });

  it('fuzzed search bodies never make a 500', async () => {
    const text = fc.oneof(fc.string({ maxLength: 600 }), fc.string({ unit: 'grapheme', maxLength: 60 }), fc.constantFrom('"', '*', 'NEAR(a b)', '-x', 'a:b', '🫀', '\u0000', "' OR 1=1 --"));
    const body = fc.record(
      {
        query: fc.oneof(text, fc.jsonValue({ maxDepth: 1 })),
        flagged: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
        tags: fc.oneof(fc.array(text, { maxLength: 60 }), fc.jsonValue({ maxDepth: 2 })),
        page: fc.oneof(fc.integer({ min: -5, max: 1_100 }), fc.double(), fc.jsonValue({ maxDepth: 1 })),
        perPage: fc.oneof(fc.constantFrom(10, 25, 100), fc.integer(), fc.jsonValue({ maxDepth: 1 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const { status } = await asAlice('POST', '/search', input);
        return status === 200 || status === 400;
      }),
      { numRuns: 150 },
    );
  });
});

describe('npm run reindex', () => {
  it("rebuilds a user's index from the table", async () => {
    await expect.poll(async () => (await searchAlice({ query: 'dapagliflozin' })).found, { timeout: 15_000 }).toBe(1);
    // Lose Alice's index behind the runtime's back, as a corrupted or deleted index would.
    const index = openSqliteSearchIndex(path.join(runtime.dataDir, 'search', 'search.db'));
    await index.removeUser(alice.userId);
    await index.close();
    expect((await searchAlice({})).found).toBe(0);

    const { stdout } = await reindexCli(['--email', alice.email]);
    expect(stdout).toMatch(/Reindexed 13 resources of user /);
    expect(ids(await searchAlice({ query: 'dapagliflozin' }))).toEqual([resourceIds.heart]);
    expect((await searchAlice({})).found).toBe(13);
    expect((await searchBob({})).found).toBe(1);
  });

  it('rebuilds every index with --all, and says what it takes', async () => {
    // Other test files write bare items straight to the table; a user holding one is reported, and exits 1, but the rest
    // are rebuilt.
    const { stdout } = await reindexCli(['--all']).catch((error: { code: number; stdout: string; stderr: string }) => {
      expect(error.code).toBe(1);
      expect(error.stderr).toContain('Could not reindex');
      return error;
    });
    expect(stdout).toMatch(/Reindexed \d+ resources of \d+ users\./);
    expect((await searchAlice({})).found).toBe(13);
    expect(ids(await searchBob({}))).toEqual([resourceIds.bobPneumonia]);
    await expect(reindexCli([])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
    await expect(reindexCli(['--email', 'nobody@example.org'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('No user with the email') });
  });
});
