// One error type for every failure the API reports. Clients switch on `code`, never on the message.

export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  session_ended: 401,
  forbidden: 403,
  not_found: 404,
  version_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** An outside service (a text model) answered with something that could not be read. */
  bad_gateway: 502,
  unavailable: 503,
  /** The deployment has no provider for the model a feature asked for (extraction's Enhanced or local model). */
  model_not_configured: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorIssue {
  path: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: ErrorIssue[] };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) } };
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) => new AppError('bad_request', message, issues);
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', message);
export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
export const versionConflict = (what: string) =>
  new AppError('version_conflict', `${what} changed on another device or tab. Reload to see the latest version.`);
