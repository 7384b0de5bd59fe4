// One place that turns any failure into the API's error shape.
import { AppError, badRequest, MAX_REQUEST_BYTES, type ErrorIssue } from '@chartside/shared';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { HttpEnv } from './deps';

const MAX_ISSUES_IN_MESSAGE = 3;

export const validationError = (error: z.ZodError, where: string): AppError => {
  const issues: ErrorIssue[] = error.issues.map((issue) => ({ path: issue.path.join('.') || '(root)', message: issue.message }));
  const summary = issues
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  const more = issues.length > MAX_ISSUES_IN_MESSAGE ? ` (and ${issues.length - MAX_ISSUES_IN_MESSAGE} more)` : '';
  return new AppError('validation_failed', `Invalid ${where}: ${summary}${more}`, issues);
};

const fromHttpException = (error: HTTPException): AppError => {
  if (error.status === 413) return new AppError('payload_too_large', 'The request body is too large.');
  if (error.status === 415) return new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
  if (error.status === 401) return new AppError('unauthorized', error.message || 'Sign in to continue.');
  // Hono's JSON validator reports a body that does not parse as a 400.
  return badRequest(error.message || 'The request could not be read.');
};

/** What AWS answers when a table or service is overloaded or a transaction is still settling. */
const BUSY_SERVICE_ERRORS = new Set(['ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'TransactionInProgressException']);

/** What the SDK throws when a service did not answer in time (its request timeout) or could not be reached. */
const UNREACHABLE_SERVICE_CODES = new Set(['ETIMEDOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * A storage service that is overloaded, failing on its side, slow or unreachable, still so after the SDK's own retries:
 * a 503 the client tries again (its autosave does), not a 500 that reads as a bug.
 */
export const busyServiceError = (error: Error): AppError | undefined => {
  const serverFault = '$fault' in error && error.$fault === 'server';
  const unreachable = error.name === 'TimeoutError' || ('code' in error && UNREACHABLE_SERVICE_CODES.has(String(error.code)));
  if (!serverFault && !unreachable && !BUSY_SERVICE_ERRORS.has(error.name)) return undefined;
  return new AppError('unavailable', 'The service is busy right now. Try again in a moment.');
};

/** Past this much of an unread body the connection is given up rather than read on (a client streaming without end). */
const MAX_DROPPED_BODY_BYTES = 2 * MAX_REQUEST_BYTES;

/**
 * Reads and drops what is left of a body nobody read (a request refused before its body mattered: no token, no
 * session, too large), so the answer leaves a keep-alive connection usable for the browser's next request. False when
 * it gave up (past MAX_DROPPED_BODY_BYTES): the rest of the body is still coming, so the connection cannot carry another
 * request.
 */
const dropUnreadBody = async (request: Request): Promise<boolean> => {
  if (!request.body || request.bodyUsed) return true;
  const reader = request.body.getReader();
  try {
    for (let dropped = 0; dropped <= MAX_DROPPED_BODY_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return true;
      dropped += value.byteLength;
    }
  } catch {
    // The client went away: nothing left to keep.
  }
  return false;
};

export const renderError = async (error: Error, c: Context<HttpEnv>) => {
  // Given up on the body: say the connection closes after this answer, or the client sends its next request into a
  // connection the server is about to close, and that request fails with no answer.
  if (!(await dropUnreadBody(c.req.raw))) c.header('connection', 'close');
  const appError = error instanceof AppError ? error : error instanceof HTTPException ? fromHttpException(error) : undefined;
  if (appError) return c.json(appError.toBody(), appError.status as ContentfulStatusCode);
  const busy = busyServiceError(error);
  if (busy) {
    c.get('logger').warn('storage busy', { error: error.name, message: error.message });
    return c.json(busy.toBody(), busy.status as ContentfulStatusCode);
  }
  const logger = c.get('logger');
  logger.error('unhandled error', { error: error.name, message: error.message, stack: error.stack });
  return c.json(new AppError('internal', 'Something went wrong on our side.').toBody(), 500);
};
