// The session step of sign-in (spec section 4). A stored session id is checked with the server: a live one goes on,
// an ended one signs the browser out (a sign-in restored on page load), or, right after the user typed their
// password, is simply replaced. Without one, the 'Login Session Options' dialog starts a new session. A public
// session's browser signs out when its time is up.
import { sessionsContract, type Session } from '@chartside/shared';
import { Box } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { startTransition, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../platform/api/api-error';
import { usePlatform } from '../../platform/platform-context';
import { PageLoader } from '../PageLoader';
import { LoginSessionOptionsDialog } from './LoginSessionOptionsDialog';
import { useSessionExpiry } from './use-session-expiry';

/** Navigation state the login page passes on: the user has just signed in with their password. */
export interface FreshSignInState {
  freshSignIn: true;
}

const isFreshSignIn = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<FreshSignInState>).freshSignIn === true;

type Gate =
  | { phase: 'choosing' }
  | { phase: 'checking'; sessionId: string }
  /** `session` is null when the server could not be asked (offline): the stored id is trusted until the API refuses it. */
  | { phase: 'ready'; session: Session | null };

export function SessionGate({ children }: { children: ReactNode }) {
  const { api, session } = usePlatform();
  const navigate = useNavigate();
  const location = useLocation();
  const freshSignIn = isFreshSignIn(location.state);
  const [gate, setGate] = useState<Gate>(() => {
    const sessionId = session.id();
    return sessionId ? { phase: 'checking', sessionId } : { phase: 'choosing' };
  });
  const checking = gate.phase === 'checking' ? gate.sessionId : undefined;

  const leave = async (message?: string) => {
    await session.signOutLocally();
    if (message) notifications.show({ title: 'Signed out', message });
    await navigate('/login', { replace: true });
  };

  // The stored id has ended: replaced right after a password sign-in, otherwise the browser is signed out.
  const onEnded = useEffectEvent(() => {
    if (freshSignIn) {
      session.release(); // an old session of this browser, already over: the user chooses a new one
      setGate({ phase: 'choosing' });
      return;
    }
    void leave('Your login session on this browser has ended. Sign in again.');
  });

  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    // GET /sessions/current: a page load asked for it as the app started (the signed-in route's early GETs), and this
    // takes that answer; right after a password sign-in the tokens are new, so it asks anew.
    api
      .call(sessionsContract.current, { signal: controller.signal, handleSessionEnded: false })
      .then((current) => {
        // The shell and the page render as a transition: in slices that leave the main thread free, not one long task.
        if (!controller.signal.aborted) startTransition(() => setGate({ phase: 'ready', session: current }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) onEnded();
        else setGate({ phase: 'ready', session: null });
      });
    return () => controller.abort();
  }, [api, checking]);

  useSessionExpiry(gate.phase === 'ready' ? (gate.session?.expiresAt ?? null) : null, () => void session.end());

  if (gate.phase === 'choosing') {
    return (
      <Box component="main" mih="100dvh">
        <LoginSessionOptionsDialog
          onCreated={(created) => {
            session.store(created.sessionId);
            setGate({ phase: 'ready', session: created });
          }}
          onCancel={() => void leave()}
        />
      </Box>
    );
  }
  if (gate.phase === 'checking') return <PageLoader />;
  return children;
}
