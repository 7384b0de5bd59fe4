// The signed-in user's document (GET /api/me): settings and lists every feature reads. One key factory for all.
import { meContract, type UserDocument } from '@chartside/shared';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useApi } from './platform-context';

export const meKeys = {
  all: ['me'] as const,
  document: () => [...meKeys.all, 'document'] as const,
};

export function useMe(): UseQueryResult<UserDocument> {
  const api = useApi();
  return useQuery({
    queryKey: meKeys.document(),
    queryFn: ({ signal }) => api.call(meContract.get, { signal }),
  });
}
