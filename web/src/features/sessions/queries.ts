// Server state of the Sessions page: every login session of the user, and signing one out.
import { sessionsContract, type Session } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';

export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
};

export function useSessions() {
  const api = useApi();
  return useQuery({
    queryKey: sessionKeys.list(),
    queryFn: async ({ signal }): Promise<Session[]> => (await api.call(sessionsContract.list, { signal })).sessions,
    // Sessions change on other devices: look again whenever the page is seen again.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** Signs out another session (this browser's own goes through the logout path instead). */
export function useSignOutSession() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.call(sessionsContract.signOut, { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
