// The autosave of the open resource: the generic record autosave with the resource's saver, its API calls and its
// query cache. Unsaved edits are kept on this device under the signed-in user's id.
import type { Resource, ResourceFields } from '@chartside/shared';
import { useQueryClient } from '@tanstack/react-query';
import { draftKey } from '../../platform/autosave/draft-store';
import { useRecordAutosave } from '../../platform/autosave/use-record-autosave';
import { useApi } from '../../platform/platform-context';
import { useMe } from '../../platform/user-document';
import { getResource, patchResource, storeResource } from './queries';
import { createResourceSaver } from './resource-saver';

export function useResourceAutosave(resource: Resource) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useMe().data?.userId;
  return useRecordAutosave({
    record: resource,
    draftKey: userId === undefined ? undefined : draftKey(userId, 'resource', resource.id),
    createSaver: () =>
      createResourceSaver({
        initial: resource,
        patch: (body, settings) => patchResource(api, resource.id, body, settings),
        fetchLatest: (settings) => getResource(api, resource.id, settings),
        onServerCopy: (copy, changed: Partial<ResourceFields>) => storeResource(queryClient, copy, { tagsChanged: 'tags' in changed }),
      }),
  });
}
