import { onlineManager, useIsRestoring, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppPersister } from '../platform/offline';
import { createIdbPersister } from '../platform/offline/idb-persister';
import type { Platform } from '../platform/platform-context';
import { createFakeAppUpdater } from '../platform/pwa/fake-app-updater';
import { storeSessionId } from '../test/fixtures';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';

// What a page would show: the signed-in user's email from a query, and a broken query that must not be persisted.
function Page({ fetchMe }: { fetchMe: () => Promise<{ email: string }> }) {
  const me = useQuery({ queryKey: ['me', 'document'], queryFn: fetchMe });
  useQuery({ queryKey: ['broken'], queryFn: async () => Promise.reject(new Error('500')), retry: false });
  return <p>{me.data ? `Signed in as ${me.data.email}` : 'Loading'}</p>;
}

const platform = {} as Platform; // the pages here use no platform service

describe('AppProviders: the persisted query cache', () => {
  const store = () => createStore('test-app-cache', 'keyval');
  const newPersister = () => createIdbPersister({ store, buster: 'test', throttleMs: 10 });

  const visit = (queryClient: QueryClient, persister: ReturnType<typeof newPersister> | undefined, fetchMe: () => Promise<{ email: string }>) =>
    render(
      <AppProviders platform={platform} queryClient={queryClient} persister={persister} updater={createFakeAppUpdater()}>
        <Page fetchMe={fetchMe} />
      </AppProviders>,
    );

  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('shows the data last seen after a reload while offline, and persists only successful queries', async () => {
    const first = newPersister();
    const firstClient = createQueryClient();
    const view = visit(firstClient, first, async () => ({ email: 'dr.grey@example.org' }));
    await screen.findByText('Signed in as dr.grey@example.org');
    await waitFor(() => expect(firstClient.getQueryState(['broken'])?.status).toBe('error'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await first.flush();
    view.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false); // the reload happens offline: nothing can be fetched
    const secondClient = createQueryClient();
    const fetchMe = vi.fn(() => new Promise<{ email: string }>(() => undefined));
    visit(secondClient, newPersister(), fetchMe);
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(secondClient.getQueryState(['broken'])?.status).toBe('pending');
    const persisted = await newPersister().restoreClient();
    expect(persisted?.clientState.queries.map((query) => query.queryKey)).toEqual([['me', 'document']]);
  });

  it('after the restore, sends the changes made offline, then refetches', async () => {
    // A save made offline pauses; the page is closed with it still pending.
    const first = newPersister();
    const firstClient = createQueryClient();
    firstClient.setMutationDefaults(['note', 'save'], { mutationFn: async () => undefined });
    onlineManager.setOnline(false);
    function Edit() {
      const save = useMutation<unknown, Error, { text: string }>({ mutationKey: ['note', 'save'] });
      const { mutate } = save;
      const restoring = useIsRestoring();
      useEffect(() => {
        if (!restoring) mutate({ text: 'K 3.1, recheck in am' });
      }, [mutate, restoring]);
      return <p>{save.isPaused ? 'Saved offline' : 'Saving'}</p>;
    }
    const view = render(
      <AppProviders platform={platform} queryClient={firstClient} persister={first} updater={createFakeAppUpdater()}>
        <Edit />
      </AppProviders>,
    );
    await screen.findByText('Saved offline');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await first.flush();
    view.unmount();

    // Reloaded while still offline: the app does not wait for the save (it cannot be sent) to show the page.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    function RestoreState() {
      return <p>{useIsRestoring() ? 'Restoring' : 'Restored'}</p>;
    }
    const offlineClient = createQueryClient();
    offlineClient.setMutationDefaults(['note', 'save'], { mutationFn: async () => undefined });
    const offlineView = render(
      <AppProviders platform={platform} queryClient={offlineClient} persister={newPersister()} updater={createFakeAppUpdater()}>
        <RestoreState />
      </AppProviders>,
    );
    await screen.findByText('Restored');
    expect(offlineClient.getMutationCache().getAll().map((mutation) => mutation.state.isPaused)).toEqual([true]);
    offlineView.unmount();
    offline.mockRestore();

    // Back online, the app starts again: the paused save goes out, then the queries are refetched.
    onlineManager.setOnline(true);
    const calls: string[] = [];
    const secondClient = createQueryClient();
    secondClient.setMutationDefaults(['note', 'save'], {
      mutationFn: async (variables: { text: string }) => void calls.push(`save ${variables.text}`),
    });
    visit(secondClient, newPersister(), async () => {
      calls.push('fetch me');
      return { email: 'dr.grey@example.org' };
    });
    await screen.findByText('Signed in as dr.grey@example.org');
    await waitFor(() => expect(calls).toContain('save K 3.1, recheck in am'));
    await waitFor(() => expect(calls.lastIndexOf('fetch me')).toBeGreaterThan(calls.indexOf('save K 3.1, recheck in am')));
  });

  it('deletes the persisted cache when Amplify reports a sign-out', async () => {
    // The cache is written only while this browser holds a login session.
    storeSessionId();
    const appPersister = getAppPersister()!; // the default persister, the one the app uses
    visit(createQueryClient(), undefined, async () => ({ email: 'dr.grey@example.org' }));
    await screen.findByText('Signed in as dr.grey@example.org');
    await waitFor(async () => {
      await appPersister.flush();
      expect(await appPersister.restoreClient()).toBeDefined();
    });
    Hub.dispatch('auth', { event: 'signedOut' }, 'Auth', Symbol.for('amplify_default'));
    await waitFor(async () => expect(await appPersister.restoreClient()).toBeUndefined());
  });
});
