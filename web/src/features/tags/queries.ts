// Server state of the tag manager: the user's tags with their counts, renamed, merged or deleted everywhere.
import { tagsContract, type TagSummary } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';
import { meKeys } from '../../platform/user-document';

export type TagKind = keyof TagSummary;

export const tagKeys = {
  all: ['tags'] as const,
  summary: () => [...tagKeys.all, 'summary'] as const,
};

export function useTagSummary() {
  const api = useApi();
  return useQuery({ queryKey: tagKeys.summary(), queryFn: ({ signal }) => api.call(tagsContract.list, { signal }) });
}

export interface RenameTag {
  kind: TagKind;
  from: string;
  to: string;
}

export interface DeleteTag {
  kind: TagKind;
  tag: string;
}

/** The answer carries the new summary; the user document's tag lists changed too. */
function useTagChange<V>(call: (variables: V) => Promise<{ itemsChanged: number; summary: TagSummary }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async ({ summary }) => {
      queryClient.setQueryData(tagKeys.summary(), summary);
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export function useRenameTag() {
  const api = useApi();
  return useTagChange((body: RenameTag) => api.call(tagsContract.rename, { body }));
}

export function useDeleteTag() {
  const api = useApi();
  return useTagChange((body: DeleteTag) => api.call(tagsContract.remove, { body }));
}
