// Server state of admission notes: the list, one note, create (blank or from a panel patient), delete, and the panel
// patients a note can start from. Saving a note's fields is the autosave's job (admission-saver.ts).
import { admissionsContract, patientsContract, type Admission, type AdmissionPatch, type CreateAdmissionBody } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, RequestOptions } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';

export const admissionKeys = {
  all: ['admissions'] as const,
  list: () => [...admissionKeys.all, 'list'] as const,
  detail: (id: string) => [...admissionKeys.all, 'detail', id] as const,
  /** The panel as the 'From a patient' picker reads it (summaries only). */
  patients: () => [...admissionKeys.all, 'patients'] as const,
};

export function useAdmissionList() {
  const api = useApi();
  return useQuery({ queryKey: admissionKeys.list(), queryFn: ({ signal }) => api.call(admissionsContract.list, { signal }) });
}

export function useAdmission(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: admissionKeys.detail(id),
    queryFn: ({ signal }) => api.call(admissionsContract.get, { params: { admissionId: id }, signal }),
    // A missing or foreign id is an answer, not a hiccup: no retries before sending the user to the list.
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });
}

export function usePanelPatients(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: admissionKeys.patients(), queryFn: ({ signal }) => api.call(patientsContract.list, { signal }), enabled });
}

/** A server copy of a note: the detail cache takes it (unless it holds a newer one) and the list refetches. */
export const storeAdmission = (queryClient: QueryClient, admission: Admission) => {
  const cached = queryClient.getQueryData<Admission>(admissionKeys.detail(admission.id));
  if (!cached || cached.version <= admission.version) queryClient.setQueryData(admissionKeys.detail(admission.id), admission);
  void queryClient.invalidateQueries({ queryKey: admissionKeys.list() });
};

export function useCreateAdmission() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdmissionBody) => api.call(admissionsContract.create, { body }),
    onSuccess: (admission) => storeAdmission(queryClient, admission),
  });
}

export function useDeleteAdmission() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(admissionsContract.remove, { params: { admissionId: id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: admissionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: admissionKeys.list() });
    },
  });
}

/** Request options of the autosave's calls: a timeout signal, and keepalive for the save sent as the page goes. */
type SaveRequestOptions = Pick<RequestOptions, 'signal' | 'keepalive'>;

export const patchAdmission = (api: ApiClient, id: string, body: AdmissionPatch, options: SaveRequestOptions = {}) =>
  api.call(admissionsContract.patch, { params: { admissionId: id }, body, ...options });

export const getAdmission = (api: ApiClient, id: string, options: SaveRequestOptions = {}) =>
  api.call(admissionsContract.get, { params: { admissionId: id }, ...options });
