// Calls the HTTP API: bearer token, the tab's client id, JSON in and out, failures as ApiError.
import { clientIdHeader } from '@chartside/shared';
import { ApiError, apiErrorFromResponse } from './api-error';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An endpoint of a contract in @chartside/shared (`meContract.get`, ...): method, path and response schema. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  response: { parse: (data: unknown) => unknown };
}

/** What an endpoint answers, typed from its response schema. */
export type ResponseOf<E extends Endpoint> = ReturnType<E['response']['parse']>;

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, options?: RequestOptions): Promise<ResponseOf<E>>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** Base URL of the API, absolute or same-origin (`/api`). */
  apiUrl: string;
  clientId: string;
  getAccessToken: () => Promise<string | undefined>;
}

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

export function createApiClient({ apiUrl, clientId, getAccessToken }: ApiClientOptions): ApiClient {
  const base = apiUrl.replace(/\/+$/, '');

  const send = async (method: HttpMethod, path: string, { body, signal }: RequestOptions): Promise<Response> => {
    const token = await getAccessToken();
    const headers = new Headers({ accept: 'application/json', [clientIdHeader]: clientId });
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (body !== undefined) headers.set('content-type', 'application/json');
    try {
      return await fetch(`${base}${path}`, {
        method: method.toUpperCase(),
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError('network_error', 'Chartside could not reach the server. Check your connection and try again.', 0);
    }
  };

  const request = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
    const response = await send(method, path, options);
    if (!response.ok) throw await apiErrorFromResponse(response);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiError('internal', 'The server sent an answer Chartside could not read.', response.status);
    }
  };

  return {
    request,
    call: (endpoint, options) => request(endpoint.method, endpoint.path, options),
  };
}
