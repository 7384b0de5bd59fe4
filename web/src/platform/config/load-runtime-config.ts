// Reads /config.json at start-up, so one build serves any deployment. A bad file is a clear error, not a blank page.
import { RuntimeConfig } from '@chartside/shared';

export const RUNTIME_CONFIG_URL = '/config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

const describeIssues = (issues: readonly Issue[]): string =>
  issues.map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message)).join('; ');

const fetchConfig = async (url: string): Promise<Response> => {
  try {
    return await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new RuntimeConfigError(`${url} could not be fetched (${error instanceof Error ? error.message : String(error)}).`);
  }
};

export async function loadRuntimeConfig(url: string = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  const response = await fetchConfig(url);
  if (!response.ok) {
    throw new RuntimeConfigError(`${url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${url} is not valid JSON.`);
  }
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) {
    throw new RuntimeConfigError(`${url} is not valid: ${describeIssues(parsed.error.issues)}.`);
  }
  return parsed.data;
}
