import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../adapters/aws/logger';
import type { HttpEnv } from './deps';
import { busyServiceError, renderError, validationError } from './errors';

describe('validationError', () => {
  const schema = z.strictObject({ a: z.boolean(), b: z.string(), c: z.number(), d: z.number(), e: z.number() });

  it('names each failing field with its path, and keeps the full list in issues', () => {
    const error = validationError(schema.safeParse({ a: 'x', b: 1, c: 0, d: 0, e: 0 }).error!, 'request body');
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid request body: a: Invalid input: expected boolean, received string; b: Invalid input: expected string, received number');
    expect(error.issues).toHaveLength(2);
  });

  it('summarises long lists of problems', () => {
    const error = validationError(schema.safeParse({ extra: 1 }).error!, 'request body');
    expect(error.message).toMatch(/\(and \d+ more\)$/);
    expect(error.issues!.length).toBeGreaterThan(3);
  });

  it('labels problems with the whole body as (root)', () => {
    expect(validationError(schema.safeParse('text').error!, 'request body').message).toMatch(/^Invalid request body: \(root\): /);
  });
});

describe('busyServiceError', () => {
  const awsError = (name: string, fault: 'client' | 'server') => Object.assign(new Error(`${name} from AWS`), { name, $fault: fault });

  it('answers throttling and server faults with 503, so clients retry', () => {
    for (const error of [awsError('ProvisionedThroughputExceededException', 'client'), awsError('ThrottlingException', 'client'), awsError('InternalServerError', 'server')]) {
      expect(busyServiceError(error)).toMatchObject({ code: 'unavailable', status: 503 });
    }
  });

  it("answers a service that did not answer in time, or could not be reached, with 503 (the SDK's timeout, a refused connection)", () => {
    const timedOut = Object.assign(new Error('a request has exceeded the configured 5000 ms requestTimeout.'), { name: 'TimeoutError', code: 'ETIMEDOUT' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    for (const error of [timedOut, refused]) expect(busyServiceError(error)).toMatchObject({ code: 'unavailable', status: 503 });
  });

  it('leaves other failures alone (they are bugs: 500, logged)', () => {
    expect(busyServiceError(awsError('ValidationException', 'client'))).toBeUndefined();
    expect(busyServiceError(new TypeError('x is undefined'))).toBeUndefined();
  });
});

describe('renderError', () => {
  it('answers a failure nobody expected (a bug) with a bare 500, never its details', async () => {
    const app = new Hono<HttpEnv>()
      .use(async (c, next) => {
        c.set('logger', createLogger('SILENT'));
        await next();
      })
      .get('/', () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secret')");
      })
      .onError(renderError);
    const response = await app.request('/');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  });
});
