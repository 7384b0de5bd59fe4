import type { TestRuntime } from './runtime';

/** Calls the API as the web app does: JSON with a bearer token. */
export const api = (runtime: Pick<TestRuntime, 'url'>, token?: string) => async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${runtime.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
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
