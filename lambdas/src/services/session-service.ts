// Login sessions (spec sections 3-5): started after sign-in, checked on every request, signed out one by one or all at once.
import { randomBytes } from 'node:crypto';
import { AppError, clampExpiryHours, notFound, sessionHasEnded, type CreateSessionBody, type Session } from '@chartside/shared';
import { LAST_ACCESS_INTERVAL_MS, type SessionRepository, type StoredSession } from '../data/session-repository';
import type { Clock } from '../ports/clock';
import type { GeoLocator } from '../ports/geo-locator';
import type { UserDirectory } from '../ports/user-directory';
import type { Broadcast } from '../ws/broadcast';
import { MAX_USER_AGENT, parseDevice } from './device';

export interface SessionDeps {
  sessions: SessionRepository;
  clock: Clock;
}

/** Ids are 192 random bits, base64url: unguessable, and safe in a header and a path. */
const newSessionId = () => randomBytes(24).toString('base64url');
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const sessionEnded = (message = 'This login session has ended: sign in again.') => new AppError('session_ended', message);

/** The response shape: isCurrentSession is true for the session of the browser that asked. */
export const toSession = (
  { current: _current, signedOutAt: _signedOutAt, signInId: _signInId, ...stored }: StoredSession,
  currentSessionId: string | undefined,
): Session => ({
  ...stored,
  isCurrentSession: stored.sessionId === currentSessionId,
});

/** A BCP 47 tag from the body, else the first of Accept-Language. */
const languageOf = (fromBody: string, acceptLanguage: string | undefined) => {
  if (fromBody) return fromBody;
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : '';
};

export interface NewSession {
  userId: string;
  body: CreateSessionBody;
  userAgent: string;
  ipAddress: string;
  acceptLanguage?: string;
  /** The session id the browser still holds, if any: an ended one means this browser was signed out. */
  presentedSessionId?: string;
  /** When the caller's access token was issued (seconds). */
  tokenIssuedAt?: number;
  /** The sign-in the caller's access token comes from (origin_jti). */
  signInId: string;
}

/**
 * Refuses a sign-in that a sign-out already ended: an ended session still held, a session of the same sign-in that has
 * ended (logout, remote sign-out, public expiry), or a token older than terminate-all.
 */
const refuseEndedSignIn = async (deps: SessionDeps, request: NewSession, sessions: StoredSession[], now: Date) => {
  if (request.presentedSessionId && SESSION_ID.test(request.presentedSessionId)) {
    const held = await deps.sessions.get(request.userId, request.presentedSessionId);
    if (held && sessionHasEnded(held, now)) throw sessionEnded('This browser was signed out: sign in again to start a new session.');
  }
  if (sessions.some((s) => s.signInId === request.signInId && sessionHasEnded(s, now))) {
    throw sessionEnded('The login session of this sign-in has ended: sign in again to start a new session.');
  }
  const revokedAt = await deps.sessions.revokedAt(request.userId);
  if (revokedAt && request.tokenIssuedAt !== undefined && request.tokenIssuedAt < Math.floor(revokedAt / 1000)) {
    throw sessionEnded('All sessions were terminated: sign in again.');
  }
};

/** Other sessions lose the current flag; expired public ones are signed out. */
const tidyOtherSessions = async (deps: SessionDeps, userId: string, others: StoredSession[], now: Date) => {
  await Promise.all(
    others.flatMap((s) => [
      ...(s.current ? [deps.sessions.clearCurrent(userId, s.sessionId)] : []),
      ...(s.signedIn && sessionHasEnded(s, now) ? [deps.sessions.signOut(userId, s.sessionId, now)] : []),
    ]),
  );
};

export const startSession = async (deps: SessionDeps & { geo: GeoLocator }, request: NewSession): Promise<Session> => {
  const now = deps.clock.now();
  const others = await deps.sessions.list(request.userId);
  await refuseEndedSignIn(deps, request, others, now);
  const { body } = request;
  const device = parseDevice(request.userAgent);
  const hours = body.type === 'public' && body.expirationHours !== undefined ? clampExpiryHours(body.expirationHours) : null;
  const created = now.toISOString();
  const stored: StoredSession = {
    sessionId: newSessionId(),
    createdAt: created,
    lastAccess: created,
    signedIn: true,
    type: body.type,
    description: body.description.trim() || `${device.browser} on ${device.os}`,
    expiresAt: hours === null ? null : new Date(now.getTime() + Math.round(hours * 3_600_000)).toISOString(),
    expirationHours: hours,
    userAgent: request.userAgent.slice(0, MAX_USER_AGENT),
    device,
    ipAddress: request.ipAddress,
    location: await deps.geo.locate(request.ipAddress),
    language: languageOf(body.language, request.acceptLanguage),
    current: true,
    signInId: request.signInId,
  };
  await deps.sessions.create(request.userId, stored);
  await tidyOtherSessions(deps, request.userId, others, now);
  return toSession(stored, stored.sessionId);
};

/**
 * The session named by the request, when it is a live session of this user started by the token's own sign-in;
 * otherwise session_ended. An expired public session is signed out on sight. Records the access, at most once a minute.
 */
export const requireLiveSession = async (deps: SessionDeps, userId: string, sessionId: string | undefined, signInId: string): Promise<StoredSession> => {
  if (!sessionId) throw sessionEnded('This request needs a login session: send the x-session-id header of a live session (POST /api/sessions starts one).');
  if (!SESSION_ID.test(sessionId)) throw sessionEnded();
  const now = deps.clock.now();
  const session = await deps.sessions.getLive(userId, sessionId, now);
  // A token of another sign-in (one whose own session ended, say) cannot borrow this session.
  if (!session || session.signInId !== signInId) throw sessionEnded();
  if (sessionHasEnded(session, now)) {
    if (session.signedIn) await deps.sessions.signOut(userId, sessionId, now);
    throw sessionEnded(session.signedIn ? 'This public session has expired: sign in again.' : undefined);
  }
  if (now.getTime() - Date.parse(session.lastAccess) >= LAST_ACCESS_INTERVAL_MS) {
    await deps.sessions.touch(userId, session, now);
    return { ...session, lastAccess: now.toISOString() };
  }
  return session;
};

/** Every session of the user, most recently used first; expired public ones are signed out on the way. */
export const listSessions = async (deps: SessionDeps, userId: string, currentSessionId: string | undefined): Promise<Session[]> => {
  const now = deps.clock.now();
  const stored = await deps.sessions.list(userId);
  const listed = await Promise.all(
    stored.map(async (s) => {
      if (!s.signedIn || !sessionHasEnded(s, now)) return s;
      await deps.sessions.signOut(userId, s.sessionId, now);
      return { ...s, signedIn: false, current: false };
    }),
  );
  return listed.sort((a, b) => b.lastAccess.localeCompare(a.lastAccess)).map((s) => toSession(s, currentSessionId));
};

/** Signs one session out and tells its browser (every connection of the user hears it; the holder acts on it). */
export const signOutSession = async (deps: SessionDeps & { broadcast: Broadcast }, userId: string, sessionId: string) => {
  const outcome = SESSION_ID.test(sessionId) ? await deps.sessions.signOut(userId, sessionId, deps.clock.now()) : 'missing';
  if (outcome === 'missing') throw notFound('Session');
  await deps.broadcast(userId, { type: 'session.ended', sessionId });
  return { signedOut: outcome === 'signed-out' ? 1 : 0 };
};

/** Terminate all: no token issued before now may start a session, every record is signed out, and Cognito revokes refresh tokens. */
export const signOutAllSessions = async (
  deps: SessionDeps & { broadcast: Broadcast; userDirectory: UserDirectory },
  userId: string,
  accessToken: string,
) => {
  const now = deps.clock.now();
  await deps.sessions.setRevokedAt(userId, now);
  const live = (await deps.sessions.list(userId)).filter((s) => s.signedIn);
  const outcomes = await Promise.all(live.map((s) => deps.sessions.signOut(userId, s.sessionId, now)));
  await Promise.all(live.map((s) => deps.broadcast(userId, { type: 'session.ended', sessionId: s.sessionId })));
  try {
    await deps.userDirectory.globalSignOut(accessToken);
  } catch (error) {
    // A token Cognito already revoked means a global sign-out already happened; anything else must not pass silently.
    if (!(error instanceof Error && error.name === 'NotAuthorizedException')) throw error;
  }
  return { signedOut: outcomes.filter((o) => o === 'signed-out').length };
};
