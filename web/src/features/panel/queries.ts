// Server state of the panel: the patient list, adding a patient, delete-all, export and import (batched), and the
// panel's saved view (selected tags and sort, kept in the user document and saved with PATCH /api/me and its version).
import { patientsContract, type CreatePatientBody, type PanelExport, type Patient, type UserDocumentPatch } from '@chartside/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ResponseOf } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';
import { meKeys, useUserDocumentChange } from '../../platform/user-document';

export const patientKeys = {
  all: ['patients'] as const,
  list: () => [...patientKeys.all, 'list'] as const,
  detail: (id: string) => [...patientKeys.all, 'detail', id] as const,
};

/** Patients per import request: whole patients can be large and the API caps a request at 5 MB. */
/** One patient, whole: the patient screen reads it, and the panel fetches it as a card is pressed. */
export const patientQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: ({ signal }) => api.call(patientsContract.get, { params: { patientId: id }, signal }),
    // A missing or foreign id is an answer, not a hiccup: no retries before sending the user to the panel.
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });

export const IMPORT_BATCH_SIZE = 20;

/** Every patient of the user as the panel's cards show them (no note sections). */
export const patientListQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: patientKeys.list(),
    queryFn: ({ signal }) => api.call(patientsContract.list, { signal }),
  });

export function usePatientList() {
  return useQuery(patientListQuery(useApi()));
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

const panelViewMutationKey = [...meKeys.all, 'panel-view'] as const;

/** Saves the panel's selected tags or sort to the user document; the screen shows the change at once. */
export function useSavePanelView() {
  return useUserDocumentChange(panelViewMutationKey, (_document, change: PanelViewChange) => change);
}
