// This browser's login session (spec sections 3 and 4): its id, kept in localStorage and sent on every API
// request, and the ways it ends. Ending a session always does the same things: the stored id goes, the patient data
// kept in this browser goes (clearPersistedData: the query cache, files, unsaved edits), and Amplify forgets the
// user's tokens.

export const SESSION_ID_KEY = 'chartside.sessionId';

export interface BrowserSessionDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Amplify's sign-out (local: its tokens are removed from this browser). */
  signOut: () => Promise<void>;
  /** Removes the patient data kept in this browser (the persisted query cache, files, unsaved edits). */
  clearPersistedData: () => Promise<void>;
  /** Empties the in-memory query cache, so nothing of the user's is written back to the persisted one. */
  clearQueryCache: () => void;
  /** Reloads the page; after a sign-out that lands on Login. */
  reload: () => void;
}

export interface BrowserSession {
  /** The stored session id, if this browser has one. */
  id(): string | undefined;
  store(sessionId: string): void;
  /**
   * Forgets the stored id and returns it: the caller then signs that session out on the server. From then on, until
   * a session id is stored again, `end()` does nothing: answers to requests made meanwhile are not a remote sign-out.
   */
  release(): string | undefined;
  /** Signs this browser out: the stored id, the patient data kept in this browser and Amplify's tokens. */
  signOutLocally(): Promise<void>;
  /**
   * The session ended without this tab asking (signed out remotely, expired, or refused by the API): sign out
   * and reload. Runs once, however many times it is called. Unsaved edits kept on this device go with it, unasked:
   * patient data must not outlive the sign-in (see clearPersistedData).
   */
  end(): Promise<void>;
}

/** Whether this browser holds a login session: from choosing one until any sign-out starts (it forgets the id first). */
export const hasStoredSession = (storage: Pick<Storage, 'getItem'> = window.localStorage): boolean => readId(storage) !== undefined;

function readId(storage: Pick<Storage, 'getItem'>): string | undefined {
  try {
    return storage.getItem(SESSION_ID_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked by the browser's privacy settings: no session id
  }
}

export function createBrowserSession({ storage, signOut, clearPersistedData, clearQueryCache, reload }: BrowserSessionDeps): BrowserSession {
  let ending: Promise<void> | undefined;
  let leaving = false;

  const forget = () => {
    try {
      storage.removeItem(SESSION_ID_KEY);
    } catch {
      // nothing stored
    }
  };

  const signOutLocally = async () => {
    forget();
    // Each step runs even when another fails: a browser must never stay half signed in.
    const results = await Promise.allSettled([clearPersistedData(), signOut()]);
    for (const result of results) if (result.status === 'rejected') console.error('Sign-out step failed', result.reason);
  };

  return {
    id: () => readId(storage),
    store: (sessionId) => {
      leaving = false;
      storage.setItem(SESSION_ID_KEY, sessionId);
    },
    release: () => {
      leaving = true;
      const id = readId(storage);
      forget();
      return id;
    },
    signOutLocally,
    end: () => {
      if (leaving) return Promise.resolve();
      ending ??= (async () => {
        forget();
        // Emptied before the persisted copy is removed: the reload's pagehide flush must find nothing to write back.
        clearQueryCache();
        await signOutLocally();
        reload();
      })();
      return ending;
    },
  };
}
