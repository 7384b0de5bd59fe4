// Calls the HTTP API: bearer token, the tab's client id, the browser's login-session id, JSON in and out,
// failures as ApiError. A 401 `session_ended` (this browser's session was signed out or expired) is handed to
// `onSessionEnded`, which signs the browser out, wherever the request came from. Whether the server answered at all
// feeds the app's connectivity signal: a request that fails at the network level or has no answer in time means the
// server cannot be reached. A page load asks for its first data early (`getEarly`), before the code that reads it has
// loaded; the first GET for it takes that answer.
import { clientIdHeader, sessionIdHeader } from '@chartside/shared';
import type { input, output, ZodType } from 'zod';
import { connectivity as appConnectivity, type Connectivity } from '../connectivity/connectivity';
import { ApiError, apiErrorFromResponse, errorName } from './api-error';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An endpoint of a contract in @chartside/shared (`meContract.get`, ...): method, path, body and response schemas. */
export interface Endpoint {
  method: HttpMethod;
  /** The path below the API's base URL, with `{name}` for each path parameter. */
  path: string;
  body?: ZodType;
  /** The query string's parameters, when the endpoint takes any. */
  query?: ZodType;
  response: ZodType;
  /** A request other than GET that changes nothing (a search with a body): see RequestOptions.readOnly. */
  readOnly?: boolean;
}

/** What an endpoint answers, typed from its response schema. */
export type ResponseOf<E extends Endpoint> = output<E['response']>;

/** What an endpoint accepts as its body (before the server applies defaults), typed from its body schema. */
export type BodyOf<E extends Endpoint> = E extends { body: ZodType } ? input<E['body']> : never;

/** The names of a path's `{name}` parameters: '/sessions/{sessionId}/sign-out' -> 'sessionId'. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

export interface RequestOptions {
  body?: unknown;
  /** Cancels the request (its rejection is the signal's reason); a TimeoutError reason counts as no answer. */
  signal?: AbortSignal;
  /** How long the server may take to answer (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Lets the request outlive the page (fetch's `keepalive`: a save sent as the page is hidden or closed). */
  keepalive?: boolean;
  /** Sends this session id instead of the stored one (signing out a session this browser has already let go of). */
  sessionId?: string;
  /**
   * Whether a 401 `session_ended` signs this browser out (the default). Checks of the session itself, and the
   * sign-out calls, turn it off and handle the answer themselves.
   */
  handleSessionEnded?: boolean;
  /** The request changes nothing though it is not a GET (a search with a body): it leaves the early answers be. */
  readOnly?: boolean;
}

type BodyOption<E extends Endpoint> = [BodyOf<E>] extends [never] ? { body?: never } : { body: BodyOf<E> };
type ParamsOption<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamNames<E['path']>, string> };

type QueryOption<E extends Endpoint> = E extends { query: ZodType } ? { query?: input<E['query']> } : { query?: never };

export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'body'> & BodyOption<E> & ParamsOption<E> & QueryOption<E>;

/** The options argument may be left out only when the endpoint needs neither a body nor path parameters. */
type CallArgs<E extends Endpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** A route that answers bytes, not JSON (a sealed file's content): the successful response, its body unread. */
  requestBytes(method: HttpMethod, path: string, options?: RequestOptions): Promise<Response>;
  /**
   * Sends a GET now, for a request still to come (start-up asks for a page's first data while its chunks load). The
   * next GET of the path, with the same token and login session, takes the answer instead of asking again, within
   * EARLY_ANSWER_MS; one whose caller stops waiting before the answer comes leaves it to the next. A request that may
   * change data (any but a GET, unless readOnly) drops the answers not yet taken: they may be older than its change.
   */
  getEarly(path: string): void;
}

export interface ApiClientOptions {
  /** Base URL of the API, absolute or same-origin (`/api`). */
  apiUrl: string;
  clientId: string;
  getAccessToken: () => Promise<string | undefined>;
  /** The browser's login-session id, sent on every request when there is one. */
  getSessionId?: () => string | undefined;
  /** Called when the server says this browser's session has ended (401 `session_ended`). */
  onSessionEnded?: () => void;
  /** Told whether the server answered (default: the app's one signal). */
  connectivity?: Pick<Connectivity, 'reportReachable' | 'reportUnreachable'>;
}

/** A request with no answer after this long has failed, and the server is taken to be unreachable. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How long an answer asked for early waits for the request that takes it; after that, that request asks anew. */
export const EARLY_ANSWER_MS = 30_000;

/** A query string of the parameters that have a value: { cursor: 'a b', limit: 3 } -> '?cursor=a+b&limit=3'. */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Puts path parameters into a path: ('/sessions/{sessionId}/sign-out', { sessionId: 'a b' }) -> '/sessions/a%20b/sign-out'. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`The path ${path} needs the parameter ${name}.`);
    return encodeURIComponent(value);
  });
}

export function createApiClient({ apiUrl, clientId, getAccessToken, getSessionId, onSessionEnded, connectivity = appConnectivity }: ApiClientOptions): ApiClient {
  const base = apiUrl.replace(/\/+$/, '');
  /** Answers asked for early, by token, login session and path (earlyKey). */
  const earlyAnswers = new Map<string, Promise<Response>>();
  const earlyKey = (token: string | undefined, session: string | undefined, path: string) => JSON.stringify([token, session, path]);

  /** The early answer for this key, taken; put back when the caller stops waiting before it comes. */
  const takeEarly = (key: string, signal: AbortSignal | undefined): Promise<Response> | undefined => {
    const answer = earlyAnswers.get(key);
    if (!answer) return undefined;
    earlyAnswers.delete(key);
    if (!signal) return answer;
    return new Promise((resolve, reject) => {
      let settled = false;
      const stopped = () => {
        if (!settled) earlyAnswers.set(key, answer);
        reject(signal.reason);
      };
      const settle = () => {
        settled = true;
        signal.removeEventListener('abort', stopped);
      };
      if (signal.aborted) return stopped();
      signal.addEventListener('abort', stopped, { once: true });
      answer.then(
        (response) => {
          settle();
          resolve(response);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  };

  const send = async (method: HttpMethod, path: string, options: RequestOptions): Promise<Response> => {
    const token = await getAccessToken();
    const session = options.sessionId ?? getSessionId?.();
    if (method !== 'get' && !options.readOnly) earlyAnswers.clear();
    const early = method === 'get' ? takeEarly(earlyKey(token, session, path), options.signal) : undefined;
    return early ?? fetchAnswer(method, path, token, session, options);
  };

  const fetchAnswer = async (
    method: HttpMethod,
    path: string,
    token: string | undefined,
    session: string | undefined,
    { body, signal, timeoutMs = REQUEST_TIMEOUT_MS, keepalive }: RequestOptions,
  ): Promise<Response> => {
    const headers = new Headers({ accept: 'application/json', [clientIdHeader]: clientId });
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (session) headers.set(sessionIdHeader, session);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: method.toUpperCase(),
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        ...(keepalive ? { keepalive } : {}),
      });
    } catch (error) {
      // Cancelled by the caller: says nothing about the server.
      if (errorName(error) === 'AbortError') throw error;
      connectivity.reportUnreachable();
      if (errorName(error) === 'TimeoutError') throw new ApiError('network_error', 'The server did not answer in time. Check your connection and try again.', 0);
      throw new ApiError('network_error', 'Chartside could not reach the server. Check your connection and try again.', 0);
    }
    connectivity.reportReachable();
    return response;
  };

  /** The answer when it is a success; else its ApiError (an ended session signs the browser out first). */
  const succeeded = async (method: HttpMethod, path: string, options: RequestOptions): Promise<Response> => {
    const response = await send(method, path, options);
    if (!response.ok) {
      const error = await apiErrorFromResponse(response);
      if (error.code === 'session_ended' && options.handleSessionEnded !== false) onSessionEnded?.();
      throw error;
    }
    return response;
  };

  const request = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
    const response = await succeeded(method, path, options);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiError('internal', 'The server sent an answer Chartside could not read.', response.status);
    }
  };

  const askEarly = async (path: string) => {
    const token = await getAccessToken();
    const session = getSessionId?.();
    const key = earlyKey(token, session, path);
    if (earlyAnswers.has(key)) return;
    const answer = fetchAnswer('get', path, token, session, {});
    answer.catch(() => undefined); // the request that takes it reads the failure
    earlyAnswers.set(key, answer);
    setTimeout(() => {
      if (earlyAnswers.get(key) === answer) earlyAnswers.delete(key);
    }, EARLY_ANSWER_MS);
  };

  return {
    request,
    requestBytes: (method, path, options = {}) => succeeded(method, path, options),
    getEarly: (path) => {
      askEarly(path).catch((error: unknown) => console.warn(`GET ${path} could not be asked for early`, error));
    },
    call: <E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>) => {
      const { params, query, ...rest } = (options ?? {}) as RequestOptions & { params?: Record<string, string>; query?: Record<string, unknown> };
      return request<ResponseOf<E>>(endpoint.method, `${fillPath(endpoint.path, params)}${queryString(query)}`, { readOnly: endpoint.readOnly, ...rest });
    },
  };
}
