// Server state of the Documents page: the user's files, renames, deletes, uploads (presigned PUT with progress) and
// downloads under the display name.
import { documentsContract, documentUploadProblem, type DocumentFile, type DocumentList } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';
import { fetchStoredFile, putFile } from '../../platform/stored-files';

export const documentKeys = {
  all: ['documents'] as const,
  list: () => [...documentKeys.all, 'list'] as const,
  detail: (fileId: string) => [...documentKeys.all, 'detail', fileId] as const,
};

export function useDocuments() {
  const api = useApi();
  return useQuery({ queryKey: documentKeys.list(), queryFn: ({ signal }) => api.call(documentsContract.list, { signal }) });
}

export function useDocument(fileId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: documentKeys.detail(fileId),
    queryFn: ({ signal }) => api.call(documentsContract.get, { params: { fileId }, signal }),
    // Opened from the list: shown at once from it while the server is asked.
    placeholderData: queryClient.getQueryData<DocumentList>(documentKeys.list())?.files.find((file) => file.fileId === fileId),
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });
}

export function useRenameDocument() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, name }: { fileId: string; name: string }) => api.call(documentsContract.rename, { params: { fileId }, body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useDeleteDocument() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.call(documentsContract.remove, { params: { fileId } }),
    // A resource the file left changed too.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys.all }), queryClient.invalidateQueries({ queryKey: ['resources'] })]),
  });
}

/** Uploads one file as a document; the type and size rules are checked first, with the server's own words. */
export async function uploadDocument(api: ApiClient, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const problem = documentUploadProblem(file.name, file.size);
  if (problem) throw new Error(problem);
  const upload = await api.call(documentsContract.create, { body: { fileName: file.name, size: file.size, contentType: file.type } });
  await putFile(upload, file, onProgress);
  onProgress(1);
}

/** The file's bytes: a short-lived presigned GET, or the API's decrypting read when the file is sealed at rest. */
export async function fetchDocument(api: ApiClient, file: DocumentFile): Promise<Blob> {
  const link = () => api.call(documentsContract.downloadUrl, { params: { fileId: file.fileId } });
  return (await fetchStoredFile(api, file.filePath, { link })).blob();
}

/** Saves the file on the device under its display name. */
export async function downloadDocument(api: ApiClient, file: DocumentFile): Promise<void> {
  const objectUrl = URL.createObjectURL(await fetchDocument(api, file));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** The URL of a document's page. */
export const documentPath = (fileId: string) => `/documents/${encodeURIComponent(fileId)}`;
