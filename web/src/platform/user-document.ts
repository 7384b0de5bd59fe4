// The signed-in user's document (GET /api/me): settings and lists every feature reads. One key factory for all.
import { meContract, type UserDocument } from '@chartside/shared';
import { useMutationState, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from './platform-context';
import { isPendingUserDocumentChange, pendingChangeOf, withPendingChanges } from './user-document-change';

export const meKeys = {
  all: ['me'] as const,
  document: () => [...meKeys.all, 'document'] as const,
};

/** The user document as the user sees it: the server's copy with the changes still being saved on top. */
export function useMe(): UseQueryResult<UserDocument> {
  const api = useApi();
  const query = useQuery({
    queryKey: meKeys.document(),
    queryFn: ({ signal }) => api.call(meContract.get, { signal }),
  });
  const pending = useMutationState({ filters: { predicate: isPendingUserDocumentChange }, select: pendingChangeOf });
  const shown = useMemo(() => query.data && withPendingChanges(query.data, pending), [query.data, pending]);
  return pending.length === 0 ? query : ({ ...query, data: shown } as UseQueryResult<UserDocument>);
}
