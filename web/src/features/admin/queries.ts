// Server state of the file cleaner: the dry run, a page of the files bucket at a time ('Load more' asks for the next),
// and the delete of the chosen objects.
import { fileCleanerContract } from '@chartside/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';

export const fileCleanerKeys = { scan: ['file-cleaner', 'scan'] as const };

export function useFileCleanerScan() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: fileCleanerKeys.scan,
    queryFn: ({ pageParam, signal }) => api.call(fileCleanerContract.scan, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A 403 is the answer for a non-administrator, not a hiccup to retry.
    retry: (count, error) => !('status' in error && error.status === 403) && count < 2,
  });
}

export function useCleanFiles() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: string[]) => api.call(fileCleanerContract.clean, { body: { keys } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileCleanerKeys.scan }),
  });
}
