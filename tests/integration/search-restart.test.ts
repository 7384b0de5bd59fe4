// The local search index across restarts of its own runtime: it persists under the data folder, the stream poller
// resumes from its checkpoints, and an index that was deleted is rebuilt from the table at start.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { newDataDir, startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const dataDir = newDataDir();
let runtime: TestRuntime | undefined;
let user: TestUser;

const start = async () => {
  runtime = await startRuntime({ dataDir });
  return api(runtime, await signedIn(runtime, user));
};
const stop = async () => {
  await runtime?.stop();
  runtime = undefined;
};
const names = async (as: Api) => {
  const { status, json } = await as('POST', '/search', {});
  expect(status).toBe(200);
  return (json.hits as { name: string }[]).map((h) => h.name);
};
const create = async (as: Api, name: string) => expect((await as('POST', '/resources', { name, type: 'text' })).status).toBe(200);

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local search index', () => {
  it('persists across a restart, and follows the stream again after it', async () => {
    runtime = await startRuntime({ dataDir });
    user = await createUser(runtime);
    let asUser = api(runtime, await signedIn(runtime, user));
    await create(asUser, 'Hyperkalemia protocol');
    await expect.poll(() => names(asUser), { timeout: 30_000 }).toEqual(['Hyperkalemia protocol']);
    expect(existsSync(path.join(dataDir, 'search', 'stream-checkpoints.json'))).toBe(true);
    await stop();

    asUser = await start();
    expect(await names(asUser)).toEqual(['Hyperkalemia protocol']);
    await create(asUser, 'Hyponatremia workup');
    await expect.poll(() => names(asUser), { timeout: 30_000 }).toEqual(['Hyponatremia workup', 'Hyperkalemia protocol']);
    await stop();
  }, 300_000); // two runtime starts

  it('is rebuilt from the table when its file is gone', async () => {
    rmSync(path.join(dataDir, 'search'), { recursive: true, force: true });
    const asUser = await start();
    await expect.poll(() => names(asUser), { timeout: 30_000 }).toEqual(['Hyponatremia workup', 'Hyperkalemia protocol']);
    // and keeps following the stream after the rebuild
    await create(asUser, 'Hypercalcemia');
    await expect.poll(() => names(asUser), { timeout: 30_000 }).toEqual(['Hypercalcemia', 'Hyponatremia workup', 'Hyperkalemia protocol']);
  }, 180_000);
});
