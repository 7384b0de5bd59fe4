// Binds a ResourceSaver to the open resource: server copies (refetches, realtime pushes) flow in, saved copies flow
// to the query cache, and a pending save is flushed when the page is hidden or left, or the network comes back.
import type { Resource, ResourceFields } from '@chartside/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
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
        patch: (body) => patchResource(api, resource.id, body),
        fetchLatest: () => getResource(api, resource.id),
        onServerCopy: (copy, changed: Partial<ResourceFields>) => storeResource(queryClient, copy, { tagsChanged: 'tags' in changed }),
      }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState);

  useEffect(() => saver.remoteChanged(resource), [saver, resource]);

  useEffect(() => {
    const flush = () => void saver.flush();
    window.addEventListener('pagehide', flush);
    // Edits made offline (or a save that failed for want of a network) go out when the network is back.
    window.addEventListener('online', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', flush);
      // Leaving the page: the save still runs, its answer lands in the query cache.
      flush();
    };
  }, [saver]);

  return { ...state, saver };
}
