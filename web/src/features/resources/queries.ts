// Server state of the resource library: the list, one resource, create, delete, article auto-fill and file storage.
// Saving a resource's fields is the autosave's job (resource-saver.ts); it writes its answers into this cache.
import {
  articlesContract,
  filesContract,
  resourcesContract,
  type CreateResourceBody,
  type Resource,
  type ResourcePatch,
} from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, RequestOptions } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';
import { meKeys } from '../../platform/user-document';

export const resourceKeys = {
  all: ['resources'] as const,
  list: () => [...resourceKeys.all, 'list'] as const,
  detail: (id: string) => [...resourceKeys.all, 'detail', id] as const,
};

export function useResourceList() {
  const api = useApi();
  return useQuery({ queryKey: resourceKeys.list(), queryFn: ({ signal }) => api.call(resourcesContract.list, { signal }) });
}

export function useResource(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: resourceKeys.detail(id),
    queryFn: ({ signal }) => api.call(resourcesContract.get, { params: { resourceId: id }, signal }),
    // A missing or foreign id is an answer, not a hiccup: no retries before sending the user to the list.
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });
}

/** A server copy of a resource: the detail cache takes it and the list refetches; new tags join the user's tag list. */
export const storeResource = (queryClient: QueryClient, resource: Resource, { tagsChanged = true }: { tagsChanged?: boolean } = {}) => {
  const cached = queryClient.getQueryData<Resource>(resourceKeys.detail(resource.id));
  if (!cached || cached.version <= resource.version) queryClient.setQueryData(resourceKeys.detail(resource.id), resource);
  void queryClient.invalidateQueries({ queryKey: resourceKeys.list() });
  if (tagsChanged) void queryClient.invalidateQueries({ queryKey: meKeys.all });
};

export function useCreateResource() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateResourceBody) => api.call(resourcesContract.create, { body }),
    onSuccess: (resource) => storeResource(queryClient, resource),
  });
}

export function useDeleteResource() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(resourcesContract.remove, { params: { resourceId: id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: resourceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list() });
    },
  });
}

/** Fetches an article's open-access PDF into the resource's files (server side: publishers refuse the browser). */
export function useOpenAccessPdf(resourceId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(resourcesContract.openAccessPdf, { params: { resourceId } }),
    onSuccess: ({ resource }) => storeResource(queryClient, resource, { tagsChanged: false }),
  });
}

export function useArticleLookup() {
  const api = useApi();
  return useMutation({ mutationFn: (articleUrl: string) => api.call(articlesContract.lookup, { body: { articleUrl } }) });
}

/** Request options of the autosave's calls: a timeout signal, and keepalive for the save sent as the page goes. */
type SaveRequestOptions = Pick<RequestOptions, 'signal' | 'keepalive'>;

export const patchResource = (api: ApiClient, id: string, body: ResourcePatch, options: SaveRequestOptions = {}) =>
  api.call(resourcesContract.patch, { params: { resourceId: id }, body, ...options });

export const getResource = (api: ApiClient, id: string, options: SaveRequestOptions = {}) =>
  api.call(resourcesContract.get, { params: { resourceId: id }, ...options });

export const createUpload = (api: ApiClient, file: File) =>
  api.call(filesContract.createUpload, { body: { fileName: file.name, size: file.size, contentType: file.type || undefined } });

export const downloadUrl = (api: ApiClient, filePath: string) => api.call(filesContract.downloadUrl, { body: { filePath } });

export const deleteOrphanFile = (api: ApiClient, filePath: string) => api.call(filesContract.remove, { body: { filePath } });
