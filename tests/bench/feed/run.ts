// The feed refresh benchmark: `npm run bench:feed [-- --sources 50 --items 100]`. Prints figures; asserts nothing.
// A runtime of its own and the feed fixture server: one user follows `sources` feeds of `items` items each (all served
// from this machine); the manual update is timed when every item is new, again when every source answers 304 (its
// ETag), and once more when each source has one new item. The goal for 50 x 100 is under 10 s.
import { parseArgs } from 'node:util';
import { api } from '../../harness/api';
import { startFeedFixtures, type FixtureItem } from '../../harness/feed-fixtures';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';

const { values } = parseArgs({ options: { sources: { type: 'string', default: '50' }, items: { type: 'string', default: '100' } } });
const sources = Number(values.sources);
const items = Number(values.items);

const fixtures = await startFeedFixtures();
const runtime = await startRuntime({ env: { ARTICLE_ALLOW_PRIVATE_HOSTS: 'true' } });
try {
  const itemsOf = (source: number, count: number): FixtureItem[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `s${source}-i${i}`,
      title: `Source ${source} article ${i}: a randomized trial of something clinical`,
      summary: `<p>Background, methods and <strong>results</strong> of article ${i}.</p>`,
      published: new Date(Date.UTC(2026, 10, 1) + (source * items + i) * 60_000).toISOString(),
    }));
  for (let s = 0; s < sources; s += 1) fixtures.setItems(`bench-${s}`, itemsOf(s, items));

  const asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
  const body = { version: 0, keywords: ['trial'], sources: Array.from({ length: sources }, (_, s) => ({ url: `${fixtures.url}/live/bench-${s}`, title: `Bench ${s}` })) };
  const saved = await asUser('PUT', '/feed/settings', body);
  if (saved.status !== 200) throw new Error(`saving the sources failed: ${saved.text}`);

  const timed = async (label: string) => {
    const started = performance.now();
    const answer = await asUser('POST', '/feed/refresh');
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`${label}: ${answer.text}`);
    const failed = (answer.json.sources as { error?: string }[]).filter((s) => s.error).length;
    console.log(`${label}: ${(ms / 1000).toFixed(2)} s, ${String(answer.json.added)} items added, ${failed} sources failed`);
    return ms;
  };

  console.log(`Feed refresh of ${sources} sources x ${items} items (goal for 50 x 100: under 10 s)`);
  const first = await timed('first update (every item new)');
  await timed('second update (unchanged feeds)');
  for (let s = 0; s < sources; s += 1) fixtures.setItems(`bench-${s}`, itemsOf(s, items + 1).slice(1));
  await timed('third update (one new item per source)');
  const count = await asUser('GET', '/feed/unread-count');
  console.log(`unread after: ${String(count.json.count)}; first update ${first < 10_000 ? 'within' : 'OVER'} the 10 s goal`);
} finally {
  await runtime.stop();
  await fixtures.close();
}
