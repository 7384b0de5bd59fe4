// Server state of the home feature: the signed-in user's document (GET /api/me).
import { meContract, type UserDocument } from '@chartside/shared';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';

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
