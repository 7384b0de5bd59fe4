// The server's view of this browser's login session (GET /sessions/current), which the session gate waits for before
// it shows anything. A page load asks for it as the app starts (the signed-in route's early GETs, start.tsx), not once
// the router, the signed-in layout's chunk and the gate have mounted: the gate's check takes that answer. Right after a
// password sign-in the tokens are new, so the check asks anew (an early answer is only for the tokens it was asked with).
import { sessionsContract, type Session } from '@chartside/shared';
import type { ApiClient } from '../../platform/api/api-client';

export const currentSession = (api: ApiClient, signal: AbortSignal): Promise<Session> =>
  api.call(sessionsContract.current, { signal, handleSessionEnded: false });
