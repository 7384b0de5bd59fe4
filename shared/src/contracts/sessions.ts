// Login sessions. Every other route needs the session id header of a live session (see sessionIdHeader).
import * as z from 'zod';
import { CreateSessionBody, Session } from '../sessions/session';

export const SessionList = z.object({ sessions: z.array(Session) });
export const SignOutResult = z.object({ signedOut: z.number().int() });

export const sessionsContract = {
  create: {
    method: 'post',
    path: '/sessions',
    summary: 'Start a login session for this browser after sign-in; other sessions lose the current flag and expired public ones are signed out',
    body: CreateSessionBody,
    response: Session,
  },
  current: {
    method: 'get',
    path: '/sessions/current',
    summary: "Check the browser's stored session id: 200 with the session while it is live, 401 session_ended otherwise",
    response: Session,
  },
  list: {
    method: 'get',
    path: '/sessions',
    summary: "Every session of the user, newest access first; the caller's own is marked current",
    response: SessionList,
  },
  signOut: {
    method: 'post',
    path: '/sessions/{sessionId}/sign-out',
    summary: 'Sign one session out; its browser is told over the WebSocket and signs out',
    response: SignOutResult,
  },
  signOutAll: {
    method: 'post',
    path: '/sessions/sign-out-all',
    summary: "Terminate all sessions: Cognito global sign-out and every session record signed out",
    response: SignOutResult,
  },
} as const;
