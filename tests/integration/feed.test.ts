// The feed through the real API and DynamoDB Local, against publishers served by a fixture server this file starts:
// settings, the manual update over RSS, Atom and JSON Feed, conditional GET, hostile sources marked with their error while
// the others still update, read flags, the live unread count, and another user never seeing any of it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api, type Auth } from '../harness/api';
import { RSS_ETAG, RSS_LAST_MODIFIED, startFeedFixtures, type FeedFixtures } from '../harness/feed-fixtures';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
let fixtures: FeedFixtures;

interface Item {
  id: string;
  sourceId: string;
  title: string;
  link: string;
  summary: string;
  read: boolean;
  published: string;
  keywords: string[];
}
interface Source {
  id: string;
  url: string;
  title: string;
  status?: { error?: string; itemCount: number; checkedAt: string };
}

const newUser = async (): Promise<{ call: Api; auth: Auth }> => {
  const auth = await signedIn(runtime, await createUser(runtime));
  return { call: api(runtime, auth), auth };
};

const saveSources = async (call: Api, sources: { url: string; title: string }[], keywords: string[] = []) => {
  const { version } = (await call('GET', '/feed/settings')).json as { version: number };
  const saved = await call('PUT', '/feed/settings', { version, sources, keywords });
  expect(saved.status).toBe(200);
  return saved.json as unknown as { version: number; sources: Source[]; keywords: string[] };
};

const itemsOf = async (call: Api) => ((await call('GET', '/feed/items')).json as unknown as { items: Item[] }).items;

beforeAll(async () => {
  fixtures = await startFeedFixtures();
});
afterAll(async () => {
  await fixtures.close();
});

describe('settings', () => {
  it('start empty at version 0, save sources and keywords, and refuse a stale version with 409', async () => {
    const { call } = await newUser();
    expect((await call('GET', '/feed/settings')).json).toEqual({ version: 0, sources: [], keywords: [] });
    const saved = await saveSources(call, [{ url: `${fixtures.url}/rss.xml`, title: 'Journal' }], ['sepsis']);
    expect(saved).toMatchObject({ version: 1, keywords: ['sepsis'], sources: [{ url: `${fixtures.url}/rss.xml`, title: 'Journal', id: expect.any(String) }] });
    const stale = await call('PUT', '/feed/settings', { version: 0, sources: [], keywords: [] });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.code).toBe('version_conflict');
  });

  it.each([
    ['a source that is not a web address', { version: 0, sources: [{ url: 'not a url', title: 'x' }], keywords: [] }],
    ['a javascript: address', { version: 0, sources: [{ url: 'javascript:alert(1)', title: 'x' }], keywords: [] }],
    ['a source without a title', { version: 0, sources: [{ url: 'https://example.org/rss' }], keywords: [] }],
    ['the same address twice', { version: 0, sources: [{ url: 'https://example.org/rss', title: 'a' }, { url: 'https://example.org/rss', title: 'b' }], keywords: [] }],
    ['too many sources', { version: 0, sources: Array.from({ length: 51 }, (_, i) => ({ url: `https://example.org/${i}`, title: `s${i}` })), keywords: [] }],
    ['an empty keyword', { version: 0, sources: [], keywords: [' '] }],
    ['an unknown field', { version: 0, sources: [], keywords: [], userId: 'someone' }],
    ['no version', { sources: [], keywords: [] }],
  ])('refuse %s with 400', async (_what, body) => {
    const { call } = await newUser();
    const answer = await call('PUT', '/feed/settings', body);
    expect(answer.status).toBe(400);
    expect(answer.json.error?.code).toBe('validation_failed');
  });
});

describe('the manual update', () => {
  it('stores RSS, Atom and JSON Feed items once each, with sanitized summaries and keyword matches, newest first', async () => {
    const { call } = await newUser();
    // The RSS address is this user's alone, so the requests recorded for it are this user's refreshes only.
    const rss = `/rss.xml?reader=${randomUUID()}`;
    const settings = await saveSources(
      call,
      [
        { url: `${fixtures.url}${rss}`, title: 'Journal' },
        { url: `${fixtures.url}/atom.xml`, title: 'Guidelines' },
        { url: `${fixtures.url}/feed.json`, title: 'Drug safety' },
      ],
      ['Sepsis', 'metformin'],
    );
    const first = await call('POST', '/feed/refresh');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ added: 7 });
    const items = await itemsOf(call);
    expect(items.map((i) => i.title)).toEqual([
      'Recall: metformin lot 42',
      'Asthma guideline update',
      'Boxed warning added',
      'Hypertension guideline update',
      'Anticoagulation in atrial fibrillation',
      'Sepsis bundle adherence',
      'Semaglutide and kidney outcomes',
    ]);
    expect(items.every((i) => i.read === false)).toBe(true);
    const bySource = (title: string) => settings.sources.find((s) => s.title === title)!.id;
    expect(items.filter((i) => i.sourceId === bySource('Guidelines')).map((i) => i.link)).toEqual([`${fixtures.url}/guidelines/2`, `${fixtures.url}/guidelines/1`]);

    const semaglutide = items.find((i) => i.title.startsWith('Semaglutide'))!;
    expect(semaglutide.summary).not.toMatch(/script|onerror|javascript|<img/i);
    expect(semaglutide.summary).toContain('<strong>trial</strong>');
    expect(semaglutide.summary).toContain('<a href="https://example.org/more" target="_blank" rel="noopener noreferrer">more</a>');
    expect(items.find((i) => i.title.startsWith('Sepsis'))!.keywords).toEqual(['Sepsis']);
    expect(items.find((i) => i.title.startsWith('Recall'))!.keywords).toEqual(['metformin']);
    expect(items.find((i) => i.title.startsWith('Asthma'))!.keywords).toEqual([]);
    expect((await call('GET', '/feed/unread-count')).json).toEqual({ count: 7 });

    // A second update asks the RSS source with the validators it answered (ETag and Last-Modified), gets 304 and stores
    // nothing new: the items, and a read flag set in between, are as they were.
    await call('PATCH', `/feed/items/${semaglutide.id}`, { read: true });
    const before = await itemsOf(call);
    const second = await call('POST', '/feed/refresh');
    expect(second.json).toMatchObject({ added: 0 });
    expect(fixtures.requests(rss)).toEqual([{ status: 200 }, { ifNoneMatch: RSS_ETAG, ifModifiedSince: RSS_LAST_MODIFIED, status: 304 }]);
    expect(await itemsOf(call)).toEqual(before);
    expect(before.find((i) => i.id === semaglutide.id)!.read).toBe(true);
    const after = (await call('GET', '/feed/settings')).json as unknown as { sources: Source[] };
    expect(after.sources.find((s) => s.title === 'Journal')!.status).toMatchObject({ itemCount: 3 });
    expect(after.sources.every((s) => s.status && !s.status.error)).toBe(true);
  });

  it('marks each hostile source with its error while the good one still updates', async () => {
    const { call } = await newUser();
    const hostile = {
      bad: `${fixtures.url}/bad.xml`,
      entities: `${fixtures.url}/entities.xml`,
      huge: `${fixtures.url}/huge.xml`,
      loop: `${fixtures.url}/loop`,
      slow: `${fixtures.url}/slow`,
      missing: `${fixtures.url}/missing.xml`,
      html: `${fixtures.url}/html`,
    };
    await saveSources(call, [{ url: `${fixtures.url}/feed.json`, title: 'Good' }, ...Object.entries(hostile).map(([title, url]) => ({ url, title }))]);
    const started = Date.now();
    const answer = await call('POST', '/feed/refresh');
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(answer.json).toMatchObject({ added: 2 });

    const { sources } = (await call('GET', '/feed/settings')).json as unknown as { sources: Source[] };
    const errorOf = (title: string) => sources.find((s) => s.title === title)!.status?.error;
    expect(errorOf('Good')).toBeUndefined();
    expect(errorOf('bad')).toMatch(/could not be read/);
    expect(errorOf('entities')).toMatch(/declares entities/);
    expect(errorOf('huge')).toMatch(/larger than 5 MB/);
    expect(errorOf('loop')).toMatch(/redirected too many times/);
    expect(errorOf('slow')).toMatch(/did not answer in time/);
    expect(errorOf('missing')).toMatch(/HTTP 404/);
    expect(errorOf('html')).toMatch(/could not be read|not a/);
    expect((await itemsOf(call)).map((i) => i.title)).toEqual(['Recall: metformin lot 42', 'Boxed warning added']);
  });

  it('drops the items of a removed source', async () => {
    const { call } = await newUser();
    await saveSources(call, [{ url: `${fixtures.url}/feed.json`, title: 'Drug safety' }, { url: `${fixtures.url}/atom.xml`, title: 'Guidelines' }]);
    await call('POST', '/feed/refresh');
    expect(await itemsOf(call)).toHaveLength(4);
    await saveSources(call, [{ url: `${fixtures.url}/atom.xml`, title: 'Guidelines' }]);
    expect((await itemsOf(call)).map((i) => i.title)).toEqual(['Asthma guideline update', 'Hypertension guideline update']);
  });
});

describe('read flags', () => {
  it('mark one read and unread, then all read, with the unread count pushed over the WebSocket', async () => {
    const { call, auth } = await newUser();
    await saveSources(call, [{ url: `${fixtures.url}/feed.json`, title: 'Drug safety' }, { url: `${fixtures.url}/atom.xml`, title: 'Guidelines' }]);
    const socket = await openSocket(runtime, { ...auth, clientId: 'feed-tab' });
    await call('POST', '/feed/refresh');
    expect(await socket.next((m) => m.type === 'feed.updated' && m.unread === 4)).toEqual({ type: 'feed.updated', unread: 4 });

    const [first] = await itemsOf(call);
    const read = await call('PATCH', `/feed/items/${first!.id}`, { read: true });
    expect(read.json).toMatchObject({ id: first!.id, read: true, title: first!.title });
    await socket.next((m) => m.type === 'feed.updated' && m.unread === 3);
    expect((await itemsOf(call)).find((i) => i.id === first!.id)!.read).toBe(true);
    await call('PATCH', `/feed/items/${first!.id}`, { read: false });
    await socket.next((m) => m.type === 'feed.updated' && m.unread === 4);

    expect((await call('POST', '/feed/items/read-all')).json).toEqual({ updated: 4 });
    await socket.next((m) => m.type === 'feed.updated' && m.unread === 0);
    expect((await call('GET', '/feed/unread-count')).json).toEqual({ count: 0 });
    socket.close();
  });

  it.each([
    ['a read flag that is not a boolean', { read: 'yes' }],
    ['no read flag', {}],
    ['another field', { read: true, title: 'changed' }],
  ])('refuse %s with 400', async (_what, body) => {
    const { call } = await newUser();
    expect((await call('PATCH', '/feed/items/some-id', body)).status).toBe(400);
  });
});

describe('authorization', () => {
  it("another user never sees or changes one's settings and items", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await saveSources(alice.call, [{ url: `${fixtures.url}/feed.json`, title: 'Alice source' }], ['secret']);
    await alice.call('POST', '/feed/refresh');
    const [item] = await itemsOf(alice.call);

    expect((await bob.call('GET', '/feed/settings')).json).toEqual({ version: 0, sources: [], keywords: [] });
    expect(await itemsOf(bob.call)).toEqual([]);
    expect((await bob.call('GET', '/feed/unread-count')).json).toEqual({ count: 0 });
    const patch = await bob.call('PATCH', `/feed/items/${item!.id}`, { read: true });
    expect(patch.status).toBe(404);
    expect((await bob.call('POST', '/feed/items/read-all')).json).toEqual({ updated: 0 });
    expect((await bob.call('POST', '/feed/refresh')).json).toEqual({ added: 0, sources: [] });
    expect((await itemsOf(alice.call)).every((i) => !i.read)).toBe(true);
  });

  it.each([
    ['GET', '/feed/settings'],
    ['PUT', '/feed/settings'],
    ['GET', '/feed/items'],
    ['PATCH', '/feed/items/x'],
    ['POST', '/feed/items/read-all'],
    ['POST', '/feed/refresh'],
  ])('%s %s needs a signed-in user (401)', async (method, path) => {
    expect((await api(runtime)(method, path, method === 'GET' ? undefined : {})).status).toBe(401);
  });
});
