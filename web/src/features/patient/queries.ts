// Server state of one patient: reading it, deleting it, and the autosave's calls (the saver writes its answers here).
import { patientsContract, type Patient, type PatientPatch } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, RequestOptions } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';
import { meKeys } from '../../platform/user-document';
import { patientKeys, patientQuery } from '../panel/queries';

export function usePatient(id: string) {
  return useQuery(patientQuery(useApi(), id));
}

/** `onDeleted` runs before the patient leaves the cache (the open screen drops its unsaved edits first). */
export function useDeletePatient({ onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(patientsContract.remove, { params: { patientId: id } }),
    onSuccess: (_deleted, id) => {
      onDeleted?.();
      queryClient.removeQueries({ queryKey: patientKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: patientKeys.list() });
    },
  });
}

/** Request options of the autosave's calls: a timeout signal, and keepalive for the save sent as the page goes. */
type SaveRequestOptions = Pick<RequestOptions, 'signal' | 'keepalive'>;

/** Answers what the server set (the new version), not the patient: the saver applies the patch to its own copy. */
export const patchPatient = (api: ApiClient, id: string, body: PatientPatch, options: SaveRequestOptions = {}) =>
  api.call(patientsContract.patch, { params: { patientId: id }, body, ...options });

export const getPatient = (api: ApiClient, id: string, options: SaveRequestOptions = {}) =>
  api.call(patientsContract.get, { params: { patientId: id }, ...options });

/**
 * A server copy of a patient: the detail cache takes it (never an older one) and the panel refetches. A change of its
 * tags refetches the user document, whose tag list the tag suggestions come from (the server adds new tags to it).
 */
export const storePatient = (queryClient: QueryClient, patient: Patient, { tagsChanged = false }: { tagsChanged?: boolean } = {}) => {
  const cached = queryClient.getQueryData<Patient>(patientKeys.detail(patient.id));
  if (!cached || cached.version <= patient.version) queryClient.setQueryData(patientKeys.detail(patient.id), patient);
  void queryClient.invalidateQueries({ queryKey: patientKeys.list() });
  if (tagsChanged) void queryClient.invalidateQueries({ queryKey: meKeys.all });
};

/**
 * Another device wrote a patient (or deleted it: version null). The panel refetches; the open patient's copy (up to
 * 1 MB) only when the write is newer than it, so a write to another patient, or this device's own save, refetches nothing.
 */
export const patientChangedElsewhere = (queryClient: QueryClient, { patientId, version }: { patientId: string; version: number | null }) => {
  void queryClient.invalidateQueries({ queryKey: patientKeys.list() });
  const cached = queryClient.getQueryData<Patient>(patientKeys.detail(patientId));
  if (cached && (version === null || cached.version < version)) void queryClient.invalidateQueries({ queryKey: patientKeys.detail(patientId), exact: true });
};
