// The autosave of the open admission note: the generic record autosave with the note's saver, its API calls and its
// query cache. Unsaved edits are kept on this device (IndexedDB) under the signed-in user's id, so an offline edit
// survives a reload and is saved once the server can be reached.
import type { Admission } from '@chartside/shared';
import { useQueryClient } from '@tanstack/react-query';
import { draftKey } from '../../platform/autosave/draft-store';
import { useRecordAutosave } from '../../platform/autosave/use-record-autosave';
import { useApi } from '../../platform/platform-context';
import { useMe } from '../../platform/user-document';
import { createAdmissionSaver } from './admission-saver';
import { getAdmission, patchAdmission, storeAdmission } from './queries';

export function useAdmissionAutosave(admission: Admission) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useMe().data?.userId;
  return useRecordAutosave({
    record: admission,
    draftKey: userId === undefined ? undefined : draftKey(userId, 'admission', admission.id),
    createSaver: () =>
      createAdmissionSaver({
        initial: admission,
        patch: (body, settings) => patchAdmission(api, admission.id, body, settings),
        fetchLatest: (settings) => getAdmission(api, admission.id, settings),
        onServerCopy: (copy) => storeAdmission(queryClient, copy),
      }),
  });
}
