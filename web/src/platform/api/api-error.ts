// A failed API call as a typed value: the server's stable code, the HTTP status and the readable message.
import { errorStatus, type ErrorBody, type ErrorCode, type ErrorIssue } from '@chartside/shared';

/** The server's codes, plus `network_error` when no answer arrived at all. */
export type ApiErrorCode = ErrorCode | 'network_error';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An error's name, read by name: a DOMException (a timeout, an abort) may come from another realm than this one's. */
export const errorName = (error: unknown): string | undefined => (isRecord(error) && typeof error.name === 'string' ? error.name : undefined);

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorStatus, code);

const isErrorBody = (body: unknown): body is ErrorBody =>
  isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string' && typeof body.error.message === 'string';

/** The code for a status when the body names none this client knows (a proxy's 502 page, a newer server). */
export const codeForStatus = (status: number): ErrorCode => {
  const known = (Object.keys(errorStatus) as ErrorCode[]).find((code) => errorStatus[code] === status);
  return known ?? (status >= 500 ? 'unavailable' : 'bad_request');
};

export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) {
    const { code, message, issues } = body.error;
    return new ApiError(isErrorCode(code) ? code : codeForStatus(response.status), message, response.status, issues);
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError(codeForStatus(response.status), `The server answered ${response.status}${statusText}.`, response.status);
}
