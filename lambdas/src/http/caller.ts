// Who makes a write, as the services need it: the user id from the verified token (never from the request body), the
// user's document (read or created only when a rule needs it) and the tab that sent it (which is not told of its own write).
import { clientIdHeader } from '@chartside/shared';
import type { Context } from 'hono';
import type { PatientCaller } from '../services/patient-service';
import type { Caller } from '../services/user-tags';
import type { HttpDeps, HttpEnv } from './deps';

export const callerOf = (deps: Pick<HttpDeps, 'userDirectory' | 'users'>, c: Context<HttpEnv>): Caller => {
  const accessToken = c.get('accessToken');
  const userId = c.get('userId');
  return {
    userId,
    userDocument: () => deps.users.getOrCreate(userId, () => deps.userDirectory.emailOf(accessToken)),
    clientId: c.req.header(clientIdHeader),
  };
};

/** The caller with the login session the request named, which a patient write records. */
export const patientCallerOf = (deps: Pick<HttpDeps, 'userDirectory' | 'users'>, c: Context<HttpEnv>): PatientCaller => ({
  ...callerOf(deps, c),
  sessionId: c.get('sessionId'),
});
