// A reindex (`npm run reindex`, a process of its own writing the same index file) running beside the runtime's stream
// poller, while resources are created, renamed and deleted: afterwards the search index must equal the table, with no
// resource lost (one created or renamed during the reindex), none resurrected (one deleted during it) and none stale.
// Random writes from a seed, printed (REINDEX_RACE_SEED=<seed> replays, =random explores). Size: 50 resources to
// start, two reindex runs, writes for as long as each runs (a few seconds each).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@chartside/shared/seeded-random';
import { api, type Api } from '../harness/api';
import { quietSdkEnv, repoRoot } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const SEED = process.env.REINDEX_RACE_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.REINDEX_RACE_SEED ?? 20_261_126);
const runtime = sharedRuntime();
const run = promisify(execFile);

const reindexCli = (userId: string) =>
  run(process.execPath, ['--import', 'tsx', 'infra/local/src/reindex-cli.ts', '--user-id', userId], {
    cwd: repoRoot,
    env: { ...process.env, ...quietSdkEnv, PORT: String(runtime.port), DATA_DIR: runtime.dataDir },
  });

const ok = async (as: Api, method: string, path: string, body?: unknown) => {
  const { status, json, text } = await as(method, path, body);
  if (status !== 200 && status !== 204) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};

/** id -> name of every resource in the table, and in the search index (all of them: fewer than a page of 100). */
const tableOf = async (as: Api) =>
  Object.fromEntries(((await ok(as, 'GET', '/resources')).resources as { id: string; name: string }[]).map((r) => [r.id, r.name]));
const indexOf = async (as: Api) =>
  Object.fromEntries(((await ok(as, 'POST', '/search', { perPage: 100 })).hits as { id: string; name: string }[]).map((h) => [h.id, h.name]));

describe('a reindex beside the stream poller', () => {
  it('loses, resurrects and leaves stale no resource written during it: the index ends equal to the table', async () => {
    console.info(`reindex race: seed ${SEED} (replay with REINDEX_RACE_SEED=${SEED})`);
    const random = seededRandom(SEED);
    const user = await createUser(runtime);
    const asUser = api(runtime, await signedIn(runtime, user));
    let made = 0;
    const create = async () => {
      made += 1;
      const resource = await ok(asUser, 'POST', '/resources', { name: `Protocol ${made}`, type: 'text', description: 'written beside a reindex' });
      return String(resource.id);
    };
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) ids.push(await create());
    await expect.poll(async () => Object.keys(await indexOf(asUser)).length, { timeout: 30_000 }).toBe(50);

    /** One random write: a create, a rename or a delete (kept under 100 resources, one page of search). */
    const write = async () => {
      const roll = random();
      if ((roll < 0.3 || ids.length < 10) && ids.length < 90) return void ids.push(await create());
      const index = Math.floor(random() * ids.length);
      const id = ids[index]!;
      if (roll < 0.7) {
        const { version } = await ok(asUser, 'GET', `/resources/${id}`);
        return void (await ok(asUser, 'PATCH', `/resources/${id}`, { version, name: `Renamed ${id.slice(0, 8)} ${Math.floor(random() * 1e6)}` }));
      }
      ids.splice(index, 1);
      await ok(asUser, 'DELETE', `/resources/${id}`);
    };

    let writes = 0;
    for (let round = 0; round < 2; round += 1) {
      let reindexing = true;
      const reindex = reindexCli(user.userId).finally(() => (reindexing = false));
      // Writes for as long as the reindex runs (its process start included), and a few right after.
      while (reindexing) {
        await write();
        writes += 1;
      }
      for (let i = 0; i < 5; i += 1) await write();
      writes += 5;
      expect((await reindex).stdout).toMatch(/^Reindexed \d+ resources of user /);
    }
    console.info(`reindex race: ${writes} writes during two reindex runs`);

    const table = await tableOf(asUser);
    expect(Object.keys(table).sort()).toEqual([...ids].sort());
    await expect.poll(() => indexOf(asUser), { timeout: 30_000 }).toEqual(table);
  });
});
