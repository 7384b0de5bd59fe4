// Server state of the file cleaner: the dry run (a scan of the files bucket) and the delete of the chosen objects.
import { fileCleanerContract } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';

export const fileCleanerKeys = { scan: ['file-cleaner', 'scan'] as const };

export function useFileCleanerScan() {
  const api = useApi();
  return useQuery({
    queryKey: fileCleanerKeys.scan,
    queryFn: ({ signal }) => api.call(fileCleanerContract.scan, { signal }),
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
