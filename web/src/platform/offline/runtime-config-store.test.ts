import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/fixtures';
import { createLastGoodConfigStore } from './runtime-config-store';

describe('last good runtime config', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });

  it('keeps the config for the next start', async () => {
    const store = () => createStore('test-config', 'keyval');
    await createLastGoodConfigStore(store).save(testConfig);
    expect(await createLastGoodConfigStore(store).read()).toEqual(testConfig);
  });

  it('reads nothing when nothing was kept, or when what was kept is no longer a valid config', async () => {
    const store = () => createStore('test-config', 'keyval');
    expect(await createLastGoodConfigStore(store).read()).toBeUndefined();
    await createLastGoodConfigStore(store).save({ ...testConfig, apiUrl: 42 } as never);
    expect(await createLastGoodConfigStore(store).read()).toBeUndefined();
  });

  it('does without IndexedDB', async () => {
    const none = createLastGoodConfigStore(() => undefined);
    await expect(none.save(testConfig)).resolves.toBeUndefined();
    expect(await none.read()).toBeUndefined();
  });
});
