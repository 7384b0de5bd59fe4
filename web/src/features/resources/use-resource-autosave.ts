// Binds a ResourceSaver to the open resource: server copies (refetches, realtime pushes) flow in, saved copies flow
// to the query cache, and a pending save is flushed when the page is hidden or the network comes back. Leaving with
// unsaved work is guarded: in-app navigation waits for the save (and asks when it fails or conflicts), closing the tab
// asks through the browser's own prompt.
import type { Resource, ResourceFields } from '@chartside/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { useApi } from '../../platform/platform-context';
import { getResource, patchResource, storeResource } from './queries';
import { ResourceSaver } from './resource-saver';

export function useResourceAutosave(resource: Resource) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [saver] = useState(
    () =>
      new ResourceSaver({
        initial: resource,
        patch: (body, settings) => patchResource(api, resource.id, body, settings),
        fetchLatest: (settings) => getResource(api, resource.id, settings),
        onServerCopy: (copy, changed: Partial<ResourceFields>) => storeResource(queryClient, copy, { tagsChanged: 'tags' in changed }),
      }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  const unsavedWork = saver.hasUnsavedWork();

  useEffect(() => saver.remoteChanged(resource), [saver, resource]);

  useEffect(() => {
    // The page may be going away: keepalive lets the save outlive it.
    const flushAsPageGoes = () => void saver.flush({ keepalive: true });
    // Edits made offline (or a save that failed for want of a network) go out when the network is back.
    const flushOnline = () => void saver.flush();
    window.addEventListener('pagehide', flushAsPageGoes);
    window.addEventListener('online', flushOnline);
    return () => {
      window.removeEventListener('pagehide', flushAsPageGoes);
      window.removeEventListener('online', flushOnline);
      // Only reached with nothing unsaved, or after 'Leave anyway': one last try, its answer lands in the query cache.
      void saver.flush();
    };
  }, [saver]);

  useEffect(() => {
    if (!unsavedWork) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsavedWork]);

  // Leaving for another page waits for the save; the user is asked only when it fails or conflicts.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && saver.hasUnsavedWork());
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    if (!unsavedWork) blocker.proceed?.();
    else if (state.status === 'pending') void saver.flush();
  }, [blocked, blocker, unsavedWork, state.status, saver]);
  const leaving =
    blocked && unsavedWork && (state.status === 'error' || state.status === 'conflict')
      ? { stay: () => blocker.reset?.(), leaveAnyway: () => blocker.proceed?.() }
      : undefined;

  return { ...state, saver, leaving };
}
