// What the web app reads from /config.json at start-up, so one build serves any deployment, and its check. The check
// is written without zod: the web app runs it before its first screen, whose JavaScript would otherwise carry zod
// (~25 KB gzip, issue 19). RuntimeConfig in runtime-config.ts is the same check as a zod schema, for the server side.

export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only when Cognito is not AWS's own endpoint (the local runtime). */
  userPoolEndpoint?: string;
  /** Base URL of the HTTP API, e.g. https://app.example.org/api */
  apiUrl: string;
  /** WebSocket URL, e.g. wss://app.example.org/ws */
  wsUrl: string;
  /** Whether every user must have a second factor. */
  mfa: 'optional' | 'required';
}

export interface RuntimeConfigIssue {
  path: string[];
  message: string;
}

const REQUIRED_TEXT = ['region', 'userPoolId', 'userPoolClientId', 'apiUrl', 'wsUrl'] as const;
const MFA_MODES: readonly unknown[] = ['optional', 'required'] satisfies RuntimeConfig['mfa'][];
const FIELDS: readonly string[] = [...REQUIRED_TEXT, 'userPoolEndpoint', 'mfa'] satisfies (keyof RuntimeConfig)[];

/** What is wrong with a runtime config, field by field; none when it is a valid one (and nothing more). */
export const runtimeConfigIssues = (value: unknown): RuntimeConfigIssue[] => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ path: [], message: 'expected an object' }];
  const config = value as Record<string, unknown>;
  const issues: RuntimeConfigIssue[] = [];
  for (const field of REQUIRED_TEXT) {
    if (typeof config[field] !== 'string' || config[field] === '') issues.push({ path: [field], message: 'expected a non-empty string' });
  }
  const endpoint = config.userPoolEndpoint;
  if (endpoint !== undefined && (typeof endpoint !== 'string' || !URL.canParse(endpoint))) issues.push({ path: ['userPoolEndpoint'], message: 'expected a URL' });
  if (!MFA_MODES.includes(config.mfa)) issues.push({ path: ['mfa'], message: `expected one of ${MFA_MODES.map((mode) => `"${String(mode)}"`).join(', ')}` });
  for (const field of Object.keys(config)) if (!FIELDS.includes(field)) issues.push({ path: [field], message: 'unexpected field' });
  return issues;
};
