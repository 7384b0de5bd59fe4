// Reads /config.json at start-up, so one build serves any deployment. A bad file is a clear error, not a blank page.
// Offline (the server cannot be reached, or answers 5xx) the last good config, kept in IndexedDB, is used instead:
// the service worker never caches /config.json.
import { runtimeConfigIssues, type RuntimeConfig, type RuntimeConfigIssue } from '@chartside/shared';
import { lastGoodConfig, type LastGoodConfigStore } from '../offline/runtime-config-store';

export const RUNTIME_CONFIG_URL = '/config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

const describeIssues = (issues: readonly RuntimeConfigIssue[]): string =>
  issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');

/** The server could not be reached or failed: a case for the last good config. */
class ConfigUnavailableError extends RuntimeConfigError {}

const fetchConfig = async (url: string): Promise<Response> => {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ConfigUnavailableError(`${url} could not be fetched (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) {
    const ErrorType = response.status >= 500 ? ConfigUnavailableError : RuntimeConfigError;
    throw new ErrorType(`${url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  return response;
};

const parseConfig = async (url: string, response: Response): Promise<RuntimeConfig> => {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${url} is not valid JSON.`);
  }
  const issues = runtimeConfigIssues(body);
  if (issues.length) throw new RuntimeConfigError(`${url} is not valid: ${describeIssues(issues)}.`);
  return body as RuntimeConfig;
};

export async function loadRuntimeConfig(url: string = RUNTIME_CONFIG_URL, store: LastGoodConfigStore = lastGoodConfig): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchConfig(url);
  } catch (error) {
    const saved = error instanceof ConfigUnavailableError ? await store.read() : undefined;
    if (saved) return saved;
    throw error;
  }
  const config = await parseConfig(url, response);
  void store.save(config); // never rejects; start-up does not wait for it
  return config;
}
