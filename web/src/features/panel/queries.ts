// Server state of the panel: the patient list, adding a patient, delete-all, export and import (batched), and the
// panel's saved view (selected tags and sort, kept in the user document and saved with PATCH /api/me and its version).
import {
  meContract,
  patientsContract,
  type CreatePatientBody,
  type PanelExport,
  type Patient,
  type UserDocument,
  type UserDocumentPatch,
} from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/api-error';
import type { ApiClient, ResponseOf } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';
import { meKeys } from '../../platform/user-document';

export const patientKeys = {
  all: ['patients'] as const,
  list: () => [...patientKeys.all, 'list'] as const,
  detail: (id: string) => [...patientKeys.all, 'detail', id] as const,
};

/** Patients per import request: whole patients can be large and the API caps a request at 5 MB. */
export const IMPORT_BATCH_SIZE = 20;

export function usePatientList() {
  const api = useApi();
  return useQuery({
    queryKey: patientKeys.list(),
    queryFn: ({ signal }) => api.call(patientsContract.list, { signal }),
  });
}

export function useCreatePatient() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePatientBody) => api.call(patientsContract.create, { body }),
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.detail(patient.id), patient);
      return queryClient.invalidateQueries({ queryKey: patientKeys.list() });
    },
  });
}

export function useDeleteAllPatients() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(patientsContract.removeAll),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

export function useExportPanel() {
  const api = useApi();
  return useMutation({ mutationFn: (): Promise<PanelExport> => api.call(patientsContract.exportAll) });
}

/** How many patients an import created and updated. */
export type ImportResult = ResponseOf<typeof patientsContract.importPatients>;

export interface ImportProgress {
  done: number;
  total: number;
}

/** Imports the chosen patients in batches, reporting progress after each; the totals of every batch added up. */
export function useImportPatients(onProgress: (progress: ImportProgress) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patients: readonly Patient[]): Promise<ImportResult> => {
      const total: ImportResult = { created: 0, updated: 0 };
      for (let start = 0; start < patients.length; start += IMPORT_BATCH_SIZE) {
        const batch = patients.slice(start, start + IMPORT_BATCH_SIZE);
        const result = await api.call(patientsContract.importPatients, { body: { patients: batch } });
        total.created += result.created;
        total.updated += result.updated;
        onProgress({ done: start + batch.length, total: patients.length });
      }
      return total;
    },
    // Batches already sent are saved even when a later one fails: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

export type PanelViewChange = Pick<UserDocumentPatch, 'panelTagsSelected' | 'panelSortSelection'>;

const documentOf = (queryClient: QueryClient): UserDocument | undefined => queryClient.getQueryData<UserDocument>(meKeys.document());

const saveViewChange = async (api: ApiClient, queryClient: QueryClient, change: PanelViewChange): Promise<UserDocument> => {
  const patch = (version: number) => api.call(meContract.patch, { body: { version, ...change } });
  const current = documentOf(queryClient) ?? (await api.call(meContract.get));
  try {
    return await patch(current.version);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'version_conflict')) throw error;
    // Changed on another device meanwhile: apply just this change to the latest document.
    const latest = await api.call(meContract.get);
    queryClient.setQueryData(meKeys.document(), { ...latest, ...change });
    return patch(latest.version);
  }
};

/** Saves the panel's selected tags or sort to the user document; the screen shows the change at once. */
const panelViewMutationKey = [...meKeys.all, 'panel-view'] as const;

/** Changes still on their way, so the answer to an earlier one does not undo a later one on screen. */
const pendingViewChanges = (queryClient: QueryClient): PanelViewChange[] =>
  queryClient
    .getMutationCache()
    .findAll({ mutationKey: panelViewMutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as PanelViewChange);

export function useSavePanelView() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: panelViewMutationKey,
    // One user-document save at a time (Settings and Home lists use the same scope).
    scope: { id: 'user-document' },
    mutationFn: (change: PanelViewChange) => saveViewChange(api, queryClient, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: meKeys.document() });
      queryClient.setQueryData<UserDocument>(meKeys.document(), (doc) => doc && { ...doc, ...change });
    },
    // Not saved: show what the server holds again.
    onError: () => queryClient.invalidateQueries({ queryKey: meKeys.document() }),
    onSuccess: (saved, change) => {
      const later = pendingViewChanges(queryClient).filter((pending) => pending !== change);
      queryClient.setQueryData(meKeys.document(), later.reduce<UserDocument>((doc, pending) => ({ ...doc, ...pending }), saved));
    },
  });
}
