// Logout (spec section 2, top bar): mark this browser's session signed out on the server, forget the stored id,
// clear the persisted data, sign out of Amplify, go to Login. Terminate-all is the same, for every session.
import { sessionsContract } from '@chartside/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { usePlatform } from '../platform-context';

export type SignOutScope = 'this-session' | 'all-sessions';

export function useSignOut(): (scope?: SignOutScope) => Promise<void> {
  const navigate = useNavigate();
  const { api, session } = usePlatform();

  return useCallback(
    async (scope: SignOutScope = 'this-session') => {
      // The id is let go of first, so the server's "session ended" push for it is not mistaken for a remote sign-out.
      const sessionId = session.release();
      const options = { sessionId, handleSessionEnded: false } as const;
      if (scope === 'all-sessions') {
        try {
          await api.call(sessionsContract.signOutAll, options);
        } catch (error) {
          if (sessionId) session.store(sessionId); // nothing was terminated: this browser stays signed in
          throw error;
        }
      } else if (sessionId) {
        // Logout always works on this browser, even when the server cannot be told (offline): the record then
        // stays until it is signed out from the Sessions page.
        await api.call(sessionsContract.signOut, { ...options, params: { sessionId } }).catch((error: unknown) => {
          console.warn('The session could not be marked signed out on the server', error);
        });
      }
      await session.signOutLocally();
      // The login page empties the query cache once this page is gone (see LoginPage).
      await navigate('/login', { replace: true });
    },
    [api, session, navigate],
  );
}
