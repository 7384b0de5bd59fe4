import { sessionIdHeader } from '@chartside/shared';
import type { TestRuntime } from './runtime';

/** A signed-in browser: its access token and the login session it started. */
export interface Auth {
  token: string;
  sessionId: string;
}

/**
 * Calls the API as the web app does: JSON with a bearer token and, given an Auth, the session id header every route but
 * the session entry routes needs. A bare token string sends no session header.
 */
export const api = (runtime: Pick<TestRuntime, 'url'>, auth?: string | Auth) => async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const token = typeof auth === 'string' ? auth : auth?.token;
  const response = await fetch(`${runtime.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(typeof auth === 'object' ? { [sessionIdHeader]: auth.sessionId } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json: json as Record<string, unknown> & { error?: { code: string; message: string } }, text };
};

export type Api = ReturnType<typeof api>;

/** Starts a login session with a token, as the web app does after sign-in (private unless told otherwise). */
export const startSession = async (runtime: Pick<TestRuntime, 'url'>, token: string, body: Record<string, unknown> = { type: 'private' }): Promise<Auth> => {
  const { status, json, text } = await api(runtime, token)('POST', '/sessions', body);
  if (status !== 200 || typeof json?.sessionId !== 'string') throw new Error(`Could not start a session: ${status} ${text}`);
  return { token, sessionId: json.sessionId };
};
