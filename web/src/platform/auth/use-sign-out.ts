// Logout (spec section 2, top bar) and terminate-all (Sessions page): the user's own sign-out. An open record screen
// is closed first (its leave guard and unmount save or keep its last edits); edits that never reached the server
// (offline, or a save that keeps failing) are deleted by signing out, so the user is asked first; then the session is
// marked signed out on the server, the stored id and the patient data kept in this browser (the kept edits too) go,
// Amplify signs out, and Login shows. A session that ends without the user asking deletes them unasked (see
// clearPersistedData).
import { sessionsContract } from '@chartside/shared';
import { createContext, use, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { countStoredDrafts } from '../autosave/draft-store';
import { usePlatform } from '../platform-context';
import { useMe } from '../user-document';

export type SignOutScope = 'this-session' | 'all-sessions';
export interface SignOutOptions {
  /** The page holds no record (Sessions): sign out from it, and stay on it when the user stays signed in. */
  stayOnPage?: boolean;
}
export type SignOut = (scope?: SignOutScope, options?: SignOutOptions) => Promise<void>;

/** How long a record screen that was just closed gets to write its last draft before the kept drafts are counted. */
export const CLOSED_SCREEN_GRACE_MS = 300;

/** The question asked when signing out would delete edits kept on this device. */
export interface UnsavedDraftsQuestion {
  /** How many records have edits that have not reached the server. */
  count: number;
  answer: (signOutAnyway: boolean) => void;
}

export interface SignOutFlow {
  signOut: SignOut;
  /** Set while the user is being asked about the unsaved edits (render UnsavedDraftsDialog with it). */
  question: UnsavedDraftsQuestion | undefined;
}

const ATTEMPT_STATE_KEY = 'signOutAttempt';
let lastAttempt = 0;

const isAttempt = (state: unknown, attempt: number): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[ATTEMPT_STATE_KEY] === attempt;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The sign-out of the signed-in chrome (Shell): it outlives the page it starts on, and asks through its dialog. */
export function useSignOutFlow(): SignOutFlow {
  const navigate = useNavigate();
  const location = useLocation();
  const { api, session } = usePlatform();
  const userId = useMe().data?.userId;
  const [question, setQuestion] = useState<UnsavedDraftsQuestion>();
  const arrival = useRef<{ attempt: number; arrived: () => void }>(undefined);

  // The navigation away from the open screen landed (at once, after its save, or after 'Leave anyway').
  useEffect(() => {
    const waiting = arrival.current;
    if (waiting && isAttempt(location.state, waiting.attempt)) {
      arrival.current = undefined;
      waiting.arrived();
    }
  }, [location]);

  const signOut = useCallback<SignOut>(
    async (scope = 'this-session', { stayOnPage = false } = {}) => {
      if (!stayOnPage) {
        // Leave the page first: an open record's leave guard waits for its save (or asks), and its unmount writes the
        // last draft. Kept drafts are cleared only after that, so none is written back once they are gone. When the
        // user chooses to stay on the record, the navigation never lands and this sign-out goes no further.
        const attempt = (lastAttempt += 1);
        const arrived = new Promise<void>((resolve) => (arrival.current = { attempt, arrived: resolve }));
        void navigate('/', { state: { [ATTEMPT_STATE_KEY]: attempt } });
        await arrived;
        await pause(CLOSED_SCREEN_GRACE_MS);
      }

      const kept =
        userId === undefined
          ? 0
          : await countStoredDrafts(userId).catch((error: unknown) => {
              console.error('The edits kept on this device could not be counted', error);
              return 0;
            });
      if (kept > 0) {
        const signOutAnyway = await new Promise<boolean>((resolve) =>
          setQuestion({
            count: kept,
            answer: (yes) => {
              setQuestion(undefined);
              resolve(yes);
            },
          }),
        );
        if (!signOutAnyway) return;
      }

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
      // The user chose to sign out: the edits kept on this device go with the session (clearPersistedData).
      await session.signOutLocally();
      // The login page empties the query cache once this page is gone (see LoginPage).
      await navigate('/login', { replace: true });
    },
    [api, session, navigate, userId],
  );

  return { signOut, question };
}

/** The signed-in chrome's sign-out, for the pages inside it. */
export const SignOutContext = createContext<SignOut | null>(null);

export function useSignOut(): SignOut {
  const signOut = use(SignOutContext);
  if (!signOut) throw new Error('useSignOut() needs the SignOutContext of the Shell above it.');
  return signOut;
}
